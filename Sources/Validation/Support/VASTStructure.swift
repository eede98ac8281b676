import ConformCore
import VAST
import XMLCore

/// The versions in which an element or attribute is part of VAST: from `since` up to and including
/// `until` (`nil`: still part of the latest version).
struct VersionSpan: Sendable, Hashable {
    var since: VASTVersion
    var until: VASTVersion?

    init(_ since: VASTVersion, until: VASTVersion? = nil) {
        self.since = since
        self.until = until
    }

    func contains(_ version: VASTVersion) -> Bool {
        version >= since && (until.map { version <= $0 } ?? true)
    }

    /// "VAST 4.1", "VAST 2.0 to 3.0"
    var label: String {
        guard let until else { return "VAST \(since.rawValue)" }
        return until == since ? "VAST \(since.rawValue) only" : "VAST \(since.rawValue) to \(until.rawValue)"
    }
}

/// The shape of VAST 2.0 to 4.4 as the structural rules see it: which children and attributes each
/// element allows in which version, which elements hold only text, and which children may occur at
/// most once. Drawn from the IAB XSDs (2.0.1, 3.0, 4.0, 4.1, 4.2) and the 4.3 prose; the 4.2 XSD is
/// used for 4.3, which has none of its own. VAST 4.4 adds what its text adds (§3.12: Duration,
/// MediaFiles and NonLinearCustomClick under NonLinear; §3.11: Icons under NonLinearAds); where the draft
/// 4.4 XSD leaves out what the shared text still defines (IconClickFallbackImages, Expires,
/// BlockedAdCategories, CompanionAds' AltText), the text wins and the element stays.
///
/// Element names are local names, so documents with the 4.x `http://www.iab.com/VAST` default
/// namespace and un-namespaced documents read the same. The content of `<Extension>` and
/// `<CreativeExtension>` is free-form and never checked.
enum VASTStructure {
    private static let v2 = VersionSpan(.v2_0), v3 = VersionSpan(.v3_0), v4 = VersionSpan(.v4_0)
    private static let v41 = VersionSpan(.v4_1), v42 = VersionSpan(.v4_2), v44 = VersionSpan(.v4_4)

    /// Allowed child elements per container element.
    static let children: [String: [String: VersionSpan]] = [
        "VAST": ["Ad": v2, "Error": v2],
        "Ad": ["InLine": v2, "Wrapper": v2],
        "InLine": [
            "AdSystem": v2, "AdTitle": v2, "Description": v2, "Survey": v2, "Error": v2, "Impression": v2,
            "Creatives": v2, "Extensions": v2, "Advertiser": v3, "Pricing": v3, "Category": v4,
            "ViewableImpression": v4, "AdVerifications": v4, "AdServingId": v41, "Expires": v41,
        ],
        "Wrapper": [
            "AdSystem": v2, "VASTAdTagURI": v2, "Error": v2, "Impression": v2, "Creatives": v2, "Extensions": v2,
            "Pricing": v4, "ViewableImpression": v4, "AdVerifications": v4, "BlockedAdCategories": v41,
        ],
        "Creatives": ["Creative": v2],
        "Creative": [
            "Linear": v2, "NonLinearAds": v2, "CompanionAds": v2, "CreativeExtensions": v3, "UniversalAdId": v4,
        ],
        "Linear": [
            "Duration": v2, "TrackingEvents": v2, "AdParameters": v2, "VideoClicks": v2, "MediaFiles": v2, "Icons": v3,
        ],
        "MediaFiles": ["MediaFile": v2, "Mezzanine": v4, "InteractiveCreativeFile": v4, "ClosedCaptionFiles": v41],
        "ClosedCaptionFiles": ["ClosedCaptionFile": v41],
        "TrackingEvents": ["Tracking": v2],
        "VideoClicks": ["ClickThrough": v2, "ClickTracking": v2, "CustomClick": v2],
        "NonLinearAds": ["NonLinear": v2, "TrackingEvents": v2, "Icons": v44],
        "NonLinear": [
            "StaticResource": v2, "IFrameResource": v2, "HTMLResource": v2, "AdParameters": v2,
            "NonLinearClickThrough": v2, "NonLinearClickTracking": v3,
            "Duration": v44, "MediaFiles": v44, "NonLinearCustomClick": v44,
        ],
        "CompanionAds": ["Companion": v2],
        "Companion": [
            "StaticResource": v2, "IFrameResource": v2, "HTMLResource": v2, "AdParameters": v2, "AltText": v2,
            "CompanionClickThrough": v2, "TrackingEvents": v2, "CompanionClickTracking": v3,
        ],
        "Icons": ["Icon": v3],
        "Icon": [
            "StaticResource": v3, "IFrameResource": v3, "HTMLResource": v3, "IconClicks": v3, "IconViewTracking": v3,
        ],
        "IconClicks": ["IconClickThrough": v3, "IconClickTracking": v3, "IconClickFallbackImages": v42],
        "IconClickFallbackImages": ["IconClickFallbackImage": v42],
        "IconClickFallbackImage": ["AltText": v42, "StaticResource": v42],
        "Extensions": ["Extension": v2],
        "CreativeExtensions": ["CreativeExtension": v3],
        "AdVerifications": ["Verification": v4],
        "Verification": [
            "JavaScriptResource": v4, "ExecutableResource": v41, "TrackingEvents": v41, "VerificationParameters": v41,
            "FlashResource": VersionSpan(.v4_0, until: .v4_0), "ViewableImpression": VersionSpan(.v4_0, until: .v4_0),
        ],
        "ViewableImpression": ["Viewable": v4, "NotViewable": v4, "ViewUndetermined": v4],
    ]

