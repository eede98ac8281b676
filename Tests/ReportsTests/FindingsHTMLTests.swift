import ConformCore
import Foundation
import Testing
import Validation
import XMLCore
@testable import Reports

@Suite struct FindingsHTMLTests {
    /// The page parsed as XML (it is written well-formed), without its doctype line.
    static func parse(_ html: String) throws -> XMLElement {
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        let body = html.split(separator: "\n", maxSplits: 1).last.map(String.init) ?? ""
        let document = XMLParser.parse(Data(body.utf8))
        #expect(document.isWellFormed && document.messages.isEmpty, "\(document.messages)")
        return try #require(document.root)
    }

    /// Every element under `element` (itself included) named `name`, in document order.
    static func all(_ name: String, in element: XMLElement) -> [XMLElement] {
        var out: [XMLElement] = element.name == name ? [element] : []
        for child in element.children { out += all(name, in: child) }
        return out
    }

    /// The text of `element` and everything under it.
    static func text(_ element: XMLElement) -> String {
        var out = element.text
        for child in element.children { out += text(child) }
        return out
    }

    static func finding(_ rule: String, _ severity: Severity, line: Int?, column: Int = 1, file: String? = "tag.xml",
                        message: String = "a finding") -> Diagnostic {
        Diagnostic(ruleID: rule, severity: severity, message: message, file: file,
                   position: line.map { SourcePosition(line: $0, column: column) }, path: nil,
                   spec: SpecReference(document: .vast43, section: "3.4.1", quote: "q"))
    }

    /// The table rows of a page's source listing: (class, line-number cell, rest of the row's text).
    static func rows(_ root: XMLElement) -> [(kind: String, number: String, text: String)] {
        all("tr", in: root).map { row in
            let cells = row.children.map { $0 }
            return (row.attribute("class") ?? "", cells.first.map(text) ?? "", cells.dropFirst().map(text).joined())
        }
    }

