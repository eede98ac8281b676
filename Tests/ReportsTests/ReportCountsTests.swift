import Conformance
import Foundation
import Testing
@testable import Reports

/// The counts each report states, read back from its text, as meta cases pin them.
@Suite struct ReportCountsTests {
    static let results = RunResults(
        info: RunInfo(conformVersion: "test", corpus: "c", totals: RunTotals(cases: 4, passed: 2, failed: 1, errors: 1)),
        cases: {
            var met = CaseResult(id: "xfail.xml", suite: ".", kind: .vast, status: .passed, actualVerdict: "valid", file: "xfail.xml")
            met.expectedFailure = ExpectedFailureOutcome(reason: "r", unmet: [UnmetExpectation(check: .parse, expected: "verdict invalid", actual: "verdict valid")])
            return [
                CaseResult(id: "pass.xml", suite: ".", kind: .vast, status: .passed, actualVerdict: "valid", file: "pass.xml"),
                CaseResult(id: "fail.xml", suite: ".", kind: .vast, status: .failed, expectedVerdict: "invalid", actualVerdict: "valid",
                           unmet: [UnmetExpectation(check: .parse, expected: "verdict invalid", actual: "verdict valid")], file: "fail.xml"),
                CaseResult(id: "broken", suite: ".", kind: .vast, status: .error, actualVerdict: "error", file: "broken", errorMessage: "cannot run"),
                met,
            ]
        }())

    @Test func everyFormatStatesTheRunsCounts() throws {
        let counts = try ReportCounts.read(Self.results)
        #expect(counts["junit"] == ["tests": 4, "failures": 1, "errors": 1, "skipped": 0, "testcases": 4])
        #expect(counts["sarif"] == ["results": 3, "errors": 2, "passes": 1])
        #expect(counts["json"] == ["cases": 4, "passed": 2, "failed": 1, "errors": 1, "entries": 4, "expectedFailures": 1])
        #expect(counts["markdown"] == ["cases": 4, "passed": 2, "failed": 1, "errors": 1, "expectedFailures": 1])
        #expect(counts["html"] == ["cases": 4, "passed": 2, "failed": 1, "errors": 1])
    }

    @Test func aReportWithoutCountsIsAnError() {
        #expect(throws: ReportError.self) { try ReportCounts.read("<testsuite/>", format: .junit) }
        #expect(throws: ReportError.self) { try ReportCounts.read("no table", format: .markdown) }
        #expect((try? ReportCounts.read("| Cases | Passed | Failed | Errors | Duration |\n|---:|---:|---:|---:|---:|\n| 1,200 | 1,199 | 1 | 0 | 2 s |\n", format: .markdown))
                == ["cases": 1200, "passed": 1199, "failed": 1, "errors": 0, "expectedFailures": 0])
    }
}
