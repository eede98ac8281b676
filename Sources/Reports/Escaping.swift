/// Escaping for each output language. Every piece of text that comes from a tag, an expectation or
/// a path goes through one of these before it lands in a report.
enum Escape {
    /// HTML text and attribute values: `&`, `<`, `>`, `"` and `'` become entities.
    static func html(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 })
        else { return text }
        return rewrite(text, dropC1: true) { byte in
            switch byte {
            case UInt8(ascii: "&"): .text("&amp;")
            case UInt8(ascii: "<"): .text("&lt;")
            case UInt8(ascii: ">"): .text("&gt;")
            case UInt8(ascii: "\""): .text("&quot;")
            case UInt8(ascii: "'"): .text("&#39;")
            default: isControl(byte) ? .drop : .keep
            }
        }
    }

    /// XML text and attribute values: the five predefined entities, characters XML 1.0 forbids
    /// removed, and (in attributes) tabs and line breaks kept as character references so that
    /// attribute-value normalisation does not turn them into spaces.
    static func xml(_ text: String, attribute: Bool = false) -> String {
        rewrite(text, dropNonCharacters: true) { byte in
            switch byte {
            case UInt8(ascii: "&"): .text("&amp;")
            case UInt8(ascii: "<"): .text("&lt;")
            case UInt8(ascii: ">"): .text("&gt;")
            case UInt8(ascii: "\"") where attribute: .text("&quot;")
            case UInt8(ascii: "'") where attribute: .text("&apos;")
            case 0x0A where attribute: .text("&#10;")
            case 0x0D: .text("&#13;")
            case 0x09 where attribute: .text("&#9;")
            case 0x09, 0x0A: .keep
            default: byte < 0x20 ? .drop : .keep
            }
        }
    }

    /// Text for Markdown paragraphs and table cells: HTML-significant `&`, `<`, `>` become entities,
    /// `|` and Markdown punctuation are backslash-escaped, and line breaks become spaces so a table
    /// row stays on one line.
    static func markdown(_ text: String) -> String {
        rewrite(text, dropC1: true) { byte in
            switch byte {
            case UInt8(ascii: "&"): .text("&amp;")
            case UInt8(ascii: "<"): .text("&lt;")
            case UInt8(ascii: ">"): .text("&gt;")
            case UInt8(ascii: "|"): .text("\\|")
            case UInt8(ascii: "\\"): .text("\\\\")
            case UInt8(ascii: "`"): .text("\\`")
            case UInt8(ascii: "*"): .text("\\*")
            case UInt8(ascii: "_"): .text("\\_")
            case UInt8(ascii: "["): .text("\\[")
            case UInt8(ascii: "]"): .text("\\]")
            case UInt8(ascii: "#"): .text("\\#")
            case UInt8(ascii: "~"): .text("\\~")
            case 0x0D: .drop
            case 0x0A, 0x09: .text(" ")
            default: isControl(byte) ? .drop : .keep
            }
        }
    }

    /// A fenced Markdown code block that the content cannot close early: the fence is one backtick
    /// longer than the longest run of backticks inside.
    static func markdownCodeBlock(_ text: String, language: String = "") -> String {
        var longest = 0, run = 0
        for character in text {
            if character == "`" { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        var body = text.replacingLineEndings()
        if body.hasSuffix("\n") { body.removeLast() }
        return "\(fence)\(language)\n\(body)\n\(fence)"
    }

    /// The message part of a GitHub Actions workflow command (`%`, CR and LF encoded).
    static func annotationData(_ text: String) -> String {
        rewrite(text, dropC1: true) { byte in
            switch byte {
            case UInt8(ascii: "%"): .text("%25")
            case 0x0D: .text("%0D")
            case 0x0A: .text("%0A")
            default: isControl(byte) ? .drop : .keep
            }
        }
    }

    /// A property value of a GitHub Actions workflow command (also `:` and `,` encoded).
    static func annotationProperty(_ text: String) -> String {
        rewrite(annotationData(text)) { byte in
            switch byte {
            case UInt8(ascii: ":"): .text("%3A")
            case UInt8(ascii: ","): .text("%2C")
            default: .keep
            }
        }
    }

    /// JSON text that is safe inside an HTML `<script>` element: `<`, `>` and `&` as `\u` escapes,
    /// so no `</script>` or `<!--` can appear.
    static func scriptJSON(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 }) else { return json }
        return rewrite(json, escapeLineSeparators: true) { byte in
            switch byte {
            case UInt8(ascii: "<"): .text("\\u003c")
            case UInt8(ascii: ">"): .text("\\u003e")
            case UInt8(ascii: "&"): .text("\\u0026")
            default: .keep
            }
        }
    }

    /// What a rewrite puts in place of an ASCII byte.
    enum Replacement {
        case keep, drop
        case text(StaticString)
    }

    /// `text` with every ASCII byte replaced as `ascii` says; with `dropC1`, the C1 controls (U+0080 to
    /// U+009F) removed; with `dropNonCharacters`, U+FFFE and U+FFFF removed; with `escapeLineSeparators`,
    /// U+2028 and U+2029 written as JSON `\u` escapes. Every other byte is copied: the escapes work on
    /// UTF-8 bytes, not on characters appended one at a time, which took most of a large report's time.
    @inline(__always)
    static func rewrite(_ text: String, dropC1: Bool = false, dropNonCharacters: Bool = false, escapeLineSeparators: Bool = false,
                        _ ascii: (UInt8) -> Replacement) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            func append(_ replacement: StaticString) {
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            }
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte < 0x80 {
                    switch ascii(byte) {
                    case .keep: out.append(byte)
                    case .drop: break
                    case .text(let replacement): append(replacement)
                    }
                    i += 1
                } else if dropC1, byte == 0xC2, i + 1 < bytes.count, (0x80 ... 0x9F).contains(bytes[i + 1]) {
                    i += 2
                } else if dropNonCharacters, byte == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE {
                    i += 3
                } else if escapeLineSeparators, byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80,
                          bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    append(bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    i += 3
                } else {
                    out.append(byte)
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// For an ASCII byte: C0 controls other than tab, LF and CR, and DEL, which the escapes drop as invisible
    /// (and, but for DEL, illegal in XML). The C1 controls are dropped by ``rewrite(_:dropC1:dropNonCharacters:escapeLineSeparators:_:)``.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }
}

extension String {
    /// The string with CR LF and lone CR turned into LF.
    func replacingLineEndings() -> String {
        guard unicodeScalars.contains("\r") else { return self }
        var result = ""
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result += "\n"
                previousCR = true
                continue
            }
            if scalar == "\n" && previousCR { previousCR = false; continue }
            previousCR = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
