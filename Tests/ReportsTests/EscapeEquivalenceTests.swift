import Testing
@testable import Reports

/// The escapes work on UTF-8 bytes. Each must give exactly what the character-by-character code it
/// replaced gives, kept here as the reference.
@Suite struct EscapeEquivalenceTests {
    enum Reference {
        /// C0 controls other than tab, LF and CR, DEL and C1 controls: invisible, and illegal in XML.
        static func isControl(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x9, 0xA, 0xD: false
            case 0..<0x20, 0x7F...0x9F: true
            default: false
            }
        }

        /// True for the characters XML 1.0 allows in a document (§2.2 `Char`).
        static func isXMLChar(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x9, 0xA, 0xD: true
            case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }

        /// HTML text and attribute values: `&`, `<`, `>`, `"` and `'` become entities.
        static func html(_ text: String) -> String {
            guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 })
            else { return text }
            var result = ""
            result.reserveCapacity(text.utf8.count + 16)
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                case "'": result += "&#39;"
                default: if !isControl(scalar) { result.unicodeScalars.append(scalar) }
                }
            }
            return result
        }

        /// XML text and attribute values: the five predefined entities, characters XML 1.0 forbids
        /// removed, and (in attributes) tabs and line breaks kept as character references so that
        /// attribute-value normalisation does not turn them into spaces.
        static func xml(_ text: String, attribute: Bool = false) -> String {
            var result = ""
            result.reserveCapacity(text.utf8.count + 16)
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"" where attribute: result += "&quot;"
                case "'" where attribute: result += "&apos;"
                case "\n" where attribute: result += "&#10;"
                case "\r": result += "&#13;"
                case "\t" where attribute: result += "&#9;"
                default:
                    if isXMLChar(scalar) { result.unicodeScalars.append(scalar) }
                }
            }
            return result
        }

        /// Text for Markdown paragraphs and table cells: HTML-significant `&`, `<`, `>` become entities,
        /// `|` and Markdown punctuation are backslash-escaped, and line breaks become spaces so a table
        /// row stays on one line.
        static func markdown(_ text: String) -> String {
            var result = ""
            result.reserveCapacity(text.utf8.count + 16)
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "|", "\\", "`", "*", "_", "[", "]", "#", "~":
                    result += "\\"
                    result.unicodeScalars.append(scalar)
                case "\r": break
                case "\n", "\t": result += " "
                default: if !isControl(scalar) { result.unicodeScalars.append(scalar) }
                }
            }
            return result
        }

        /// The message part of a GitHub Actions workflow command (`%`, CR and LF encoded).
        static func annotationData(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "%": result += "%25"
                case "\r": result += "%0D"
                case "\n": result += "%0A"
                default: if !isControl(scalar) { result.unicodeScalars.append(scalar) }
                }
            }
            return result
        }

        /// A property value of a GitHub Actions workflow command (also `:` and `,` encoded).
        static func annotationProperty(_ text: String) -> String {
            var result = ""
            for scalar in annotationData(text).unicodeScalars {
                switch scalar {
                case ":": result += "%3A"
                case ",": result += "%2C"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }

        /// JSON text that is safe inside an HTML `<script>` element: `<`, `>` and `&` as `\u` escapes,
        /// so no `</script>` or `<!--` can appear.
        static func scriptJSON(_ json: String) -> String {
            guard json.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 }) else { return json }
            var result = ""
            result.reserveCapacity(json.utf8.count + 64)
            for scalar in json.unicodeScalars {
                switch scalar {
                case "<": result += "\\u003c"
                case ">": result += "\\u003e"
                case "&": result += "\\u0026"
                case "\u{2028}": result += "\\u2028"
                case "\u{2029}": result += "\\u2029"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
    }

    /// Every ASCII character alone and in company, C1 controls, non-characters, line separators,
    /// characters of every UTF-8 length, and combining sequences.
    static let samples: [String] = {
        var out = (0 ..< 0x80).map { String(UnicodeScalar(UInt8($0))) }
        out += (0x80 ... 0xA0).map { String(UnicodeScalar(UInt8($0))) }
        out += ["", "plain text", "a&b<c>d\"e'f", "tab\there\nline\r\nend\r", "x|y\\z`*_[]#~%:,",
                "\u{FFFE}\u{FFFF}\u{FFFD}", "\u{2028}\u{2029}<\u{2028}>", "é, e\u{301}, 漢字, 🎬, \u{10FFFF}",
                "\u{00}\u{01}\u{1F}\u{7F}\u{80}\u{9F}\u{A0}", "<script>alert('x')</script>", "100% & more: a,b",
                "\u{C2}\u{85} next line, \u{EF}\u{BF} broken-looking but valid", "\u{E000}\u{FFFE}x\u{FEFF}"]
        out.append(String(repeating: "ab<&>\u{2028}é\u{85}", count: 200))
        return out
    }()

    @Test func byteEscapesMatchTheCharacterByCharacterOnes() {
        for text in Self.samples {
            #expect(Escape.html(text) == Reference.html(text), "html \(text.debugDescription)")
            #expect(Escape.xml(text) == Reference.xml(text), "xml \(text.debugDescription)")
            #expect(Escape.xml(text, attribute: true) == Reference.xml(text, attribute: true), "xml attribute \(text.debugDescription)")
            #expect(Escape.markdown(text) == Reference.markdown(text), "markdown \(text.debugDescription)")
            #expect(Escape.annotationData(text) == Reference.annotationData(text), "annotation \(text.debugDescription)")
            #expect(Escape.annotationProperty(text) == Reference.annotationProperty(text), "property \(text.debugDescription)")
            #expect(Escape.scriptJSON(text) == Reference.scriptJSON(text), "script \(text.debugDescription)")
        }
    }
}
