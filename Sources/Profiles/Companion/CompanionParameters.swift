import ConformCore

/// What the companion presentation needs to know about an ad's trafficking parameters
/// (its `AdParameters`, IMA's `traffickingParameters`): which in-house format they describe, whether the
/// SDK accepts them, and which images it must load.
///
/// ``read(_:)`` is the reader the profile uses; the Trafficking module's full analysis can be mapped to
/// this value instead (format, accepted, problems and the image URLs are all it takes).
public struct CompanionParameters: Sendable, Codable, Hashable {
    /// The in-house creative the parameters describe.
    public enum Format: String, Sendable, Codable, Hashable {
        case customCTA, carousel
        /// Takeover parameters: not a presentation format; the app owns them.
        case takeover
    }

    /// `nil` when the parameters describe no in-house creative (for example VPAID parameters).
    public var format: Format?
    /// The SDK accepts the creative (no malformed segment, no duplicate key, required keys valid).
    public var accepted: Bool
    /// Why the creative is rejected, in words (empty when accepted).
    public var problems: [String]
    /// Key → value as written (first occurrence of each key).
    public var fields: [String: String]
    /// Images the creative cannot display without (custom CTA: the icon; carousel: banner and brand icon).
    public var requiredImages: [String]
    /// Carousel: the usable `carousel_images` URLs (at least one must load).
    public var carouselImages: [String]

    public init(format: Format?, accepted: Bool, problems: [String] = [], fields: [String: String] = [:],
                requiredImages: [String] = [], carouselImages: [String] = []) {
        self.format = format
        self.accepted = accepted
        self.problems = problems
        self.fields = fields
        self.requiredImages = requiredImages
        self.carouselImages = carouselImages
    }

    static func isHTTP(_ url: String) -> Bool {
        let lower = url.lowercased()
        return (lower.hasPrefix("http://") && lower.count > 7) || (lower.hasPrefix("https://") && lower.count > 8)
    }

    /// Reads a parameter string as the companion reference describes: split at commas, each segment at
    /// its first `=`; a malformed segment or a duplicate key rejects the creative; then the format's
    /// required parameters. Returns `nil` for an empty string.
    public static func read(_ string: String) -> CompanionParameters? {
        let text = string.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        var fields: [String: String] = [:]
        var problems: [String] = []
        for (index, segment) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            guard let eq = segment.firstIndex(of: "=") else {
                problems.append("segment \(index + 1) \"\(segment)\" has no '='")
                continue
            }
            let key = segment[..<eq].trimmingWhitespace()
            let value = segment[segment.index(after: eq)...].trimmingWhitespace()
            if key.isEmpty { problems.append("segment \(index + 1) has an empty key"); continue }
            if fields[key] != nil { problems.append("duplicate key \(key)"); continue }
            fields[key] = value
        }
        let adType = fields["ad_type"]
        let format: Format?
        if adType == "carousel" {
            format = .carousel
        } else if adType == "webview" || adType == "takeoverAds" {
            format = .takeover
        } else if ["icon", "Icon", "bannerTitle", "ctaUrl", "bannerDescription", "ctaText"].contains(where: { fields[$0] != nil }) {
            format = .customCTA
        } else {
            format = nil
        }
        func alias(_ a: String, _ b: String) -> String? {
            if let x = fields[a], let y = fields[b], x != y { problems.append("\(a) and \(b) differ"); return x }
            return fields[a] ?? fields[b]
        }
        var required: [String] = []
        var images: [String] = []
        _ = alias("campaign", "campaign name")
        if let version = fields["companion_schema_version"], version != "1", format == .customCTA || format == .carousel {
            problems.append("companion_schema_version is \"\(version)\"; the only supported value is 1")
        }
        switch format {
        case .customCTA:
            if let icon = alias("icon", "Icon") {
                if isHTTP(icon) { required.append(icon) } else { problems.append("icon is not an HTTP or HTTPS URL") }
            } else {
                problems.append("icon is missing")
            }
            if (fields["bannerTitle"] ?? "").isEmpty { problems.append("bannerTitle is missing or empty") }
            if (fields["ctaUrl"] ?? "").isEmpty { problems.append("ctaUrl is missing or empty") }
        case .carousel:
            for key in ["carousel_banner", "brand_icon"] {
                if let url = fields[key], isHTTP(url) { required.append(url) } else { problems.append("\(key) is missing or not an HTTP or HTTPS URL") }
            }
            if (fields["carousel_title"] ?? "").isEmpty { problems.append("carousel_title is missing or empty") }
            if fields["carousel_description"] == nil { problems.append("carousel_description is missing") }
            if let list = fields["carousel_images"] {
                let entries = list.split(separator: "$", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
                images = entries.filter(isHTTP)
                if images.isEmpty { problems.append("carousel_images has no usable HTTP or HTTPS image") }
                if entries.count > 20 { problems.append("carousel_images has \(entries.count) entries, more than 20") }
            } else {
                problems.append("carousel_images is missing")
            }
            let ctaText = fields["carousel_cta_text"], ctaURL = fields["carousel_cta_url"]
            if (ctaText == nil) != (ctaURL == nil) { problems.append("carousel_cta_text and carousel_cta_url must come together") }
            if let ctaURL, !isHTTP(ctaURL) { problems.append("carousel_cta_url is not an HTTP or HTTPS URL") }
        case .takeover, nil:
            break
        }
        return CompanionParameters(format: format, accepted: problems.isEmpty, problems: problems, fields: fields,
                                   requiredImages: required, carouselImages: images)
    }
}
