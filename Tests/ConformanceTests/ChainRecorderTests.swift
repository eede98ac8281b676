import Chain
import ConformCore
import Foundation
import Testing
@testable import Conformance

/// The one writer of recorded chain cases: what it writes is a chain case `conform run` accepts and passes, and
/// its expectation states what the live chain did.
@Suite struct ChainRecorderTests {
    static let root = """
        <VAST version="4.2"><Ad><Wrapper><AdSystem>w</AdSystem>
        <VASTAdTagURI><![CDATA[w2.xml]]></VASTAdTagURI>
        <Error><![CDATA[https://t.example.com/error?c=[ERRORCODE]]]></Error>
        <Impression><![CDATA[https://t.example.com/root]]></Impression></Wrapper></Ad></VAST>
        """
    static let second = """
        <VAST version="4.2"><Ad><Wrapper><AdSystem>w</AdSystem>
        <VASTAdTagURI><![CDATA[https://cdn.example.com/inline.xml]]></VASTAdTagURI>
        <Impression><![CDATA[https://t.example.com/w2]]></Impression></Wrapper></Ad></VAST>
        """
    static let inline = """
        <VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
        <Impression><![CDATA[https://t.example.com/inline]]></Impression></InLine></Ad></VAST>
        """

    /// Resolves the chain "live" (from memory, as from the web), the root standing for `https://ads.example.com/tag/root.xml`.
    func resolve(inline entry: CorpusFetcher.Entry) -> ResolvedChain {
        let fetcher = CorpusFetcher(entries: ["https://ads.example.com/tag/w2.xml": .body(Data(Self.second.utf8)),
                                              "https://cdn.example.com/inline.xml": entry],
                                    baseDirectory: URL(fileURLWithPath: "/"), policy: PlayerSettings.spec.policy)
        return WrapperResolver.resolve(rootData: Data(Self.root.utf8), rootURI: "https://ads.example.com/tag/root.xml",
                                       fetcher: fetcher, settings: .spec)
    }

    func runCase(_ files: [String: Data]) throws -> CaseResult {
        let corpus = try TemporaryCorpus()
        for (name, data) in files { try corpus.write("chains/recorded/" + name, data) }
        var options = RunOptions(corpus: corpus.root)
        options.evaluators.chain = standardChainEvaluator
        return try #require(try run(options).1.result("chains/recorded"))
    }

    @Test func aRecordedChainIsACaseThatPasses() throws {
        let live = resolve(inline: .body(Data(Self.inline.utf8)))
        #expect(live.ads.first?.stop.reason == .inLine)
        let files = ChainRecorder.files(for: live, description: ChainRecorder.describe(rootURI: live.rootURI))
        #expect(files.keys.sorted() == ["chain.json", "hop-1.xml", "hop-2.xml", "root.xml"])
        let manifestData = try #require(files["chain.json"])
        let manifest = try ChainManifest.decode(manifestData, file: "chain.json")
        #expect(manifest.rootURI == "https://ads.example.com/tag/root.xml")
        #expect(manifest.map["https://ads.example.com/tag/w2.xml"] == .file("hop-1.xml"))
        let expect = try #require(manifest.expect)
        // The expectation states the live chain: three hops to the InLine, every impression in firing order.
        #expect(expect.verdict == "resolved")
        #expect(expect.chain?.stopReason == "inline" && expect.chain?.hops == 3 && expect.chain?.errorURLs == [])
        #expect(expect.chain?.uris == live.ads[0].hops.compactMap(\.uri))
        #expect(expect.tracking?["impression"] == ["https://t.example.com/root", "https://t.example.com/w2", "https://t.example.com/inline"])
        #expect(expect.description == "the wrapper chain of https://ads.example.com/tag/root.xml, as recorded")
        let result = try runCase(files)
        #expect(result.status == .passed, "\(result.unmet)")
    }

