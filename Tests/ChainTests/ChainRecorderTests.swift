import Chain
import ConformCore
import Foundation
import Testing
import VAST

@Suite struct ChainRecorderTests {
    @Test func aRecordedChainReplaysOfflineWithTheSameOutcome() throws {
        let original = try Fixtures.resolveFile("merge/wrapper-1.xml")
        let files = ChainRecorder.files(for: original)
        #expect(files.keys.sorted() == ["chain.expect.json", "hop-1.xml", "hop-2.xml", "map.json", "root.xml"])

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conform-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }

        let fetcher = try CorpusFetcher(mapFile: directory.appendingPathComponent("map.json"))
        let replay = WrapperResolver.resolve(rootData: try Data(contentsOf: directory.appendingPathComponent("root.xml")),
                                             rootURI: original.rootURI, fetcher: fetcher)
        #expect(replay.ads.map(\.stop) == original.ads.map(\.stop))
        #expect(replay.ads.map { $0.hops.map(\.uri) } == original.ads.map { $0.hops.map(\.uri) })
        let before = TrackingCollector().collect(original).map { $0.allURLs.map(\.url) }
        let after = TrackingCollector().collect(replay).map { $0.allURLs.map(\.url) }
        #expect(before == after)

        let expectation = try JSONSerialization.jsonObject(with: try #require(files["chain.expect.json"])) as? [String: Any]
        let ads = try #require(expectation?["ads"] as? [[String: Any]])
        #expect((ads.first?["stop"] as? [String: Any])?["reason"] as? String == "inline")
        #expect(ads.first?["hops"] as? Int == 3)
    }

    @Test func failedHopsAreRecordedAsSimulatedFailures() throws {
        let chain = try Fixtures.resolveMapped("depth", "to-gone.xml", rootURI: "https://ads.example.com/depth/to-gone.xml")
        let files = ChainRecorder.files(for: chain)
        let map = try JSONSerialization.jsonObject(with: try #require(files["map.json"])) as? [String: Any]
        #expect((map?["https://ads.example.com/depth/gone.xml"] as? [String: Any])?["status"] as? Int == 404)
        #expect(map?["https://ads.example.com/depth/to-gone.xml"] as? String == "root.xml")
    }
}
