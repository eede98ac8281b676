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
        guard let tab = tabValue as? [String: Any] else {
            context.report(
                TraffickingRules.takeoverJSONInvalid, "advertiserTab must be a JSON object.",
                at: locator.valueOffset(of: advertiserTab), key: advertiserTab, path: advertiserTab)
            return nil
        }

        let adTypePath = "\(advertiserTab).\(adType)"
        switch tab[adType] {
        case nil:
            context.format = .takeoverTabBackend
            context.report(
                TraffickingRules.takeoverRequiredKey,
                "advertiserTab has no adType; the backend takeover needs adType \"takeoverAds\".\(nearMiss(adType, in: tab))",
                at: 0, key: adTypePath, path: adTypePath)
        case let value as String where value == "takeoverAds":
            context.format = .takeoverTabBackend
        case let value as String:
            context.report(
                TraffickingRules.adTypeUnknown, ParameterStringAnalysis.adTypeMessage(value, key: adTypePath),
                at: locator.valueOffset(of: adType), key: adTypePath, path: adTypePath)
            return nil
        default:
            context.format = .takeoverTabBackend
            context.report(
                TraffickingRules.takeoverJSONInvalid, "advertiserTab.adType must be a string (\"takeoverAds\").",
                at: locator.valueOffset(of: adType), key: adTypePath, path: adTypePath)
        }

        let inTab = tab[takeoverAdsUrl] != nil
        let urlPath = inTab ? "\(advertiserTab).\(takeoverAdsUrl)" : takeoverAdsUrl
        let urlValue = inTab ? tab[takeoverAdsUrl] : root[takeoverAdsUrl]
        var pageURL: String?
        switch urlValue {
        case nil:
            context.report(
                TraffickingRules.takeoverRequiredKey,
                "The backend takeover has no takeoverAdsUrl (in advertiserTab or at the top level).\(nearMiss(takeoverAdsUrl, in: tab))",
                at: 0, key: takeoverAdsUrl, path: urlPath)
        case let url as String where url.isEmpty:
            context.report(
                TraffickingRules.takeoverRequiredKey, "takeoverAdsUrl is empty; the backend takeover needs a page URL.",
                at: locator.valueOffset(of: takeoverAdsUrl), key: takeoverAdsUrl, path: urlPath)
        case let url as String:
            if context.checkURL(
                url[...], at: locator.valueOffset(of: takeoverAdsUrl), role: .takeoverPage, label: urlPath,
                segment: nil, key: takeoverAdsUrl, path: urlPath)
            {
                pageURL = url
            }
        default:
            context.report(
                TraffickingRules.takeoverJSONInvalid, "takeoverAdsUrl must be a string.",
                at: locator.valueOffset(of: takeoverAdsUrl), key: takeoverAdsUrl, path: urlPath)
        }
        guard let pageURL else { return nil }
        return .takeover(Takeover(kind: .tabBackend, pageURL: pageURL))
    }

    private static func nearMiss(_ name: String, in object: [String: Any]) -> String {
        guard let near = object.keys.sorted().first(where: { $0.lowercased() == name.lowercased() && $0 != name }) else {
            return ""
        }
        return " Found '\(near)': field names are case-sensitive, use '\(name)'."
    }
}

/// Finds character offsets of JSON member names and values in the raw text, in one pass per lookup.
struct JSONLocator {
    private let characters: [Character]

    init(_ text: String) { characters = Array(text) }

    /// The offset of the first `"name"` followed by `:`, or 0 when not found.
    func nameOffset(of name: String) -> Int? {
        let needle = Array("\"\(name)\"")
        guard needle.count <= characters.count else { return nil }
        var index = 0
        while index + needle.count <= characters.count {
            if characters[index] == "\"" && Array(characters[index..<index + needle.count]) == needle {
                var after = index + needle.count
                while after < characters.count, characters[after].isWhitespace { after += 1 }
                if after < characters.count, characters[after] == ":" { return index }
            }
            index += 1
        }
        return nil
    }

    /// The offset of the value of member `name` (after the colon and whitespace), or 0 when not found.
    func valueOffset(of name: String) -> Int {
        guard let start = nameOffset(of: name) else { return 0 }
        var index = start + name.count + 2
        while index < characters.count, characters[index].isWhitespace || characters[index] == ":" { index += 1 }
        return min(index, characters.count)
    }
}