    /// Elements whose content is character data only (a URI, a time, a name): a child element
    /// inside one is a schema violation.
    static let textOnly: Set<String> = [
        "AdSystem", "AdTitle", "Description", "Advertiser", "Pricing", "Survey", "Error", "Impression",
        "Category", "BlockedAdCategories", "AdServingId", "Expires", "VASTAdTagURI", "Viewable", "NotViewable",
        "ViewUndetermined", "JavaScriptResource", "ExecutableResource", "VerificationParameters", "Tracking",
        "UniversalAdId", "Duration", "MediaFile", "Mezzanine", "InteractiveCreativeFile", "ClosedCaptionFile",
        "ClickThrough", "ClickTracking", "CustomClick", "StaticResource", "IFrameResource", "HTMLResource",
        "AdParameters", "NonLinearClickThrough", "NonLinearClickTracking", "CompanionClickThrough",
        "CompanionClickTracking", "AltText", "IconViewTracking", "IconClickThrough", "IconClickTracking",
        "NonLinearCustomClick",
    ]

    /// Children that may occur at most once under their parent (maxOccurs 1 in every schema).
    static let singletons: [String: Set<String>] = [
        "InLine": ["AdSystem", "AdTitle", "Description", "Advertiser", "Pricing", "Creatives", "Extensions",
                   "AdServingId", "Expires", "ViewableImpression", "AdVerifications"],
        "Wrapper": ["AdSystem", "VASTAdTagURI", "Creatives", "Extensions", "Pricing", "ViewableImpression",
                    "AdVerifications"],
        "Creative": ["Linear", "NonLinearAds", "CompanionAds", "CreativeExtensions"],
        "Linear": ["Duration", "MediaFiles", "VideoClicks", "TrackingEvents", "AdParameters", "Icons"],
        "MediaFiles": ["ClosedCaptionFiles"],
        "VideoClicks": ["ClickThrough"],
        "NonLinearAds": ["TrackingEvents", "Icons"],
        "NonLinear": ["NonLinearClickThrough", "AdParameters", "Duration", "MediaFiles"],
        "Companion": ["CompanionClickThrough", "AltText", "AdParameters", "TrackingEvents"],
        "Icon": ["IconClicks"],
        "IconClicks": ["IconClickThrough", "IconClickFallbackImages"],
        "Verification": ["VerificationParameters", "TrackingEvents"],
    ]

