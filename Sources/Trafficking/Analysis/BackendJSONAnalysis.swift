import ConformCore
import Foundation

/// The backend form of ads under a tab: a JSON object such as
/// `{"advertiserTab": {"adType": "takeoverAds", "takeoverAdsUrl": "https://..."}}`.
///
/// Decisions: the input is JSON when its first non-whitespace character is `{`. An object with an
/// `advertiserTab` object is the `takeover.tab.backend` format (unless `adType` names another type).
/// `takeoverAdsUrl` is read from `advertiserTab`, or else from the top level of the object. Other
/// fields are ignored: backend models carry many. Offsets point at the first occurrence of the field's
/// name or value in the text.
enum BackendJSONAnalysis {
    static let advertiserTab = "advertiserTab"
    static let adType = "adType"
    static let takeoverAdsUrl = "takeoverAdsUrl"

    /// True when `input` should be read as the JSON form.
    static func isJSON(_ input: String) -> Bool {
        input.first(where: { !$0.isWhitespace }) == "{"
    }

    static func run(_ context: inout AnalysisContext) -> TraffickingCreative? {
        let locator = JSONLocator(context.input)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(context.input.utf8), options: [])
        } catch {
            context.report(
                TraffickingRules.takeoverJSONInvalid,
                "The input starts with '{' but is not valid JSON, so it cannot be read as backend takeover data.",
                at: 0)
            return nil
        }
        guard let root = object as? [String: Any] else {
            context.report(TraffickingRules.takeoverJSONInvalid, "The JSON input is not an object.", at: 0)
            return nil
        }
        guard let tabValue = root[advertiserTab] else {
            var message = "No format detected: the JSON object has no advertiserTab object (with adType takeoverAds)."
            if let near = root.keys.sorted().first(where: { $0.lowercased() == advertiserTab.lowercased() }) {
                message += " Found '\(near)': field names are case-sensitive, use 'advertiserTab'."
            }
            context.report(TraffickingRules.formatUndetected, message, at: 0)
            return nil
        }
        let rootMembers = locator.members(ofObjectAt: locator.rootObject)
        guard let tab = tabValue as? [String: Any] else {
            context.report(
                TraffickingRules.takeoverJSONInvalid, "advertiserTab must be a JSON object.",
                at: rootMembers[advertiserTab]?.value ?? 0, key: advertiserTab, path: advertiserTab)
            return nil
        }
        let tabMembers = locator.members(ofObjectAt: rootMembers[advertiserTab]?.value)
        /// Where a missing member of advertiserTab is reported: at a near miss of its name, else at advertiserTab.
        func missing(_ name: String) -> Int {
            if let near = nearMissName(name, in: tab), let member = tabMembers[near] { return member.name }
            return rootMembers[advertiserTab]?.name ?? 0
        }

        let adTypePath = "\(advertiserTab).\(adType)"
        switch tab[adType] {
        case nil:
            context.format = .takeoverTabBackend
            context.report(
                TraffickingRules.takeoverRequiredKey,
                "advertiserTab has no adType; the backend takeover needs adType \"takeoverAds\".\(nearMiss(adType, in: tab))",
                at: missing(adType), key: adTypePath, path: adTypePath)
        case let value as String where value == "takeoverAds":
            context.format = .takeoverTabBackend
        case let value as String:
            context.report(
                TraffickingRules.adTypeUnknown, adTypeMessage(value),
                at: tabMembers[adType]?.value ?? 0, key: adTypePath, path: adTypePath)
            return nil
        default:
            context.format = .takeoverTabBackend
            context.report(
                TraffickingRules.takeoverJSONInvalid, "advertiserTab.adType must be a string (\"takeoverAds\").",
                at: tabMembers[adType]?.value ?? 0, key: adTypePath, path: adTypePath)
        }

        let inTab = tab[takeoverAdsUrl] != nil
        let urlPath = inTab ? "\(advertiserTab).\(takeoverAdsUrl)" : takeoverAdsUrl
        let urlValue = inTab ? tab[takeoverAdsUrl] : root[takeoverAdsUrl]
        let urlOffset = (inTab ? tabMembers[takeoverAdsUrl] : rootMembers[takeoverAdsUrl])?.value ?? 0
        var pageURL: String?
        switch urlValue {
        case nil:
            context.report(
                TraffickingRules.takeoverRequiredKey,
                "The backend takeover has no takeoverAdsUrl (in advertiserTab or at the top level).\(nearMiss(takeoverAdsUrl, in: tab))",
                at: missing(takeoverAdsUrl), key: takeoverAdsUrl, path: urlPath)
        case let url as String where url.isEmpty:
            context.report(
                TraffickingRules.takeoverRequiredKey, "takeoverAdsUrl is empty; the backend takeover needs a page URL.",
                at: urlOffset, key: takeoverAdsUrl, path: urlPath)
        case let url as String:
            if context.checkURL(
                url[...], at: urlOffset, role: .takeoverPage, label: urlPath,
                segment: nil, key: takeoverAdsUrl, path: urlPath)
            {
                pageURL = url
            }
        default:
            context.report(
                TraffickingRules.takeoverJSONInvalid, "takeoverAdsUrl must be a string.",
                at: urlOffset, key: takeoverAdsUrl, path: urlPath)
        }
        guard let pageURL else { return nil }
        return .takeover(Takeover(kind: .tabBackend, pageURL: pageURL))
    }

    private static func nearMissName(_ name: String, in object: [String: Any]) -> String? {
        object.keys.sorted().first(where: { $0.lowercased() == name.lowercased() && $0 != name })
    }

    private static func nearMiss(_ name: String, in object: [String: Any]) -> String {
        guard let near = nearMissName(name, in: object) else { return "" }
        return " Found '\(near)': field names are case-sensitive, use '\(name)'."
    }

    /// The message for an `advertiserTab.adType` other than `takeoverAds`: the backend tab carries takeovers
    /// only, so carousel and webview (the parameter string's other ad types) are not suggested.
    static func adTypeMessage(_ value: String) -> String {
        let key = "\(advertiserTab).\(adType)"
        if value.isEmpty { return "\(key) is empty; the backend takeover needs adType \"takeoverAds\"." }
        if value.lowercased() == "takeoverads" {
            return "\(key) '\(value)' is not a known type; values are case-sensitive: did you mean 'takeoverAds'?"
        }
        var message = "\(key) '\(value.truncatedForMessage)' is not a type the backend tab knows; it carries takeovers only, with adType \"takeoverAds\"."
        if ParameterKeys.adTypeValues.contains(value) {
            message += " \(value) ads are trafficked as a parameter string (ad_type=\(value)), not as backend tab data."
        }
        return message
    }
}

