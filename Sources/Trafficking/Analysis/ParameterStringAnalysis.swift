import ConformCore
import Foundation

/// Analysis of the `key=value,...` form: grammar, format detection, unknown keys, then the format's checks.
enum ParameterStringAnalysis {
    static func run(_ context: inout AnalysisContext) -> TraffickingCreative? {
        context.segments = Tokenizer.segments(of: context.input)
        guard context.segments.contains(where: { $0.kind != .empty }) else {
            context.report(
                TraffickingRules.emptyInput,
                context.input.isEmpty
                    ? "The parameter string is empty: there is no creative to read."
                    : "The parameter string has no parameters, only commas or whitespace.",
                at: 0)
            return nil
        }
        checkGrammar(&context)
        detectFormat(&context)
        checkUnknownKeys(&context)
        switch context.format {
        case .customCTA: return CustomCTAAnalysis.run(&context)
        case .carousel: return CarouselAnalysis.run(&context)
        case .takeoverInVideo, .takeoverContextual, .takeoverTabGAM: return TakeoverAnalysis.run(&context)
        case .takeoverTabBackend, nil: return nil
        }
    }

    // MARK: - Grammar

    private static func checkGrammar(_ context: inout AnalysisContext) {
        let count = context.segments.last.map { $0.offset + $0.length } ?? 0
        for segment in context.segments {
            switch segment.kind {
            case .empty:
                let isTrailing = segment.index == context.segments.count && segment.index > 1
                let offset = isTrailing && segment.length == 0 ? max(0, count - 1) : segment.offset
                let message: String
                if segment.length > 0 {
                    message = "Segment \(segment.index) is blank (only whitespace between commas); it is ignored."
                } else if isTrailing {
                    message = "The string ends with a comma, which leaves an empty segment \(segment.index); it is ignored."
                } else if segment.index == 1 {
                    message = "The string starts with a comma, which leaves an empty segment 1; it is ignored."
                } else {
                    message = "Segment \(segment.index) is empty (two commas in a row); it is ignored."
                }
                context.report(TraffickingRules.emptySegment, message, at: offset, segment: segment.index)

            case .malformed:
                let raw = segment.raw.trimmingWhitespace().truncatedForMessage
                context.report(
                    TraffickingRules.malformedSegment,
                    """
                    Segment \(segment.index) '\(raw)' has no '=', so it is not key=value and the creative is \
                    rejected. If it is the rest of a value, that value contained a comma: values cannot contain commas.
                    """,
                    at: segment.keyOffset, segment: segment.index)

            case .emptyKey:
                context.report(
                    TraffickingRules.emptyKey,
                    "Segment \(segment.index) starts with '=' and has no key, so the creative is rejected.",
                    at: segment.equalsOffset, segment: segment.index)

            case .pair:
                let key = segment.keyString
                if let first = context.fields[key] {
                    let same = first.value == segment.value
                    context.report(
                        TraffickingRules.duplicateKey,
                        """
                        '\(key)' appears again in segment \(segment.index) (first in segment \(first.index))\
                        \(same ? ", with the same value" : ", with a different value"); a duplicate key rejects \
                        the creative. Keep one.
                        """,
                        key: segment, details: ["firstSegment": String(first.index)])
                } else {
                    context.fields[key] = segment
                }
                if let whitespace = segment.whitespaceOffset {
                    context.report(
                        TraffickingRules.whitespaceAround,
                        """
                        Segment \(segment.index) ('\(key.truncatedForMessage)') has whitespace \
                        \(segment.whitespacePlaces.joined(separator: " and ")). Keys must match exactly; \
                        conform ignores the whitespace, but a strict reader would not.
                        """,
                        at: whitespace, segment: segment.index, key: key)
                }
                if let escape = percentEscapeOffset(in: segment.key, allowingMacros: false) {
                    let decoded = key.removingPercentEncoding
                    var message = "The key '\(key.truncatedForMessage)' contains a percent-escape; keys are not decoded, so it matches no parameter."
                    if let decoded, ParameterKeys.allSet.contains(decoded) {
                        message += " Write it as '\(decoded)'."
                    }
                    context.report(
                        TraffickingRules.percentEncodedKey, message, at: segment.keyOffset + escape,
                        segment: segment.index, key: key)
                }
            }
        }
    }

