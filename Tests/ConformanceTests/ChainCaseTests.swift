import ConformCore
import Foundation
import Testing
import VAST
@testable import Conformance

/// A small reference resolver for chain cases, following the semantics the corpus documents
/// (Corpus/README.md, "Chains"): the root is hop 0; follow the first Ad's VASTAdTagURI through the
/// case's map; stop at an InLine (`inline`), at a URI already followed (`loop`, 302), when following
/// would make more than `maxDepth` wrapper hops (`depth-exceeded`, 302), at a response with no ad
/// (`no-ad`, 303) or at a URI that cannot be fetched (`fetch-failed`, 301). Unless the previous
/// Wrapper says `allowMultipleAds="true"`, only a response's single ad or its first stand-alone ad
/// (no `sequence`) is taken, so a pod is no ad. A final hop that failed (not fetched, a loop, over
/// the limit) is listed too. Tracking is merged root first.
let referenceChainEvaluator: ChainCaseEvaluator = { input in
    var hops: [ChainHopSummary] = []
    var tracking: [String: [TrackedURL]] = [:]
    var visited = Set<String>()
    var data = try Data(contentsOf: input.root)
    var uri = input.root.lastPathComponent
    var allowMultipleAds = true
    while true {
        let depth = hops.count
        let decoded = VASTDecoder.decode(data)
        let ads = decoded.vast?.ads ?? []
        let chosen = allowMultipleAds || ads.count == 1 ? ads.first : ads.first { $0.sequence == nil }
        guard let vast = decoded.vast, let ad = chosen else {
            hops.append(ChainHopSummary(uri: uri, depth: depth, outcome: "no-ad"))
            return ChainOutcome(hops: hops, stopReason: "no-ad", errorCode: 303, tracking: tracking)
        }
        for (event, urls) in DocumentTracking.collect(vast) {
            tracking[event, default: []] += urls.map { TrackedURL(url: $0.url, hop: depth, position: $0.position) }
        }
        if ad.inLine != nil {
            hops.append(ChainHopSummary(uri: uri, depth: depth, outcome: "inline"))
            return ChainOutcome(hops: hops, stopReason: "inline", tracking: tracking)
        }
        hops.append(ChainHopSummary(uri: uri, depth: depth, outcome: "wrapper"))
        allowMultipleAds = ad.wrapper?.allowMultipleAds?.value ?? false
        uri = ad.wrapper?.vastAdTagURI?.value ?? ""
        if depth + 1 > (input.maxDepth ?? 5) {
            hops.append(ChainHopSummary(uri: uri, depth: depth + 1, outcome: "depth-limit"))
            return ChainOutcome(hops: hops, stopReason: "depth-exceeded", errorCode: 302, tracking: tracking)
        }
        guard visited.insert(uri).inserted else {
            hops.append(ChainHopSummary(uri: uri, depth: depth + 1, outcome: "loop"))
            return ChainOutcome(hops: hops, stopReason: "loop", errorCode: 302, tracking: tracking)
        }
        guard let file = input.map[uri], let next = try? Data(contentsOf: file) else {
            hops.append(ChainHopSummary(uri: uri, depth: depth + 1, outcome: "fetch-failed"))
            return ChainOutcome(hops: hops, stopReason: "fetch-failed", errorCode: 301, tracking: tracking)
        }
        data = next
    }
}

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
        options.evaluators.chain = referenceChainEvaluator
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
        options.evaluators.chain = referenceChainEvaluator
        let (_, results) = try run(options)
        let ok = try #require(results.result("chains/ok"))
        #expect(ok.status == .passed, "\(ok.unmet)")
        #expect(ok.chain?.map(\.outcome) == ["wrapper", "inline"])
        #expect(ok.tracking?["impression"]?.map(\.hop) == [0, 1])
        let wrong = try #require(results.result("chains/wrong"))
        #expect(wrong.unmet.map(\.expected) == ["verdict resolved", "stop reason inline", "VAST error code 303"])
        #expect(wrong.unmet.map(\.actual) == ["verdict unresolved", "stop reason fetch-failed", "VAST error code 301"])
    }
}

/// The shipped corpus is the product's acceptance test: every generated case passes. Parameter
/// tables need the trafficking analyser and are left to the command-line run.
@Suite struct ShippedCorpusTests {
    static let corpus = packageRoot.appendingPathComponent("Corpus")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus.path), "Corpus/ is not present"))
    func shippedCorpusPasses() throws {
        var options = RunOptions(corpus: Self.corpus, skipKinds: [.params])
        options.evaluators.chain = referenceChainEvaluator
        let (summary, results) = try run(options)
        let failures = results.all.filter { $0.status != .passed }
            .prefix(10).map { "\($0.id): \($0.errorMessage ?? $0.unmet.map { "\($0.expected) / \($0.actual)" }.joined(separator: "; "))" }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(summary.totals.cases >= 2000)
        let kinds = Set(results.all.map(\.kind))
        #expect(kinds == [.vast, .vmap, .chain, .hostile])
    }

    static let python: URL? = ["/usr/bin/python3", "/usr/local/bin/python3"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

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
