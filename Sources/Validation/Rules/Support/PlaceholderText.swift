/// Values that stand in for a real name: what a template or a test trafficking leaves in a text field when
/// nobody filled it in.
enum PlaceholderText {
    /// Words that mean "no real value" in any name field.
    private static let common: Set<String> = [
        "test", "testing", "placeholder", "tbd", "todo", "sample", "example", "demo", "dummy", "default",
        "xxx", "n/a", "none", "null", "nil", "undefined", "unknown", "lorem ipsum", "foo", "asdf",
    ]

    /// Stand-ins for an ad's title.
    static let titles: Set<String> = common.union([
        "title", "ad title", "adtitle", "untitled", "no title", "test ad", "test title", "sample ad", "example ad", "ad",
    ])

    /// Stand-ins for the ad server's name.
    static let systems: Set<String> = common.union([
        "adsystem", "ad system", "ad server", "adserver", "system", "name", "test server",
    ])

    /// The form placeholders are compared in: lower case, `_` and `-` read as spaces, runs of white space as one.
    static func folded(_ value: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in value.lowercased().unicodeScalars {
            if scalar == "_" || scalar == "-" || scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.unicodeScalars.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Whether `value` is a template slot left unfilled: all of it one `${NAME}`, `{{name}}`, `%%NAME%%` or
    /// `[NAME]` (a bracketed name of capitals, digits and underscores, the way VAST writes macros).
    static func isTemplateSlot(_ value: String) -> Bool {
        let v = Substring(value)
        func inner(_ open: String, _ close: String) -> Substring? {
            guard v.count > open.count + close.count, v.hasPrefix(open), v.hasSuffix(close) else { return nil }
            return v.dropFirst(open.count).dropLast(close.count)
        }
        if let name = inner("${", "}") ?? inner("{{", "}}") ?? inner("%%", "%%") {
            return !name.contains(where: { $0 == "{" || $0 == "}" || $0 == "%" || $0.isWhitespace })
        }
        if let name = inner("[", "]") {
            return name.allSatisfy { ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" }
        }
        return false
    }

    /// Whether the trimmed `value` is one of `words` (compared ``folded(_:)``) or a template slot.
    static func isPlaceholder(_ value: String, words: Set<String>) -> Bool {
        !value.isEmpty && (words.contains(folded(value)) || isTemplateSlot(value))
    }
}
