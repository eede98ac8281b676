import Foundation
import Testing
@testable import Conformance

/// Meta cases (a nested corpus whose run is pinned) and the exit decision `conform run` shares with them.
@Suite struct MetaCaseTests {
    /// A nested corpus with a passing case, a failing one and one that cannot run.
    func nested(_ corpus: TemporaryCorpus, in folder: String) throws {
        try corpus.write("\(folder)/corpus/pass.xml", Tags.validVAST)
        try corpus.write("\(folder)/corpus/pass.expect.json", #"{"version": 1, "verdict": "valid"}"#)
        try corpus.write("\(folder)/corpus/fail.xml", Tags.validVAST)
        try corpus.write("\(folder)/corpus/fail.expect.json", #"{"version": 1, "verdict": "invalid"}"#)
        try corpus.write("\(folder)/corpus/broken.expect.json", #"{"version": 1}"#)
    }

    @Test func theNestedRunIsTheCaseNotItsCases() throws {
        let corpus = try TemporaryCorpus()
        try nested(corpus, in: "m/run")
        try corpus.write("m/run/meta.json", #"""
            {"version": 1, "expect": {"version": 1, "run": {"cases": 3, "passed": 1, "failed": 1, "errors": 1,
             "expectedFailures": 0, "failing": ["broken.expect.json", "fail.xml"], "exitCode": 1}}}
            """#)
        let (summary, results) = try run(RunOptions(corpus: corpus.root))
        #expect(results.all.map(\.id) == ["m/run"])
        let result = try #require(results.result("m/run"))
        #expect(result.kind == .meta)
        #expect(result.status == .passed, "\(result.unmet)")
        #expect(result.checks[.run] == .pass)
        #expect(result.run?.totals == RunTotals(cases: 3, passed: 1, failed: 1, errors: 1))
        #expect(result.run?.exitCode == 1)
        #expect(summary.selfCheckFailures.isEmpty)
    }

    @Test func aWrongPinFailsTheCaseAndTheGateRefusesTheRun() throws {
        let corpus = try TemporaryCorpus()
        try nested(corpus, in: "m/run")
        try corpus.write("m/run/meta.json", #"""
            {"version": 1, "expect": {"version": 1, "run": {"passed": 3, "failing": [], "exitCode": 0}}}
            """#)
        let (summary, results) = try run(RunOptions(corpus: corpus.root))
        let result = try #require(results.result("m/run"))
        #expect(result.status == .failed)
        #expect(result.unmet.map { "\($0.expected) / \($0.actual)" } == [
            "passed 3 / passed 1", "failing [] / failing [broken.expect.json, fail.xml]", "exit status 0 / exit status 1"])
        #expect(summary.selfCheckFailures == ["m/run"])
        // A failing meta case makes the run untrustworthy: exit 2, even against a baseline that lists it.
        let decision = RunGate.decide(totals: summary.totals, baseline: BaselineComparison(stillFailing: ["m/run"]),
                                      selfCheckFailures: summary.selfCheckFailures)
        #expect(decision == .selfCheckFailed(["m/run"]))
        #expect(decision.exitCode == 2)
    }

    @Test func reportCountsNeedTheReportsReader() throws {
        let corpus = try TemporaryCorpus()
        try nested(corpus, in: "m/run")
        try corpus.write("m/run/meta.json", #"{"version": 1, "expect": {"version": 1, "run": {"reports": {"junit": {"tests": 3}}}}}"#)
        let (_, without) = try run(RunOptions(corpus: corpus.root))
        #expect(without.result("m/run")?.status == .error)
        // A reader that states one count: the pinned one holds, and a stated count left out is a mismatch.
        let options = RunOptions(corpus: corpus.root, evaluators: CaseEvaluators().readingReports { results in
            ["junit": ["tests": results.cases.count, "failures": results.cases.filter { $0.status == .failed }.count]]
        })
        let (_, with) = try run(options)
        let result = try #require(with.result("m/run"))
        #expect(result.unmet.map { "\($0.expected) / \($0.actual)" } == ["junit failures not pinned / junit failures 1"])
    }

    @Test func metaFileIsStrict() throws {
        let corpus = try TemporaryCorpus()
        try nested(corpus, in: "m/run")
        try corpus.write("m/run/meta.json", #"{"version": 1, "corpus": "../elsewhere"}"#)
        try nested(corpus, in: "m/typo")
        try corpus.write("m/typo/meta.json", #"{"version": 1, "expect": {"version": 1, "run": {"exit": 1}}}"#)
        let (_, results) = try run(RunOptions(corpus: corpus.root))
        #expect(results.result("m/run")?.status == .error)
        #expect(results.result("m/typo")?.errorMessage?.contains("unknown key 'exit'") == true)
    }

    @Test func theGateDecision() {
        #expect(RunGate.decide(totals: RunTotals(cases: 2, passed: 2)) == .passed)
        #expect(RunGate.decide(totals: RunTotals(cases: 2, passed: 1, failed: 1)) == .findings)
        #expect(RunGate.decide(totals: RunTotals(cases: 2, passed: 1, errors: 1)) == .findings)
        #expect(RunGate.decide(totals: RunTotals()) == .nothingRan)
        #expect(RunGate.decide(totals: RunTotals(), sharded: true) == .passed)
        #expect(RunGate.decide(totals: RunTotals(cases: 1, failed: 1), interrupted: true) == .interrupted)
        #expect(RunGate.decide(totals: RunTotals(cases: 1, failed: 1), baseline: BaselineComparison(stillFailing: ["a"])) == .passed)
        #expect(RunGate.decide(totals: RunTotals(cases: 1, failed: 1), baseline: BaselineComparison(newFailures: ["a"])) == .findings)
        #expect([RunGate.Decision.passed, .findings, .nothingRan, .selfCheckFailed(["m"]), .interrupted].map(\.exitCode) == [0, 1, 2, 2, 130])
    }
}
