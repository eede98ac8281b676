import ConformCore
import ConformTestSupport
import Reports
import Foundation
import Testing
import VAST
@testable import Conformance

/// Chain cases run through the evaluator conform itself uses (offline resolution through the case's
/// URI map with the Chain module, then its tracking collector).
let standardChainEvaluator: ChainCaseEvaluator = CaseEvaluators.standard.chain!

@Suite struct ChainCaseTests {
    @Test func chainCasesNeedAnEvaluator() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("chains/a/root.xml", Tags.validVAST)
        try corpus.write("chains/a/chain.json", #"{"version": 1, "root": "root.xml", "expect": {"version": 1, "verdict": "resolved"}}"#)
        let (summary, results) = try run(RunOptions(corpus: corpus.root))
        #expect(summary.totals.errors == 1)
        let result = try #require(results.result("chains/a"))
        #expect(result.kind == .chain)
        #expect(result.file == "chains/a/chain.json")
        #expect(result.errorMessage?.contains("no chain evaluator") == true)
        #expect(try run(RunOptions(corpus: corpus.root, skipKinds: [.chain])).0.totals.cases == 0)
    }

    @Test func chainManifestIsStrict() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("chains/a/root.xml", Tags.validVAST)
        try corpus.write("chains/a/chain.json", #"{"version": 1, "root": "root.xml", "mapp": {}}"#)
        var options = RunOptions(corpus: corpus.root)
        options.evaluators.chain = standardChainEvaluator
        let result = try #require(try run(options).1.result("chains/a"))
        #expect(result.status == .error)
        #expect(result.errorMessage?.contains("unknown key 'mapp' in chain.json") == true)
    }

    @Test func chainOutcomesAreJudged() throws {
        let corpus = try TemporaryCorpus()
        let wrapper = """
            <VAST version="4.2"><Ad><Wrapper><AdSystem>w</AdSystem>
            <VASTAdTagURI><![CDATA[https://ads.example.com/next]]></VASTAdTagURI>
            <Impression><![CDATA[https://t.example.com/w]]></Impression></Wrapper></Ad></VAST>
            """
        let inline = """
            <VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem>
            <Impression><![CDATA[https://t.example.com/i]]></Impression></InLine></Ad></VAST>
            """
        try corpus.write("chains/ok/root.xml", wrapper)
        try corpus.write("chains/ok/inline.xml", inline)
        try corpus.write("chains/ok/chain.json", """
            {"version": 1, "root": "root.xml", "map": {"https://ads.example.com/next": "inline.xml"},
             "expect": {"version": 1, "verdict": "resolved", "chain": {"stopReason": "inline", "hops": 2},
                        "tracking": {"impression": ["https://t.example.com/w", "https://t.example.com/i"]}}}
            """)
        try corpus.write("chains/wrong/root.xml", wrapper)
        try corpus.write("chains/wrong/chain.json", """
            {"version": 1, "root": "root.xml", "map": {"https://ads.example.com/next": null},
             "expect": {"version": 1, "verdict": "resolved", "chain": {"stopReason": "inline", "errorCode": 303}}}
            """)
        var options = RunOptions(corpus: corpus.root)
        options.evaluators.chain = standardChainEvaluator
        let (_, results) = try run(options)
        let ok = try #require(results.result("chains/ok"))
        #expect(ok.status == .passed, "\(ok.unmet)")
        #expect(ok.chain?.map(\.outcome) == ["wrapper", "inline"])
        #expect(ok.tracking?["impression"]?.map(\.hop) == [0, 1])
        let wrong = try #require(results.result("chains/wrong"))
        #expect(wrong.unmet.map(\.expected) == ["verdict resolved", "stop reason inline", "VAST error code 303"])
        #expect(wrong.unmet.map(\.actual).first?.hasPrefix("verdict unresolved") == true)
        #expect(wrong.unmet.map(\.actual).dropFirst() == ["stop reason fetch-failed", "VAST error code 301"])
    }
}

/// The shipped corpus is the product's acceptance test: every case passes, with the evaluators the
/// command line uses.
@Suite struct ShippedCorpusTests {
    static let corpus = packageRoot.appendingPathComponent("Corpus")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus.path), "Corpus/ is not present"))
    func shippedCorpusPasses() throws {
        var options = RunOptions(corpus: Self.corpus)
        // Media files of the probe cases are inspected with ffprobe, as `conform run` does; without it the
        // cases that need it are left out. Meta cases read their nested runs' reports.
        options.evaluators = CaseEvaluators.standard(mediaInspector: TestFFProbe.installed).readingReports(with: ReportCounts.evaluator)
        if TestFFProbe.installed == nil { options.exclude = TestFFProbe.casesNeedingIt(in: Self.corpus) }
        let (summary, results) = try run(options)
        let failures = results.all.filter { $0.status != .passed }
            .prefix(10).map { "\($0.id): \($0.errorMessage ?? $0.unmet.map { "\($0.expected) / \($0.actual)" }.joined(separator: "; "))" }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(summary.totals.cases >= 2000)
        let kinds = Set(results.all.map(\.kind))
        #expect(kinds == [.vast, .vmap, .chain, .hostile, .params, .meta])
    }

    static let python: URL? = SystemProgram.find("python3")

    /// Re-running the generator reproduces the committed corpus byte for byte.
    @Test(.enabled(if: python != nil && FileManager.default.fileExists(atPath: corpus.path), "python3 or Corpus/ not found"))
    func generatorReproducesTheCommittedCorpus() throws {
        guard let python = Self.python else { return }
        let process = Process()
        process.executableURL = python
        process.arguments = [packageRoot.appendingPathComponent("scripts/gen-corpus.py").path, "--check"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }
}
