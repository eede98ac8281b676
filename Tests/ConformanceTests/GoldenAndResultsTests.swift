import ConformCore
import Foundation
import Testing
@testable import Conformance

@Suite struct GoldenSnapshotTests {
    @Test func recordThenCompareThenDetectAChange() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("g/tag.xml", Tags.missingAdSystem)
        try corpus.write("g/plain.xml", Tags.validVAST)
        try corpus.write("g/tag.expect.json", #"{"version": 1, "verdict": "invalid"}"#)

        // Without an expectation or a snapshot, a bare .xml is an error.
        #expect(try run(RunOptions(corpus: corpus.root)).1.result("g/plain.xml")?.status == .error)

        let (recorded, _) = try run(RunOptions(corpus: corpus.root, record: true))
        #expect(recorded.totals == RunTotals(cases: 2, passed: 2, failed: 0, errors: 0))
        #expect(corpus.exists("g/tag.golden.json"))
        #expect(corpus.exists("g/plain.golden.json"))
        let snapshot = try JSONDecoder().decode(OutcomeSnapshot.self, from: Data(corpus.read("g/tag.golden.json").utf8))
        #expect(snapshot.verdict == "invalid")
        let errors = snapshot.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.rule) == ["VAST-2.0-inline-adsystem"])
        #expect(errors.first?.line == 2)
        let bytes = try corpus.read("g/tag.golden.json")

        // Recording again gives the same bytes, and comparing passes.
        _ = try run(RunOptions(corpus: corpus.root, record: true))
        #expect(try corpus.read("g/tag.golden.json") == bytes)
        #expect(try run(RunOptions(corpus: corpus.root)).0.totals.passed == 2)

        // The tag changes: the same verdict, but the diagnostic moved; the difference is shown.
        try corpus.write("g/tag.xml", Tags.missingAdSystem.replacingOccurrences(of: "\n  <InLine>", with: "\n\n  <InLine>"))
        let (_, results) = try run(RunOptions(corpus: corpus.root))
        let changed = try #require(results.result("g/tag.xml"))
        #expect(changed.status == .failed)
        #expect(changed.unmet.first?.check == .rules)
        let diff = try #require(changed.unmet.first?.actual).split(separator: "\n").map(String.init)
        #expect(diff.contains("- 2:3 error VAST-2.0-inline-adsystem: <InLine> has no <AdSystem>"))
        #expect(diff.contains("+ 3:3 error VAST-2.0-inline-adsystem: <InLine> has no <AdSystem>"))
        // A plain tag turning invalid shows the verdict change too.
        try corpus.write("g/plain.xml", Tags.missingAdSystem)
        let plain = try #require(try run(RunOptions(corpus: corpus.root)).1.result("g/plain.xml"))
        #expect(plain.unmet.map(\.check) == [.parse, .rules])
        #expect(plain.unmet.first?.expected == "golden verdict valid")
    }

    @Test func anUnreadableSnapshotIsAnError() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("g/a.xml", Tags.validVAST)
        try corpus.write("g/a.golden.json", "{not json")
        let result = try #require(try run(RunOptions(corpus: corpus.root)).1.result("g/a.xml"))
        #expect(result.status == .error)
        #expect(result.errorMessage?.contains("re-record it with --record") == true)
    }

    @Test func tableSnapshotsKeepRowsThatDidNotRun() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("params/t.tsv", "a\taccepted\tcustomCTA\t-\tcta=1\nb\trejected\t-\t-\tx=1\n")
        var options = RunOptions(corpus: corpus.root, record: true)
        options.evaluators.parameters = ParameterTableTests.fakeEvaluator
        _ = try run(options)
        let first = try JSONDecoder().decode(TableSnapshot.self, from: Data(corpus.read("params/t.tsv.golden.json").utf8))
        #expect(first.rows.keys.sorted() == ["a", "b"])
        #expect(first.rows["a"]?.parameters?.format == "customCTA")

        options.filter = CaseFilter(["params/t.tsv#a"])
        _ = try run(options)
        let second = try JSONDecoder().decode(TableSnapshot.self, from: Data(corpus.read("params/t.tsv.golden.json").utf8))
        #expect(second == first)

        // A changed analyser result is a failure against the snapshot.
        options.record = false
        options.filter = CaseFilter([])
        options.evaluators.parameters = { string, line, policy in
            var outcome = ParameterTableTests.fakeEvaluator(string, line, policy)
            outcome.fields["extra"] = "1"
            return outcome
        }
        let (_, results) = try run(options)
        #expect(results.result("params/t.tsv#a")?.unmet.map(\.check) == [.parameters])
    }
}

@Suite struct ResultsFileTests {
    func sample(_ id: String, _ status: CaseStatus) -> CaseResult {
        CaseResult(id: id, suite: "s", kind: .vast, status: status, actualVerdict: "valid",
                   diagnostics: [Diagnostic(ruleID: "R", severity: .error, message: "m \(id)")], file: id)
    }

    @Test func streamsThenWritesSortedFiles() throws {
        let corpus = try TemporaryCorpus()
        let folder = corpus.url("out")
        let writer = try ResultsWriter(folder: folder)
        for id in ["c", "a", "b"] { writer.append(sample(id, id == "b" ? .failed : .passed)) }
        // Before finishing, the stream already holds every case (an interrupted run keeps them).
        let streamed = try ResultsReader.read(folder.appendingPathComponent("results.jsonl"))
        #expect(streamed.cases.map(\.id) == ["a", "b", "c"])
        #expect(streamed.info.interrupted)

        var info = RunInfo(conformVersion: "t", corpus: "c", interrupted: true)
        for id in ["a", "b", "c"] { info.totals.add(id == "b" ? .failed : .passed) }
        try writer.finish(info: info)
        let results = try ResultsReader.read(folder)
        #expect(results == RunResults(info: info, cases: [sample("a", .passed), sample("b", .failed), sample("c", .passed)]))
        let lines = try corpus.read("out/results.jsonl").split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains(#""id":"a""#))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func emptyRunsWriteValidResults() throws {
        let corpus = try TemporaryCorpus()
        let writer = try ResultsWriter(folder: corpus.url("out"))
        try writer.finish(info: RunInfo(conformVersion: "t", corpus: "c"))
        #expect(try ResultsReader.read(corpus.url("out")).cases.isEmpty)
    }

    @Test func checksEncodeAsAnObject() throws {
        var result = sample("a", .passed)
        result.checks = [.parse: .pass, .rules: .notApplicable]
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(json.contains(#""checks":{"#))
        #expect(try JSONDecoder().decode(CaseResult.self, from: Data(json.utf8)) == result)
    }
}