    /// The 0-based character offset of the first `%XX` escape in `text`. With `allowingMacros`, a `%`
    /// next to another `%` (ad-server macros such as `%%CAMPAIGN%%`) is not an escape.
    static func percentEscapeOffset(in text: Substring, allowingMacros: Bool) -> Int? {
        var previous: Character?
        var offset = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "%", previous != "%" || !allowingMacros, next < text.endIndex, text[next].isHexDigit {
                let second = text.index(after: next)
                if second < text.endIndex, text[second].isHexDigit { return offset }
            }
            previous = character
            offset += 1
            index = next
        }
        return nil
    }

    // MARK: - Format detection

    private static func detectFormat(_ context: inout AnalysisContext) {
        if let adType = context.field(ParameterKeys.adType) {
            let value = adType.valueString
            switch value {
            case "carousel":
                context.format = .carousel
            case "webview":
                context.format = .takeoverInVideo
            case "takeoverAds":
                let hasTabKey = ParameterKeys.tabKeys.contains { context.fields[$0] != nil }
                context.format = hasTabKey ? .takeoverTabGAM : .takeoverContextual
            default:
                context.report(TraffickingRules.adTypeUnknown, adTypeMessage(value), value: adType)
            }
            return
        }
        if ParameterKeys.customCTADetection.contains(where: { context.fields[$0] != nil }) {
            context.format = .customCTA
            return
        }
        var message = """
            No format detected: there is no ad_type key (carousel, webview or takeoverAds) and none of the \
            custom CTA keys (icon, Icon, bannerTitle, ctaUrl).
            """
        for key in [ParameterKeys.adType] + ParameterKeys.customCTADetection {
            if let variant = context.caseVariants(of: key).first(where: { !ParameterKeys.allSet.contains($0.keyString) }) {
                message += " Found '\(variant.key)' in segment \(variant.index): keys are case-sensitive, did you mean '\(key)'?"
                break
            }
        }
        let keys = context.segments.filter { $0.kind == .pair }.map(\.keyString)
        if keys.contains(where: { $0.hasPrefix("carousel_") }) {
            message += " Carousel keys need ad_type=carousel."
        } else if keys.contains(where: { ParameterKeys.tabGAMKeys.contains($0) || $0 == ParameterKeys.imageURL }) {
            message += " Takeover keys need ad_type=webview or ad_type=takeoverAds."
        }
        context.report(TraffickingRules.formatUndetected, message, at: 0)
    }

    /// The message for an `ad_type` value that names no format.
    static func adTypeMessage(_ value: String, key: String = "ad_type") -> String {
        if value.isEmpty {
            return "\(key) is empty; expected carousel, webview or takeoverAds."
        }
        if let match = ParameterKeys.adTypeValues.first(where: { $0.lowercased() == value.lowercased() }) {
            return "\(key) '\(value)' is not a known format; values are case-sensitive: did you mean '\(match)'?"
        }
        if value.lowercased() == "customcta" || value.lowercased() == "cta" {
            return "\(key) '\(value)' is not a known format: a custom CTA has no ad_type, remove the key."
        }
        return "\(key) '\(value.truncatedForMessage)' is not a known format; expected carousel, webview or takeoverAds."
    }

    // MARK: - Unknown keys

    private static func checkUnknownKeys(_ context: inout AnalysisContext) {
        let format = context.format
        let known = Set(format.map { ParameterKeys.keys(for: $0) } ?? ParameterKeys.all)
        var suggestions: [String: (key: String, caseOnly: Bool)?] = [:]
        for segment in context.segments where segment.kind == .pair {
            let key = segment.keyString
            guard !known.contains(key), context.fields[key]?.index == segment.index else { continue }
            if percentEscapeOffset(in: segment.key, allowingMacros: false) != nil { continue }
            let message: String
            if let format, ParameterKeys.allSet.contains(key) {
                let owners = ParameterKeys.formats(using: key).map(\.displayName)
                message = """
                    '\(key)' is a parameter of \(owners.joined(separator: " and ")), not of a \(format.displayName); \
                    it is ignored here.
                    """
            } else {
                let suggestion: (key: String, caseOnly: Bool)?
                if let cached = suggestions[key] {
                    suggestion = cached
                } else {
                    suggestion = ParameterKeys.suggestion(for: key, preferring: format)
                    suggestions[key] = suggestion
                }
                let shown = key.truncatedForMessage
                switch suggestion {
                case .some(let match) where match.caseOnly:
                    message = "Unknown key '\(shown)': keys are case-sensitive, did you mean '\(match.key)'? As written it is ignored."
                case .some(let match):
                    message = "Unknown key '\(shown)': did you mean '\(match.key)'? As written it is ignored."
                case .none:
                    message = "Unknown key '\(shown)' is not a parameter of \(format.map { "a \($0.displayName)" } ?? "any format"); it is ignored."
                }
            }
            context.report(TraffickingRules.unknownKey, message, key: segment)
        }
    }
}

extension StringProtocol {
    /// The text shortened to 60 characters with an ellipsis, for messages.
    var truncatedForMessage: String {
        var iterator = makeIterator()
        var result = ""
        for _ in 0..<60 {
            guard let character = iterator.next() else { return result }
            result.append(character)
        }
        return iterator.next() == nil ? result : result + "…"
    }
}
