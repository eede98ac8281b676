/// Values that stand in for a real name: what a template or a test trafficking leaves in a text field when
/// nobody filled it in.
///
/// Every title and ad-system name of every tag is compared, so the comparison works on the value's bytes:
/// a real name is longer than any placeholder word, or not ASCII, and is settled without making a string.
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

    /// The longest folded value compared with the words: longer ones are no placeholder word (every word is
    /// shorter), and up to this length a Swift string is stored inline, without an allocation.
    private static let longestFolded = 15

    /// The form placeholders are compared in: lower case, `_` and `-` read as spaces, runs of white space as
    /// one, none at the ends; `nil` when that form is longer than ``longestFolded`` bytes or not ASCII (no
    /// placeholder word is either).
    static func folded(_ value: String) -> String? {
        var value = value
        return value.withUTF8(folded(bytes:))
    }

    private static func folded(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var buffer: (UInt64, UInt64) = (0, 0)
        var count = 0
        var pendingSpace = false
        let fits = withUnsafeMutableBytes(of: &buffer) { out -> Bool in
            for byte in bytes {
                guard byte < 0x80 else { return false }
                switch byte {
                case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    pendingSpace = count > 0
                    continue
                default:
                    break
                }
                if pendingSpace {
                    guard count < longestFolded else { return false }
                    out[count] = UInt8(ascii: " ")
                    count += 1
                    pendingSpace = false
                }
                guard count < longestFolded else { return false }
                out[count] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                count += 1
            }
            return true
        }
        guard fits else { return nil }
        return withUnsafeBytes(of: &buffer) { String(decoding: $0.prefix(count), as: UTF8.self) }
    }

    /// Whether `value` is a template slot left unfilled: all of it one `${NAME}`, `{{name}}`, `%%NAME%%` or
    /// `[NAME]` (a bracketed name of capitals, digits and underscores, the way VAST writes macros).
    static func isTemplateSlot(_ value: String) -> Bool {
        var value = value
        return value.withUTF8(isTemplateSlot(bytes:))
    }

    private static func isTemplateSlot(bytes b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        func inner(_ open: StaticString, _ close: StaticString) -> Slice<UnsafeBufferPointer<UInt8>>? {
            let o = open.utf8CodeUnitCount, c = close.utf8CodeUnitCount
            guard n > o + c else { return nil }
            for i in 0 ..< o where b[i] != open.utf8Start[i] { return nil }
            for i in 0 ..< c where b[n - c + i] != close.utf8Start[i] { return nil }
            return b[o ..< n - c]
        }
        if let name = inner("${", "}") ?? inner("{{", "}}") ?? inner("%%", "%%") {
            return !name.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "%") || $0 <= 0x20 }
        }
        if let name = inner("[", "]") {
            return name.allSatisfy {
                ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
            }
        }
        return false
    }

    /// Whether the trimmed `value` is one of `words` (compared ``folded(_:)``) or a template slot.
    static func isPlaceholder(_ value: String, words: Set<String>) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            guard let first = bytes.first else { return false }
            switch first {
            case UInt8(ascii: "$"), UInt8(ascii: "{"), UInt8(ascii: "%"), UInt8(ascii: "["):
                return isTemplateSlot(bytes: bytes)
            default:
                return folded(bytes: bytes).map(words.contains) ?? false
            }
        }
    }
}
