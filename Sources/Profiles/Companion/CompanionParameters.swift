import ConformCore
import Trafficking

/// What the companion presentation needs to know about an ad's trafficking parameters
/// (its `AdParameters`, IMA's `traffickingParameters`): which in-house format they describe, whether the
/// SDK accepts them, and which images it must load.
///
/// ``read(_:)`` maps the Trafficking module's analysis to what the presentation needs.
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

    /// Reads a parameter string with the trafficking-parameter analyzer (the same grammar and rules as
    /// `conform params`): a malformed segment, a duplicate key or an invalid required key rejects the
    /// creative, and each error becomes a problem (`RULE-ID: message`). Returns `nil` for an empty string.
    public static func read(_ string: String) -> CompanionParameters? {
        let text = string.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        let analysis = TraffickingAnalyzer.analyze(text)
        let format: Format? = switch analysis.format {
        case .customCTA: .customCTA
        case .carousel: .carousel
        case .some: .takeover
        case nil: nil
        }
        var fields: [String: String] = [:]
        for segment in analysis.segments {
            if let key = segment.key, fields[key] == nil { fields[key] = segment.value ?? "" }
        }
        let problems = analysis.diagnostics.filter { $0.severity == .error }.map { "\($0.ruleID): \($0.message)" }
        var required: [String] = []
        var images: [String] = []
        switch analysis.creative {
        case .customCTA(let cta): required = [cta.icon]
        case .carousel(let carousel):
            required = [carousel.banner, carousel.brandIcon]
            images = carousel.images.map(\.url)
        case .takeover, nil: break
        }
        return CompanionParameters(format: format, accepted: analysis.accepted, problems: problems, fields: fields,
                                   requiredImages: required, carouselImages: images)
    }
}