    /// Allowed attributes per element. Elements missing from this table are not checked (the
    /// extension elements accept any attribute).
    static let attributes: [String: [String: VersionSpan]] = [
        "VAST": ["version": v2],
        "Ad": ["id": v2, "sequence": v3, "conditionalAd": v4, "adType": v41],
        "InLine": [:],
        "Wrapper": ["followAdditionalWrappers": v3, "allowMultipleAds": v3, "fallbackOnNoAd": v3],
        "AdSystem": ["version": v2],
        "AdTitle": [:], "Description": [:], "AdServingId": [:], "Expires": [:], "Error": [:], "Duration": [:],
        "VASTAdTagURI": [:], "Creatives": [:], "Extensions": [:], "CreativeExtensions": [:], "MediaFiles": [:],
        "TrackingEvents": [:], "VideoClicks": [:], "Icons": [:], "IconClicks": [:], "AltText": [:],
        "NonLinearClickThrough": [:], "CompanionClickThrough": [:], "IconClickThrough": [:], "IconViewTracking": [:],
        "AdVerifications": [:], "VerificationParameters": [:], "Viewable": [:], "NotViewable": [:],
        "ViewUndetermined": [:], "ClosedCaptionFiles": [:], "IconClickFallbackImages": [:], "IFrameResource": [:],
        "Advertiser": ["id": v41],
        "Pricing": ["model": v3, "currency": v3],
        "Survey": ["type": v3],
        "Impression": ["id": v2],
        "Category": ["authority": v4],
        "BlockedAdCategories": ["authority": v41],
        "ViewableImpression": ["id": v4],
        "Verification": ["vendor": v4],
        "JavaScriptResource": ["apiFramework": v4, "browserOptional": v41],
        "ExecutableResource": ["apiFramework": v41, "type": v41],
        "Tracking": ["event": v2, "offset": v3],
        "Creative": ["id": v2, "sequence": v2, "AdID": VersionSpan(.v2_0, until: .v3_0), "adId": v4, "apiFramework": v3],
        "UniversalAdId": ["idRegistry": v4, "idValue": VersionSpan(.v4_0, until: .v4_0)],
        "Linear": ["skipoffset": v3],
        "MediaFile": [
            "id": v2, "delivery": v2, "type": v2, "bitrate": v2, "width": v2, "height": v2, "scalable": v2,
            "maintainAspectRatio": v2, "apiFramework": v2, "codec": v3, "minBitrate": v3, "maxBitrate": v3,
            "fileSize": v41, "mediaType": v41,
        ],
        "Mezzanine": [
            "id": v4, "delivery": v4, "type": v4, "width": v4, "height": v4, "codec": v4, "fileSize": v41, "mediaType": v41,
        ],
        "InteractiveCreativeFile": ["type": v4, "apiFramework": v4, "variableDuration": v41],
        "ClosedCaptionFile": ["type": v41, "language": v41],
        "AdParameters": ["xmlEncoded": v3],
        "ClickThrough": ["id": v2], "ClickTracking": ["id": v2], "CustomClick": ["id": v2],
        "NonLinearAds": [:],
        "NonLinear": [
            "id": v2, "width": v2, "height": v2, "expandedWidth": v2, "expandedHeight": v2, "scalable": v2,
            "maintainAspectRatio": v2, "minSuggestedDuration": v2, "apiFramework": v2,
        ],
        "NonLinearClickTracking": ["id": v3],
        "NonLinearCustomClick": ["id": v44],
        "CompanionAds": ["required": v3],
        "Companion": [
            "id": v2, "width": v2, "height": v2, "expandedWidth": v2, "expandedHeight": v2, "apiFramework": v2,
            "assetWidth": v3, "assetHeight": v3, "adSlotID": v3, "adSlotId": v4, "pxratio": v4, "renderingMode": v41,
        ],
        "CompanionClickTracking": ["id": v3],
        "StaticResource": ["creativeType": v2],
        "HTMLResource": ["xmlEncoded": VersionSpan(.v3_0, until: .v4_0)],
        "Icon": [
            "program": v3, "width": v3, "height": v3, "xPosition": v3, "yPosition": v3, "duration": v3, "offset": v3,
            "apiFramework": v3, "pxratio": v4, "altText": v42, "hoverText": v42,
        ],
        "IconClickTracking": ["id": v3],
        "IconClickFallbackImage": ["width": v42, "height": v42],
    ]

    /// The earliest version in which each element name appears under any parent.
    static let introduced: [String: VASTVersion] = {
        var out: [String: VASTVersion] = [:]
        for (_, allowed) in children {
            for (name, span) in allowed { out[name] = min(out[name] ?? span.since, span.since) }
        }
        return out
    }()

    /// Reports every child of each `<parent>` element that is not allowed there in the effective version.
    static func reportMisplacedChildren(of parent: String, in context: RuleContext) {
        context.report(context.structureScan.misplaced[parent] ?? [])
    }
}

