import ConformCore
import Foundation
import Testing
@testable import Validation

/// Every spec reference quoting the VAST 4.3 or 4.4 text (or the CTV extension documents) quotes words the text really contains, so an
/// explanation cannot cite what the spec does not say. The text is the IAB's `vast_4.3_spec.md` (see
/// ``IABReference``); the test is skipped when it is absent.
///
/// Quote and text are compared after normalisation: markdown and HTML markup (`<a name>` anchors, links,
/// `<b>`, backticks, the `*` and `**` of required attributes, table bars, headings) is dropped, `:` and
/// `;` count as spaces (a quote writes a table row `|width* | The native…|` as `width*: The native…`),
/// typographic quotes and apostrophes are plain ones, and runs of whitespace are one space. A `...` in a
/// quote elides words: its parts must appear in the text in order.
@Suite(.enabled(if: IABReference.available, "IAB reference files not found beside the package (set CONFORM_IAB_REFERENCE to run)"))
struct SpecQuoteTests {
    /// The spec text of each document that has one in the reference folder.
    static let textFiles: [SpecDocument: String] = [
        .vast43: "vast_4.3_spec.md", .vast44: "vast_4.4_spec.md", .ctvAdPortfolio: "ctv_ad_portfolio.md", .ctvQRCode: "ctv_qrcode.md",
    ]

    static func normalised(_ text: String) -> String {
        var out = text
        let replacements: [(String, String)] = [
            (#"<a name="[^"]*">\s*</a>"#, ""),
            (#"\[([^\]]*)\]\([^)]*\)"#, "$1"),
            (#"</?(b|i|em|strong|br|a)\b[^>]*>"#, ""),
            (#"[`*]"#, ""),
            (#"[:;|#]"#, " "),
            (#"[“”]"#, "\""),
            (#"[’‘]"#, "'"),
            (#"\s+"#, " "),
            (#" ([,.])"#, "$1"),
        ]
        for (pattern, template) in replacements {
            out = out.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// Whether every `...`-separated part of `quote` is found in `text`, in order.
    static func contains(_ text: String, quote: String) -> Bool {
        var from = text.startIndex
        for part in quote.components(separatedBy: "...").map(normalised) where !part.isEmpty {
            guard let found = text.range(of: part, range: from..<text.endIndex) else { return false }
            from = found.upperBound
        }
        return true
    }

    @Test func quotesAreFoundInTheSpecText() throws {
        var checked = 0
        for (document, file) in Self.textFiles {
            let text = Self.normalised(String(decoding: try IABReference.data(file), as: UTF8.self))
            for rule in AllRules.descriptions {
                for reference in rule.specReferences where reference.document == document {
                    checked += 1
                    #expect(Self.contains(text, quote: reference.quote), "\(rule.id): the quote of \(document.rawValue) §\(reference.section) is not in \(file): \(reference.quote)")
                }
            }
        }
        #expect(checked > 200)
    }

    @Test func normalisationKeepsWordsAndDropsMarkup() {
        #expect(Self.normalised("|width* | The native width |") == "width The native width")
        #expect(Self.normalised("One of `<StaticResource>`, or <b>x</b>") == "One of <StaticResource>, or x")
        #expect(Self.contains(Self.normalised("a b c d e"), quote: "a ... c d"))
        #expect(!Self.contains(Self.normalised("a b c d e"), quote: "c ... a"))
        #expect(!Self.contains(Self.normalised("the player must"), quote: "the player should"))
    }
}
