import Chain
import ConformCore
import Foundation
import Testing
import VAST
@testable import Conformance

/// The hostile case `hostile/wrapper-chain-10000-hops`: a chain description of 10,000 wrapper hops
/// that resolution must cut off at the depth limit. Bounds are counted (fetches, hops), never timed.
@Suite struct HopChainTests {
    static let id = "hostile/wrapper-chain-10000-hops"
    static let folder = packageRoot.appendingPathComponent("Corpus").appendingPathComponent(id)
    static let present = FileManager.default.fileExists(atPath: folder.appendingPathComponent("chain.json").path)

    /// Counts the fetches it passes on.
    final class CountingFetcher: Fetcher, @unchecked Sendable {
        let inner: any Fetcher
        private let lock = NSLock()
        private var uris: [String] = []

        init(_ inner: any Fetcher) {
            self.inner = inner
        }

        func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
            lock.withLock { uris.append(uri.absoluteString) }
            return try inner.fetch(uri, referrer: referrer)
        }

        var fetched: [String] { lock.withLock { uris } }
    }

    static func manifest() throws -> ChainManifest {
        try ChainManifest.decode(try Data(contentsOf: folder.appendingPathComponent("chain.json")), file: "chain.json")
    }

    /// The description really is 10,000 distinct wrapper hops ending at an InLine: followed by hand
    /// (each shared document decoded once), every hop's URI is in the map, none repeats.
    @Test(.enabled(if: present, "Corpus/\(id) is not present"))
    func descriptionHasTenThousandDistinctWrapperHops() throws {
        let manifest = try Self.manifest()
        var written: [String: String] = [:]  // file → its VASTAdTagURI, or "" for the InLine
        func reference(of file: String) throws -> String {
            if let known = written[file] { return known }
            let decoded = VASTDecoder.decode(try Data(contentsOf: Self.folder.appendingPathComponent(file)))
            let ad = try #require(decoded.vast?.ads.first)
            let value = ad.inLine != nil ? "" : try #require(ad.wrapper?.vastAdTagURI?.value)
            written[file] = value
            return value
        }
        var current = try #require(URL(string: try reference(of: manifest.root)))
        var seen = Set<String>()
        var wrappers = 0
        while true {
            let key = current.absoluteString
            #expect(seen.insert(key).inserted, "hop \(wrappers + 1) repeats \(key)")
            let entry = try #require(manifest.map[key] ?? nil, "\(key) is not in the map")
            guard case .file(let file) = entry else {
                Issue.record("\(key) maps to a simulated response, not a document")
                return
            }
            let next = try reference(of: file)
            if next.isEmpty { break }
            wrappers += 1
            current = try #require(URL(string: next, relativeTo: current)?.absoluteURL)
            if wrappers > 20_000 { break }
        }
        #expect(wrappers == 10_000)
        #expect(manifest.map.count == 10_001)  // the 10,000 wrapper hops and the InLine
        #expect(written.count < 50, "the description shares its documents")
    }

    /// Resolution through the case's own map fetches exactly the depth limit's worth of documents:
    /// the root plus five fetched wrappers, then a 302 stop before the sixth fetch.
    @Test(.enabled(if: present, "Corpus/\(id) is not present"))
    func resolutionStopsAfterDepthLimitFetches() throws {
        let manifest = try Self.manifest()
        #expect(manifest.maxDepth == nil)  // the resolver's own limit applies
        let limit = PlayerSettings.spec.maxDepth
        let fetcher = CountingFetcher(CorpusFetcher(entries: manifest.map.compactMapValues { $0 }, baseDirectory: Self.folder))
        let root = try Data(contentsOf: Self.folder.appendingPathComponent(manifest.root))
        let resolved = WrapperResolver.resolve(rootData: root, rootURI: nil, fetcher: fetcher, settings: .spec)
        #expect(fetcher.fetched.count == limit)
        #expect(resolved.documents.count == limit + 1)  // documents read: the root and each fetch
        let ad = try #require(resolved.ads.first)
        #expect(resolved.ads.count == 1)
        #expect(ad.stop.reason == .depthExceeded)
        #expect(ad.stop.vastErrorCode == .wrapperLimit)
        #expect(ad.hops.count == limit + 2)  // the root, five wrappers, the hop refused
        #expect(ad.diagnostics.contains { $0.ruleID == "CHAIN-depth-exceeded" })
    }

    /// Through the runner with the command line's evaluators, the case meets its expectation.
    @Test(.enabled(if: present, "Corpus/\(id) is not present"))
    func runnerMeetsTheExpectation() throws {
        var options = RunOptions(corpus: packageRoot.appendingPathComponent("Corpus"), filter: CaseFilter([Self.id]))
        options.evaluators = .standard
        let (summary, results) = try run(options)
        #expect(summary.totals.cases == 1)
        let result = try #require(results.result(Self.id))
        #expect(result.kind == .chain)
        #expect(result.status == .passed, "\(result.unmet)")
        #expect(result.actualVerdict == "unresolved")
        #expect(result.chain?.count == PlayerSettings.spec.maxDepth + 2)
        #expect(result.chain?.last?.outcome == "depth-limit")
    }
}