    @Test func aFailedHopIsRecordedAsTheSameFailure() throws {
        let live = resolve(inline: .status(404))
        let files = ChainRecorder.files(for: live)
        let manifestData = try #require(files["chain.json"])
        let manifest = try ChainManifest.decode(manifestData, file: "chain.json")
        #expect(manifest.map["https://cdn.example.com/inline.xml"] == .status(404))
        let expect = try #require(manifest.expect)
        #expect(expect.verdict == "unresolved")
        #expect(expect.chain?.stopReason == "fetch-failed" && expect.chain?.errorCode == 301)
        #expect(expect.chain?.errorURLs == ["https://t.example.com/error?c=301"])
        #expect(expect.diagnostics?.present.map(\.rule).contains("CHAIN-fetch-failed") == true)
        let result = try runCase(files)
        #expect(result.status == .passed, "\(result.unmet)")
        // The recorded expectation is not vacuous: the same case with the hop served fails it.
        var served = files
        var object = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        var map = try #require(object["map"] as? [String: Any])
        map["https://cdn.example.com/inline.xml"] = "inline.xml"
        object["map"] = map
        served["chain.json"] = try JSONSerialization.data(withJSONObject: object)
        served["inline.xml"] = Data(Self.inline.utf8)
        #expect(try runCase(served).status == .failed)
    }

    @Test func limitsThatDifferFromTheSpecAreKept() throws {
        var settings = PlayerSettings.ima
        settings.policy.refusePrivateAddresses = true
        let chain = WrapperResolver.resolve(rootData: Data(Self.inline.utf8), rootURI: nil,
                                            fetcher: CorpusFetcher(entries: [:], baseDirectory: URL(fileURLWithPath: "/")), settings: settings)
        let manifestData = try #require(ChainRecorder.files(for: chain)["chain.json"])
        let manifest = try ChainManifest.decode(manifestData, file: "chain.json")
        #expect(manifest.maxDepth == 4)
        #expect(manifest.policy == ChainPolicyOverrides(refusePrivateAddresses: true, perHopTimeout: 5))
        #expect(manifest.rootURI == nil)
    }
}

/// The Error URLs of a stopped chain, as `check --follow` and the workbench show them: the same filling as
/// the corpus judges, `[ERRORCODE]` with the stop's code and every other macro as the tracking URLs have it.
@Suite struct ErrorURLFillingTests {
    @Test func followedChainsFillEveryMacroOfTheirErrorURLs() {
        let root = """
            <VAST version="4.2"><Ad><Wrapper><AdSystem>w</AdSystem>
            <VASTAdTagURI><![CDATA[https://cdn.example.com/gone.xml]]></VASTAdTagURI>
            <Error><![CDATA[https://t.example.com/error?c=[ERRORCODE]&cb=[CACHEBUSTING]&ts=[TIMESTAMP]]]></Error>
            <Impression><![CDATA[https://t.example.com/root]]></Impression></Wrapper></Ad></VAST>
            """
        let fetcher = CorpusFetcher(entries: ["https://cdn.example.com/gone.xml": .status(404)],
                                    baseDirectory: URL(fileURLWithPath: "/"), policy: PlayerSettings.spec.policy)
        let follow = TagCheck.Follow(fetcher: fetcher, macros: ["CACHEBUSTING": "42424242"])
        let (chain, _) = TagCheck.follow(Data(root.utf8), rootURI: "https://ads.example.com/tag/root.xml", name: "root.xml",
                                          follow: follow, rules: nil)
        let urls = chain.resolved.ads.first?.errorURLs.map(\.expanded) ?? []
        #expect(urls.count == 1)
        let url = urls.first ?? ""
        #expect(url.hasPrefix("https://t.example.com/error?c=301&cb=42424242&ts="), "\(url)")
        #expect(!url.contains("["), "every macro filled: \(url)")
        // The corpus's judge sees the same URL, up to the sample it gives CACHEBUSTING.
        let judged = StandardEvaluators.outcome(of: WrapperResolver.resolve(rootData: Data(root.utf8), rootURI: "https://ads.example.com/tag/root.xml",
                                                                         fetcher: fetcher, settings: .spec), rootName: "root.xml").errorURLs
        #expect(judged.count == 1 && judged.first?.hasPrefix("https://t.example.com/error?c=301&cb=") == true && judged.first?.contains("[") == false, "\(judged)")
    }
}