/// MIME type checks shared by the media and resource rules.
enum MIMEType {
    /// `type/subtype` with RFC 6838 token characters, optionally followed by `;` parameters.
    static func isWellFormed(_ raw: String) -> Bool {
        // Plain ASCII (no CR, the one multi-byte character ASCII can form): the same check on bytes.
        var copy = raw
        if let answer = copy.withUTF8({ bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A }
            func isToken(_ b: UInt8) -> Bool {
                switch b {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x21, 0x23, 0x24, 0x26, 0x2D, 0x5E, 0x5F, 0x2E, 0x2B: true
                default: false
                }
            }
            var end = bytes.firstIndex(of: 0x3B) ?? bytes.count
            var start = 0
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            var slash = -1
            for i in start..<end {
                if bytes[i] == 0x2F {
                    guard slash < 0 else { return false }
                    slash = i
                } else if !isToken(bytes[i]) {
                    return false
                }
            }
            return slash > start && slash < end - 1
        }) {
            return answer
        }
        let essence = raw.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingWhitespace()
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || [0x21, 0x23, 0x24, 0x26, 0x2D, 0x5E, 0x5F, 0x2E, 0x2B].contains(b)
            }
        }
    }

    /// Flash content, which VAST 4.1 removed and no current player runs.
    static func isFlash(_ raw: String) -> Bool {
        // ASCII without CR: the same checks on bytes, in any case.
        var copy = raw
        if let answer = copy.withUTF8({ bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
            func matches(_ word: StaticString, at i: Int) -> Bool {
                let count = word.utf8CodeUnitCount
                guard i + count <= bytes.count else { return false }
                for k in 0..<count {
                    var b = bytes[i + k]
                    if b >= 0x41 && b <= 0x5A { b += 0x20 }
                    if b != word.utf8Start[k] { return false }
                }
                return true
            }
            if matches("application/x-shockwave", at: 0) { return true }
            if bytes.count == 11, matches("video/x-flv", at: 0) { return true }
            let last = bytes.count - 15
            return last >= 0 && (0...last).contains { matches("shockwave-flash", at: $0) }
        }) {
            return answer
        }
        let lower = raw.lowercased()
        return lower.containsBytes("shockwave-flash") || lower == "video/x-flv" || lower.hasPrefix("application/x-shockwave")
    }
}

/// Every creative resource of a document, for the resource rules.
enum ResourceWalk {
    /// StaticResource, IFrameResource and HTMLResource of companions, NonLinears, icons and icon
    /// fallback images, in document order of their creatives. Rules read them as
    /// ``RuleContext/resources``, collected once per input.
    static func collect(_ creatives: [Creative]) -> [Resource] {
        var out: [Resource] = []
        for creative in creatives {
            for icon in creative.allIcons {
                out += icon.resources
                out += icon.clickFallbackImages.compactMap(\.resource)
            }
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] { out += nonLinear.resources }
            for companion in creative.companionAds?.companions ?? [] { out += companion.resources }
        }
        return out
    }
}

extension VASTStructure {
    /// The element at `path` (as `XMLElement.path` writes it), found by descending from the root
    /// along matching path prefixes.
    static func element(at path: String, in context: RuleContext) -> XMLElement? {
        guard var current = context.input.xml.root, path.hasPrefix(current.path) else { return nil }
        while current.path != path {
            guard let next = current.children.first(where: { path == $0.path || path.hasPrefix($0.path + "/") }) else { return nil }
            current = next
        }
        return current
    }

    /// The position of the first `<name>` child of an InLine or Wrapper.
    static func position(of name: String, in body: AdBody, _ context: RuleContext) -> SourcePosition? {
        element(at: body.path, in: context)?.child(name)?.position
    }
}

/// Message helpers.
enum Missing {
    /// "width and height", "width": the names whose flag is true, in the order width, height.
    static func list(_ flags: KeyValuePairs<String, Bool>) -> String {
        flags.filter(\.value).map(\.key).joined(separator: " and ")
    }
}

/// Walks of the VMAP element tree that the decoded model does not keep.
enum VMAPTree {
    /// The content element of every `<AdSource>`: `VASTAdData`, `AdTagURI` or `CustomAdData`.
    static func adSourceContent(_ context: RuleContext) -> [XMLElement] {
        guard context.input.vmap != nil, let root = context.input.xml.root else { return [] }
        var out: [XMLElement] = []
        for adBreak in root.children("AdBreak") {
            for source in adBreak.children("AdSource") {
                out += source.children.filter { ["VASTAdData", "VASTData", "AdTagURI", "CustomAdData"].contains($0.name) }
            }
        }
        return out
    }
}
