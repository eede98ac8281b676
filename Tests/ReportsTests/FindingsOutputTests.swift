import ConformCore
import Foundation
import Testing
import XMLCore
@testable import Reports

@Suite struct FindingsOutputTests {
    static let inputs = [
        FindingsOutput.Input(name: "tags/pipe|tag.xml", diagnostics: [
            Diagnostic(ruleID: "VAST-2.0-inline-adsystem", severity: .error, message: "InLine has no <AdSystem>",
                       file: "tags/pipe|tag.xml", position: SourcePosition(line: 4, column: 5), path: "/VAST/Ad[1]/InLine",
                       spec: SpecReference(document: .vast2, section: "2.3.1", quote: "AdSystem: required")),
            Diagnostic(ruleID: "VAST-4.1-adservingid-present", severity: .info, message: "no AdServingId, a, b: c",
                       file: "tags/pipe|tag.xml", position: nil),
        ]),
        FindingsOutput.Input(name: "https://ads.example.com/vast?id=1", diagnostics: [
            Diagnostic(ruleID: "CHAIN-made-up", severity: .warning, message: "a finding of a rule the catalogue lacks",
                       position: SourcePosition(line: 2, column: 1)),
        ]),
        FindingsOutput.Input(name: "clean.xml", diagnostics: []),
    ]

    @Test func sarifHasAResultPerFindingWithItsRuleLevelAndPlace() throws {
        let text = try FindingsOutput.sarif(Self.inputs, rules: Fixture.rules, version: "9.9.9")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["version"] as? String == "9.9.9")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        // The rules the results name, each once, described from the catalogue where it has them.
        #expect(rules.compactMap { $0["id"] as? String } == ["CHAIN-made-up", "VAST-2.0-inline-adsystem", "VAST-4.1-adservingid-present"])
        #expect(rules[1]["name"] as? String == "InLineAdSystemRequired")
        #expect((rules[1]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        #expect(results.map { $0["level"] as? String } == ["error", "note", "warning"])
        func place(_ result: [String: Any]) throws -> (uri: String?, line: Int?, column: Int?) {
            let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let region = physical["region"] as? [String: Any]
            return ((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, region?["startLine"] as? Int,
                    region?["startColumn"] as? Int)
        }
        let first = try place(results[0])
        #expect(first.uri == "tags/pipe%7Ctag.xml" && first.line == 4 && first.column == 5)
        // No position: the file as a whole, at line 1 (code scanning needs a line).
        let second = try place(results[1])
        #expect(second.line == 1 && second.column == nil)
        // A URL input keeps its URL.
        #expect(try place(results[2]).uri == "https://ads.example.com/vast?id=1")
        let message = (results[0]["message"] as? [String: Any])?["text"] as? String
        #expect(message == "InLine has no <AdSystem> (see IAB VAST 2.0 §2.3.1)")
    }

    @Test func codeQualityHasAnIssuePerFindingWithGitLabsSeverities() throws {
        let text = try FindingsOutput.codeQuality(Self.inputs)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(issues.count == 3)
        #expect(issues.map { $0["check_name"] as? String } == ["VAST-2.0-inline-adsystem", "VAST-4.1-adservingid-present", "CHAIN-made-up"])
        #expect(issues.map { $0["severity"] as? String } == ["major", "info", "minor"])
        #expect(issues[0]["description"] as? String == "InLine has no <AdSystem> (see IAB VAST 2.0 §2.3.1)")
        let locations = issues.compactMap { $0["location"] as? [String: Any] }
        #expect(locations.map { $0["path"] as? String } == ["tags/pipe|tag.xml", "tags/pipe|tag.xml", "https://ads.example.com/vast?id=1"])
        // No position: line 1, the file as a whole.
        #expect(locations.map { ($0["lines"] as? [String: Any])?["begin"] as? Int } == [4, 1, 2])
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 3 && fingerprints.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        // No finding: an empty array, which GitLab reads as a clean report.
        let empty = try JSONSerialization.jsonObject(with: Data(try FindingsOutput.codeQuality([Self.inputs[2]]).utf8)) as? [Any]
        #expect(empty?.isEmpty == true)
    }

