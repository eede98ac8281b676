import ConformCore
import Conformance
import Foundation
import Testing
import XMLCore
@testable import Reports

/// A strict expected failure that failed as declared is a pass, shown apart in every report format.
@Suite("Expected failures in reports")
struct ExpectedFailureReportTests {
    static let mismatch = UnmetExpectation(
        check: .tracking, expected: "start: [https://t.example/1]", actual: "start: [https://t.example/1, https://t.example/2]")

    static let results: RunResults = {
        var expected = CaseResult(
            id: "judge/tracking-subset.xml", suite: "judge", kind: .vast, status: .passed, actualVerdict: "valid",
            checks: [.tracking: .pass], file: "judge/tracking-subset.xml", durationMilliseconds: 1)
        expected.expectedFailure = ExpectedFailureOutcome(reason: "tracking is compared exactly", unmet: [mismatch])
        let plain = CaseResult(id: "judge/plain.xml", suite: "judge", kind: .vast, status: .passed, actualVerdict: "valid",
                               checks: [.tracking: .pass], file: "judge/plain.xml", durationMilliseconds: 1)
        return RunResults(info: RunInfo(conformVersion: "0.1.0", corpus: "Corpus/", totals: RunTotals(cases: 2, passed: 2)),
                          cases: [expected, plain])
    }()

    @Test func everyFormatShowsTheExpectedFailureApart() throws {
        let markdown = try MarkdownReporter().render(Self.results, rules: [])
        #expect(markdown.contains("✅ passed: all 2 cases met their expectations"))
        #expect(markdown.contains("1 expected failure met"))
        #expect(markdown.contains("### Expected failures met (1)"))
        #expect(markdown.contains("| `judge/tracking-subset.xml` | tracking is compared exactly | 1 |"))
        #expect(!markdown.contains("`judge/plain.xml` |"))

        let junit = try JUnitReporter().render(Self.results, rules: [])
        #expect(junit.contains(#"failures="0" errors="0" skipped="0""#))
        #expect(junit.contains("<system-out>expected failure: tracking is compared exactly\ncheck:    tracking\n"))
        #expect(junit.contains(#"<testcase name="judge/plain.xml" classname="judge" file="Corpus/judge/plain.xml" time="0.001"/>"#))
        #expect(XMLParser.validate(Data(junit.utf8), schema: JUnitSchemaTests.schema, targetNamespace: nil).isEmpty)

        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(try SARIFReporter().render(Self.results, rules: []).utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 1)
        #expect(results.first?["kind"] as? String == "pass")
        #expect(results.first?["level"] as? String == "none")
        #expect(results.first?["ruleId"] as? String == "conform-expected-failure")
        #expect((results.first?["message"] as? [String: Any])?["text"] as? String
                == "judge/tracking-subset.xml: expected failure met (tracking is compared exactly): tracking: expected start: [https://t.example/1]; actual start: [https://t.example/1, https://t.example/2]")
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.contains { $0["id"] as? String == "conform-expected-failure" })

        let html = try HTMLReporter().render(Self.results, rules: [])
        #expect(html.contains(#""xf":["tracking is compared exactly","tracking: expected start: [https:\/\/t.example\/1]; actual start: [https:\/\/t.example\/1, https:\/\/t.example\/2]"]"#)
                || html.contains(#""xf":["tracking is compared exactly","tracking: expected start: [https://t.example/1]; actual start: [https://t.example/1, https://t.example/2]"]"#))
        #expect(html.components(separatedBy: "\"xf\":").count == 2, "only the expected failure carries xf")

        let json = try JSONDecoder().decode(RunResults.self, from: Data(try JSONReporter().render(Self.results, rules: []).utf8))
        #expect(json.cases.first { $0.id == "judge/tracking-subset.xml" }?.expectedFailure?.unmet == [Self.mismatch])
        #expect(json.cases.first { $0.id == "judge/plain.xml" }?.expectedFailure == nil)
    }

    /// `conform report` reads saved results case by case (an outline of each for most formats): the expected
    /// failure survives it, and every format matches the in-memory report.
    @Test func savedResultsKeepTheExpectedFailure() throws {
        let folder = try SavedResultsTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try ReportFormat.formats(in: .run).map { try #require($0.reporter).render(Self.results, rules: []) }
        for (number, file) in try SavedResultsTests.layouts(Self.results, in: folder).enumerated() {
            let output = folder.appendingPathComponent("out-\(number)")
            try ReportWriter.write(resultsAt: file, rules: [], formats: ReportFormat.formats(in: .run), to: output)
            for (format, text) in zip(ReportFormat.formats(in: .run), expected) {
                let saved = try String(contentsOf: output.appendingPathComponent(try #require(format.fileName)), encoding: .utf8)
                #expect(saved == text, "\(format) from \(file.lastPathComponent) differs from the in-memory report")
            }
        }
    }
}