/// Character offsets of JSON member names and values in the raw text, object by object: a member is
/// found in the object it belongs to, not wherever its name first appears (an `adType` of another object
/// earlier in the text, or a `takeoverAdsUrl` at the top level when the one in `advertiserTab` is used).
struct JSONLocator {
    /// Where one member's name (its opening quote) and value start.
    struct Member {
        var name: Int
        var value: Int
    }

    private let characters: [Character]

    init(_ text: String) { characters = Array(text) }

    /// The offset of the top-level object's `{`, when the text starts with one.
    var rootObject: Int? {
        var i = 0
        skipWhitespace(&i)
        return i < characters.count && characters[i] == "{" ? i : nil
    }

    /// The members of the object whose `{` is at `start`, by name as written (a later duplicate wins, as
    /// the decoder keeps the last); nested values are skipped. Empty when `start` is not an object.
    func members(ofObjectAt start: Int?) -> [String: Member] {
        guard let start, start < characters.count, characters[start] == "{" else { return [:] }
        var out: [String: Member] = [:]
        var i = start + 1
        while true {
            skipWhitespace(&i)
            guard i < characters.count, characters[i] == "\"" else { return out }
            let nameStart = i
            guard let name = string(&i) else { return out }
            skipWhitespace(&i)
            guard i < characters.count, characters[i] == ":" else { return out }
            i += 1
            skipWhitespace(&i)
            out[name] = Member(name: nameStart, value: min(i, characters.count))
            skipValue(&i)
            skipWhitespace(&i)
            guard i < characters.count, characters[i] == "," else { return out }
            i += 1
        }
    }

    private func skipWhitespace(_ i: inout Int) {
        while i < characters.count, characters[i].isWhitespace { i += 1 }
    }

    /// Reads the string whose opening quote is at `i`, as written (escapes kept), and moves past it.
    private func string(_ i: inout Int) -> String? {
        var text = ""
        i += 1
        while i < characters.count {
            let c = characters[i]
            if c == "\"" { i += 1; return text }
            if c == "\\" { text.append(c); i += 1; if i < characters.count { text.append(characters[i]) } } else { text.append(c) }
            i += 1
        }
        return nil
    }

    /// Moves past the value starting at `i`: a string, an object or array (with what they hold), or a literal.
    private func skipValue(_ i: inout Int) {
        guard i < characters.count else { return }
        switch characters[i] {
        case "\"":
            _ = string(&i)
        case "{", "[":
            var depth = 0
            while i < characters.count {
                switch characters[i] {
                case "\"": _ = string(&i); continue
                case "{", "[": depth += 1
                case "}", "]":
                    depth -= 1
                    if depth == 0 { i += 1; return }
                default: break
                }
                i += 1
            }
        default:
            while i < characters.count, !",}]".contains(characters[i]), !characters[i].isWhitespace { i += 1 }
        }
    }
}