    @Test func codeQualityFingerprintsSurviveLineShiftsAndTellTwinsApart() throws {
        func report(_ lines: [Int], name: String = "./tags/a.xml") throws -> [[String: Any]] {
            let diagnostics = lines.map {
                Diagnostic(ruleID: "VAST-2.0-url-http", severity: .warning, message: "http", position: SourcePosition(line: $0, column: 3),
                           path: "/VAST/Ad[1]/InLine/Impression[1]")
            }
            let text = try FindingsOutput.codeQuality([FindingsOutput.Input(name: name, diagnostics: diagnostics)])
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        }
        let before = try report([8, 9]), after = try report([12, 13])
        let prints = before.compactMap { $0["fingerprint"] as? String }
        #expect(prints.count == 2 && prints[0] != prints[1], "identical findings are told apart by their rank")
        #expect(prints == after.compactMap { $0["fingerprint"] as? String }, "lines moved, same findings")
        #expect((before[0]["location"] as? [String: Any])?["path"] as? String == "tags/a.xml", "a leading ./ is dropped")
        let elsewhere = try report([8], name: "tags/b.xml")
        #expect(elsewhere.first?["fingerprint"] as? String != prints[0])
    }

    @Test func markdownListsFailingInputsFirstWithEscapedCells() {
        let text = FindingsOutput.markdown(Self.inputs, threshold: .error)
        #expect(text.hasPrefix("## conform check: ❌ failed\n\n3 inputs, 1 input with findings at or above error; 1 error, 1 warning, 1 info.\n"), "\(text)")
        // The input with an error comes first; the clean one is counted, not listed.
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("### ") }
        #expect(headings == ["### tags/pipe\\|tag.xml", "### https://ads.example.com/vast?id=1"], "\(headings)")
        #expect(text.contains("| error | 4:5 | `VAST-2.0-inline-adsystem` | InLine has no &lt;AdSystem&gt; (see IAB VAST 2.0 §2.3.1) |"), "\(text)")
        #expect(text.contains("| info |  | `VAST-4.1-adservingid-present` |"), "a finding without a place: \(text)")
        // Every table row keeps its four cells: the pipe in the file name is escaped.
        for row in text.split(separator: "\n") where row.hasPrefix("| ") {
            let unescaped = row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            #expect(unescaped == 5, "\(row)")
        }
        let params = FindingsOutput.markdown(Self.inputs, threshold: .error, command: "params", noun: "string")
        #expect(params.hasPrefix("## conform params: ❌ failed\n\n3 strings,"))
        let clean = FindingsOutput.markdown([FindingsOutput.Input(name: "clean.xml", diagnostics: [])], threshold: .warning)
        #expect(clean == "## conform check: ✅ passed\n\n1 input, 0 inputs with findings at or above warning; 0 errors, 0 warnings, 0 info.\n")
    }

    /// Each findings format renders with its own writer; text and JSON are the command's own, input by input; a
    /// name that is no findings format is an error, never a fallback.
    @Test func everyFindingsFormatRendersItsOwnOutputAndAnUnknownOneIsAnError() throws {
        let settings = FindingsOutput.Settings(threshold: .error, rules: Fixture.rules, version: "9.9.9", command: "check", noun: "input")
        func render(_ format: ReportFormat) throws -> String? {
            guard case .findings(let render) = format.renderer(in: .findings) else { return nil }
            return try render(Self.inputs, settings)
        }
        #expect(try render(.sarif) == FindingsOutput.sarif(Self.inputs, rules: Fixture.rules, version: "9.9.9"))
        #expect(try render(.codequality) == FindingsOutput.codeQuality(Self.inputs))
        #expect(try render(.github) == FindingsOutput.githubAnnotations(Self.inputs))
        #expect(try render(.html) == FindingsOutput.html(Self.inputs, threshold: .error))
        #expect(try render(.markdown) == FindingsOutput.markdown(Self.inputs, threshold: .error))
        #expect(try render(.junit) == FindingsOutput.junit(Self.inputs, threshold: .error))
        #expect(try render(.text) == nil && render(.json) == nil)
        let rendered = try ReportFormat.formats(in: .findings).compactMap(render)
        #expect(Set(rendered).count == rendered.count && rendered.count == 6)
        for name in ReportFormat.formats(in: .findings).map(\.rawValue) { #expect(try ReportFormat(name: name, in: .findings).rawValue == name) }
        #expect(throws: ReportError.unknownFormat("junit-xml", in: .findings)) { try ReportFormat(name: "junit-xml", in: .findings) }
    }

    @Test func sarifOfCleanInputsHasNoResults() throws {
        let text = try FindingsOutput.sarif([FindingsOutput.Input(name: "a.xml", diagnostics: [])], rules: Fixture.rules, version: "1")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.isEmpty == true)
    }

    /// A string given as an argument has no file: no location in SARIF, no file, line or column in annotations.
    @Test func inputsWithoutAFileHaveNoLocation() throws {
        let input = FindingsOutput.Input(name: nil, diagnostics: [
            Diagnostic(ruleID: "PARAM-duplicate-key", severity: .error, message: "key a twice", position: SourcePosition(line: 1, column: 9)),
        ])
        let text = try FindingsOutput.sarif([input], rules: Fixture.rules, version: "1")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        #expect((result["locations"] as? [Any])?.isEmpty == true)
        let annotations = FindingsOutput.githubAnnotations([input], command: "params", noun: "string")
        #expect(annotations == """
            ::error title=conform%3A PARAM-duplicate-key::key a twice
            ::notice title=conform::conform params: 1 string, 1 error, 0 warnings, 0 info

            """)
    }

    /// JUnit: a test case per input, failed by findings at or above the threshold, the others in its
    /// system-out; the document validates against the JUnit schema CI systems read.
    @Test(arguments: [Severity.error, .warning, .info])
    func junitFailsTheInputsWithFindingsAtTheThreshold(threshold: Severity) throws {
        let text = FindingsOutput.junit(Self.inputs, threshold: threshold)
        let messages = XMLParser.validate(Data(text.utf8), schema: JUnitSchemaTests.schema, targetNamespace: nil)
        #expect(messages.isEmpty, "\(messages)")
        let root = try #require(XMLParser.parse(text).root)
        let suite = try #require(root.child("testsuite"))
        let cases = suite.children("testcase")
        #expect(cases.map { $0.attribute("name") } == ["tags/pipe|tag.xml", "https://ads.example.com/vast?id=1", "clean.xml"])
        let failed = cases.map { $0.child("failure") != nil }
        switch threshold {
        case .error: #expect(failed == [true, false, false])
        case .warning: #expect(failed == [true, true, false])
        case .info: #expect(failed == [true, true, false])
        }
        #expect(suite.attribute("failures") == String(failed.filter { $0 }.count))
        #expect(root.attribute("tests") == "3")
        let first = cases[0]
        #expect(first.child("failure")?.text.hasPrefix("tags/pipe|tag.xml:4:5: error: InLine has no <AdSystem>") == true)
        // The info finding fails only at the info threshold; below it, it is output.
        #expect((first.child("system-out") != nil) == (threshold != .info))
        let expected = threshold == .info ? "2 findings at or above info" : "1 finding at or above \(threshold.rawValue)"
        #expect(first.child("failure")?.attribute("message") == expected)
        #expect(cases[2].childCount == 0)
    }

    @Test func junitNamesInputsByLabelThenName() throws {
        let inputs = [
            FindingsOutput.Input(name: "s.txt", diagnostics: [], label: "s.txt:3"),
            FindingsOutput.Input(name: nil, diagnostics: []),
        ]
        let root = try #require(XMLParser.parse(FindingsOutput.junit(inputs, threshold: .error, command: "params", noun: "string")).root)
        let cases = try #require(root.child("testsuite")).children("testcase")
        #expect(cases.map { $0.attribute("name") } == ["s.txt:3", "string 2"])
        #expect(cases.map { $0.attribute("classname") } == ["conform.params", "conform.params"])
        #expect(cases.map { $0.attribute("file") } == ["s.txt", nil])
    }

    @Test func githubAnnotationsHaveOneCommandPerFindingThenTheTotals() {
        let lines = FindingsOutput.githubAnnotations(Self.inputs).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5)  // three findings, the totals, the final newline
        #expect(lines[0] == "::error file=tags/pipe|tag.xml,line=4,col=5,title=conform%3A VAST-2.0-inline-adsystem::InLine has no <AdSystem> (see IAB VAST 2.0 §2.3.1)")
        // Properties escape ',' and ':'; the message keeps them.
        #expect(lines[1] == "::notice file=tags/pipe|tag.xml,title=conform%3A VAST-4.1-adservingid-present::no AdServingId, a, b: c")
        #expect(lines[2].hasPrefix("::warning file=https%3A//ads.example.com/vast?id=1,line=2,col=1,title=conform%3A CHAIN-made-up::"))
        #expect(lines[3] == "::notice title=conform::conform check: 3 inputs, 1 error, 1 warning, 1 info")
        #expect(lines[4].isEmpty)
    }
}