    @Test func everyFindingFollowsTheLineItPointsAt() throws {
        let source = "<VAST version=\"4.2\">\n  <Ad id=\"1\">\n    <InLine>\n    </InLine>\n  </Ad>\n</VAST>\n"
        let inputs = [
            FindingsOutput.Input(name: "tag.xml", diagnostics: [
                Self.finding("VAST-2.0-inline-adsystem", .error, line: 3, column: 5, message: "<InLine> has no <AdSystem>"),
                Self.finding("VAST-4.1-adservingid-present", .warning, line: 3, column: 5),
                Self.finding("VAST-2.0-url-http", .info, line: 5),
                Self.finding("PROFILE-pause-no-nonlinear", .warning, line: nil),
                Self.finding("CHAIN-hop-failed", .error, line: 2, file: "https://ads.example.com/w2.xml"),
            ], source: source),
            FindingsOutput.Input(name: "clean.xml", diagnostics: [], source: nil),
        ]
        let html = FindingsOutput.html(inputs, threshold: .error)
        let root = try Self.parse(html)
        #expect(Self.text(try #require(Self.all("title", in: root).first)) == "conform check: failed")
        let rows = Self.rows(root)
        // A six-line tag is shown whole; each finding right under its line, in the order given.
        #expect(rows.map(\.kind) == ["line", "line", "line marked error", "finding error", "finding warning", "line",
                                     "line marked info", "finding info", "line"])
        #expect(rows.filter { $0.kind.hasPrefix("line") }.map(\.number) == ["1", "2", "3", "4", "5", "6"])
        // (The parser the test reads the page with trims text: the indentation is in the page, not in `text`.)
        #expect(rows[2].text == "<InLine>" && html.contains("<td class=\"code\">    &lt;InLine&gt;</td>"))
        #expect(rows[3].text.contains("VAST-2.0-inline-adsystem") && rows[3].text.contains("3:5"))
        #expect(rows[3].text.contains("<InLine> has no <AdSystem>") && rows[3].text.contains("see IAB VAST 4.3 §3.4.1"))
        // Without a line, or of another file (a chain hop's): listed above the source, the other file named.
        let listed = Self.all("ul", in: root).filter { $0.attribute("class") == "findings" }.flatMap { $0.children.map(Self.text) }
        #expect(listed.count == 2)
        #expect(listed[0].contains("PROFILE-pause-no-nonlinear"))
        #expect(listed[1].contains("https://ads.example.com/w2.xml:2:1") && listed[1].contains("CHAIN-hop-failed"))
        // The clean input is in the list of inputs, without a section.
        let navigation = try #require(Self.all("nav", in: root).first)
        #expect(Self.all("a", in: navigation).map(Self.text) == ["tag.xml", "clean.xml"])
        #expect(Self.all("a", in: navigation).map { $0.attribute("href") } == ["#input-1", nil])
        #expect(Self.all("span", in: navigation).map(Self.text) == ["5", "no findings"])
        #expect(Self.all("section", in: root).map { $0.attribute("id") } == ["input-1"])
        #expect(rows[2].kind == "line marked error" && Self.all("tr", in: root)[2].attribute("id") == "input-1-L3")
    }

    @Test func theVerdictFollowsTheThreshold() throws {
        let inputs = [FindingsOutput.Input(name: "a.xml", diagnostics: [Self.finding("R", .warning, line: 1, file: "a.xml")], source: "x")]
        #expect(FindingsOutput.html(inputs, threshold: .error).contains("<title>conform check: passed</title>"))
        #expect(FindingsOutput.html(inputs, threshold: .warning).contains("<title>conform check: failed</title>"))
        let none = FindingsOutput.html([], threshold: .error, command: "params", noun: "string")
        #expect(none.contains("0 strings, 0 strings with findings at or above error"))
    }

    @Test func textFromTheTagIsEscaped() throws {
        let source = "<VAST><![CDATA[<script>alert('x & y')</script>]]>\u{1}</VAST>"
        let inputs = [FindingsOutput.Input(name: "<b>evil</b>.xml", diagnostics: [
            Self.finding("R-1", .error, line: 1, file: "<b>evil</b>.xml", message: "\"quoted\" <img src=x onerror=alert(1)>"),
        ], source: source)]
        let html = FindingsOutput.html(inputs, threshold: .error)
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("<b>"))
        let root = try Self.parse(html)
        let rows = Self.rows(root)
        // The control character is left out; the rest reads as in the tag.
        #expect(rows.first?.text == "<VAST><![CDATA[<script>alert('x & y')</script>]]></VAST>")
        #expect(Self.text(try #require(Self.all("h2", in: root).first)) == "<b>evil</b>.xml")
    }

    @Test func aLongSourceShowsTheLinesAroundItsFindings() throws {
        let source = (1 ... 1_000).map { "line \($0)" }.joined(separator: "\n")
        let inputs = [FindingsOutput.Input(name: "tag.xml", diagnostics: [
            Self.finding("R-1", .error, line: 500), Self.finding("R-2", .info, line: 504), Self.finding("R-3", .info, line: 990),
        ], source: source)]
        let rows = Self.rows(try Self.parse(FindingsOutput.html(inputs, threshold: .error)))
        let numbers = rows.filter { $0.kind.hasPrefix("line") }.map { Int($0.number) ?? 0 }
        #expect(numbers == Array(497 ... 507) + Array(987 ... 993))
        #expect(rows.filter { $0.kind == "gap" }.map(\.text) == ["496 lines not shown", "479 lines not shown", "7 lines not shown"])
        // Up to the limit, a source is shown whole.
        var limits = FindingsOutput.SourceLimits()
        limits.wholeSourceLines = 1_000
        let whole = Self.rows(try Self.parse(FindingsOutput.html(inputs, threshold: .error, limits: limits)))
        #expect(whole.filter { $0.kind.hasPrefix("line") }.count == 1_000)
        #expect(!whole.contains { $0.kind == "gap" })
    }

    @Test func aTagOnOneLineIsCutAndEachFindingQuotesItsColumn() throws {
        let source = String(repeating: "a", count: 2_999) + "Z" + String(repeating: "b", count: 3_000)
        let inputs = [FindingsOutput.Input(name: "tag.xml", diagnostics: [Self.finding("R-1", .error, line: 1, column: 3_000)],
                                           source: source)]
        let root = try Self.parse(FindingsOutput.html(inputs, threshold: .error))
        let rows = Self.rows(root)
        #expect(rows[0].text == String(repeating: "a", count: 2_000) + "… 4,000 more characters")
        let marks = Self.all("mark", in: root).map(Self.text)
        #expect(marks == ["Z"])
        #expect(Self.all("div", in: root).filter { $0.attribute("class") == "quote" }.count == 1)
        let html = FindingsOutput.html(inputs, threshold: .error)
        #expect(html.contains("<div class=\"quote\">…" + String(repeating: "a", count: 60) + "<mark>Z</mark>" + String(repeating: "b", count: 59) + "…</div>"))
    }

    @Test func findingsPastTheLimitAreCounted() throws {
        let source = (1 ... 10).map { "line \($0)" }.joined(separator: "\n")
        let inputs = [FindingsOutput.Input(name: "tag.xml", diagnostics: (1 ... 5).map { Self.finding("R-\($0)", .warning, line: $0 * 2) },
                                           source: source)]
        var limits = FindingsOutput.SourceLimits()
        limits.findingsPerInput = 2
        let root = try Self.parse(FindingsOutput.html(inputs, threshold: .error, limits: limits))
        #expect(Self.rows(root).filter { $0.kind.hasPrefix("finding") }.map { $0.text.contains("R-1") || $0.text.contains("R-2") } == [true, true])
        let more = try #require(Self.all("p", in: root).first { $0.attribute("class") == "more" })
        #expect(Self.text(more) == "3 more findings not shown here: the first 2 are; the totals count every one, and the other formats list them all.")
        #expect(Self.text(try #require(Self.all("p", in: root).first)).contains("5 warnings"))
    }

    @Test func playerFlowVerdictsHeadTheSection() throws {
        let inputs = [
            FindingsOutput.Input(name: "clean.xml", diagnostics: [], source: nil,
                                 verdicts: [(flow: "pause:", verdict: "eligible: <NonLinear> image 1/1"), (flow: "ssai:", verdict: "1 ad break(s)")]),
            FindingsOutput.Input(name: "plain.xml", diagnostics: []),
        ]
        let root = try Self.parse(FindingsOutput.html(inputs, threshold: .error))
        // An input without findings gets a section for its verdicts; one with neither does not.
        #expect(Self.all("section", in: root).map { $0.attribute("id") } == ["input-1"])
        let verdicts = try #require(Self.all("ul", in: root).first { $0.attribute("class") == "verdicts" })
        #expect(verdicts.children.map { Self.all("span", in: $0).map(Self.text) } == [["pause:"], ["ssai:"]])
        #expect(verdicts.children.map(\.text) == ["eligible: <NonLinear> image 1/1", "1 ad break(s)"])
    }

    @Test func quotesCountColumnsAsTheParserDoes() throws {
        // libxml2 counts code points, and one column for a tab: "é" and "\t" are one column each.
        let line = "\t" + String(repeating: "é", count: 100) + "<Impression>" + String(repeating: "x", count: 100)
        let inputs = [FindingsOutput.Input(name: "tag.xml", diagnostics: [Self.finding("R-1", .info, line: 1, column: 102)], source: line)]
        let root = try Self.parse(FindingsOutput.html(inputs, threshold: .error))
        #expect(Self.all("mark", in: root).map(Self.text) == ["<"])
    }

    @Test func aStringOfAFileIsNumberedFromItsLine() throws {
        let inputs = [FindingsOutput.Input(name: "strings.txt", diagnostics: [Self.finding("PARAM-x", .error, line: 12, column: 4, file: "strings.txt")],
                                           label: "strings.txt:12", source: "ad_type=carousel", sourceFirstLine: 12)]
        let root = try Self.parse(FindingsOutput.html(inputs, threshold: .error, command: "params", noun: "string"))
        let rows = Self.rows(root)
        #expect(rows.map(\.kind) == ["line marked error", "finding error"])
        #expect(rows[0].number == "12" && rows[0].text == "ad_type=carousel")
        #expect(Self.text(try #require(Self.all("h2", in: root).first)) == "strings.txt:12")
    }

    @Test func switchedOffFindingsAreListedWithTheirDirective() throws {
        let off = SuppressedFinding(diagnostic: Self.finding("VAST-2.0-url-http", .warning, line: 2), directive: "conform-disable-next-line",
                                    directivePosition: SourcePosition(line: 1, column: 1), reason: "partner pixel")
        let inputs = [FindingsOutput.Input(name: "tag.xml", diagnostics: [], suppressed: [off], source: "<!-- -->\n<VAST/>")]
        let root = try Self.parse(FindingsOutput.html(inputs, threshold: .error))
        let details = try #require(Self.all("details", in: root).first)
        let text = Self.text(details)
        #expect(text.contains("1 finding switched off by directives in the source"))
        #expect(text.contains("VAST-2.0-url-http") && text.contains("by conform-disable-next-line on line 1: partner pixel"))
        #expect(Self.rows(root).isEmpty, "no finding left to show in the source")
    }

    @Test func sourcesAreSplitAtEveryKindOfLineBreak() {
        #expect(FindingsOutput.sourceLines("a\r\nb\rc\nd\te") == ["a", "b", "c", "d\te"])
        #expect(FindingsOutput.sourceLines("a\n\nb\n") == ["a", "", "b"])
        #expect(FindingsOutput.sourceLines("") == [])
    }

    @Test func sourceBytesAreReadAsTheirEncoding() {
        var utf16 = Data([0xFF, 0xFE])
        for unit in "<VAST/>é".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(FindingsOutput.sourceText(utf16) == "<VAST/>é")
        #expect(FindingsOutput.sourceText(Data([0xEF, 0xBB, 0xBF]) + Data("<VAST/>".utf8)) == "<VAST/>")
        #expect(FindingsOutput.sourceText(Data([0x3C, 0xFF, 0x3E])) == "<\u{FFFD}>")
    }
}
