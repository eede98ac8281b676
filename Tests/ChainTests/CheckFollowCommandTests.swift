import Foundation
import ConformTestSupport
import Testing

/// `conform check --follow` end to end: the built binary is launched on the fixtures.
@Suite(.enabled(if: ConformBinary.url != nil, "the conform binary is not built (run swift build)"))
struct CheckFollowCommandTests {

    func run(_ arguments: [String]) throws -> (code: Int32, output: String) {
        let process = Process()
        guard let url = ConformBinary.url else { throw ConformBinary.NotFound() }
        process.executableURL = url
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.root
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func jsonHasTheChainStopAndTracking() throws {
        let (code, output) = try run(["check", "--follow", "--format", "json", "merge/wrapper-1.xml"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        // The chain resolves (as players do); the tag's relative VASTAdTagURI is a warning that the player
        // must resolve it, not an error. The exit code comes from the InLine hop's own errors (it has no
        // AdServingId).
        let diagnostics = array.first?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.filter { $0["severity"] as? String == "error" }.isEmpty)
        #expect(diagnostics.contains { $0["ruleID"] as? String == "VAST-2.0-wrapper-vastadtaguri-relative" && $0["severity"] as? String == "warning" })
        #expect(code == 1)
        let chain = try #require(array.first?["chain"] as? [String: Any])
        let ad = try #require((chain["ads"] as? [[String: Any]])?.first)
        #expect((ad["chain"] as? [[String: Any]])?.map { $0["outcome"] as? String } == ["wrapper", "wrapper", "inline"])
        #expect((ad["chain"] as? [[String: Any]])?.map { $0["depth"] as? Int } == [0, 1, 2])
        #expect((ad["stop"] as? [String: Any])?["reason"] as? String == "inline")
        let tracking = try #require(ad["tracking"] as? [String: Any])
        #expect((tracking["impression"] as? [[String: Any]])?.map { $0["hop"] as? Int } == [0, 1, 1, 2])
        #expect((tracking["clickThrough"] as? [String: Any])?["url"] as? String == "https://advertiser.example.com/in")
        #expect(((tracking["events"] as? [String: Any])?["start"] as? [[String: Any]])?.count == 3)
        #expect(tracking["clickTracking"] as? [[String: Any]] != nil && tracking["error"] as? [[String: Any]] != nil)
    }

    @Test func aChainStopFailsTheCheckAndIsDrawn() throws {
        let (code, output) = try run(["check", "--follow", "--map", "depth/map.json", "depth/wrapper-6.xml"])
        #expect(code == 1)
        #expect(output.contains("hop 6  https://ads.example.com/depth/inline.xml"))
        #expect(output.contains("stopped: depth-exceeded (IAB 302)"))
        #expect(output.contains("[CHAIN-depth-exceeded]"))
        let vcj = try run(["check", "--follow", "--player", "vast-client-js", "--map", "depth/map.json", "depth/wrapper-6.xml"])
        #expect(vcj.code == 0)
        let shallow = try run(["check", "--follow", "--max-depth", "1", "--map", "depth/map.json", "depth/wrapper-2.xml"])
        #expect(shallow.code == 1)
    }

    /// The rules run over every fetched document too: a clean root whose wrapped InLine lacks <AdSystem> fails
    /// the check, with the finding under the URI the document came from; that document's own directive
    /// comment switches a finding off, and the configuration's settings apply.
    @Test func theRulesRunOverEveryFetchedDocument() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conform-follow-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem version="1">w</AdSystem>
            <Impression><![CDATA[https://imp.adsrv.net/w]]></Impression>
            <VASTAdTagURI><![CDATA[https://tags.adsrv.net/inline.xml]]></VASTAdTagURI></Wrapper></Ad></VAST>
            """
        let inLine = """
            <VAST version="4.2"><Ad id="i"><InLine><AdTitle>t</AdTitle><AdServingId>0f9c8a52-6b1e-4c1a-9d3e-7a2b5c8e1f40</AdServingId>
            <!-- conform-disable-next-line VAST-2.0-url-http -->
            <Impression><![CDATA[http://imp.adsrv.net/i?sid=0f9c8a52-6b1e-4c1a-9d3e-7a2b5c8e1f40]]></Impression>
            <Creatives><Creative><UniversalAdId idRegistry="ad-id.org">CNFM0001000H</UniversalAdId><Linear><Duration>00:00:10</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.adsrv.net/v.mp4]]></MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        try Data(root.utf8).write(to: directory.appendingPathComponent("root.xml"))
        try Data(inLine.utf8).write(to: directory.appendingPathComponent("inline.xml"))
        try Data(#"{"https://tags.adsrv.net/inline.xml": "inline.xml"}"#.utf8).write(to: directory.appendingPathComponent("map.json"))
        let arguments = ["check", "--no-config", "--follow", "--map", directory.appendingPathComponent("map.json").path, "--format", "json"]
        let rootPath = directory.appendingPathComponent("root.xml").path

        func findings(_ extra: [String]) throws -> (code: Int32, root: [String], chain: [(file: String, rule: String)]) {
            let (code, output) = try run(arguments + extra + [rootPath])
            let array = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], "\(output)")
            let root = (array.first?["diagnostics"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }
            let chain = (array.first?["chain"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
            return (code, root.compactMap { $0["ruleID"] as? String },
                    chain.map { (file: $0["file"] as? String ?? "", rule: $0["ruleID"] as? String ?? "") })
        }
        let checked = try findings([])
        #expect(checked.root.isEmpty)
        #expect(checked.code == 1)
        #expect(checked.chain.contains { $0.file == "https://tags.adsrv.net/inline.xml" && $0.rule == "VAST-2.0-inline-adsystem" },
                "\(checked.chain)")
        // The InLine's directive holds for its own finding.
        #expect(!checked.chain.contains { $0.rule == "VAST-2.0-url-http" }, "\(checked.chain)")
        // A rule switched off is off in every document.
        let off = try findings(["--rule", "VAST-2.0-inline-adsystem=off"])
        #expect(!off.chain.contains { $0.rule == "VAST-2.0-inline-adsystem" } && off.code == 0, "\(off.chain)")
    }

    @Test func macrosOverrideTheSamples() throws {
        let (code, output) = try run(["check", "--follow", "--macro", "ERRORCODE=405", "--severity-threshold", "error", "merge/wrapper-1.xml"])
        #expect(code == 1, "the relative VASTAdTagURI of the fixture is an error of the URL rules")
        #expect(output.contains("https://t.example.com/err/w1?code=405  [hop 0]"))
    }

    @Test func chainOptionsNeedFollow() throws {
        #expect(try run(["check", "--map", "depth/map.json", "depth/wrapper-1.xml"]).code == 64)
        #expect(try run(["check", "--follow", "--player", "nope", "depth/wrapper-1.xml"]).code == 64)
        let long = try run(["check", "--follow", "--timeout", "1e300", "depth/wrapper-1.xml"])
        #expect(long.code == 64)
        #expect(long.output.contains("--timeout takes a positive number of seconds, at most 86400 (a day)"))
    }

    /// Without --follow a URL is fetched once and checked like a file: its Wrapper is not followed.
    @Test(.enabled(if: TestServer.available, "python3 and scripts/test-http-server.py are needed"))
    func aURLIsFetchedAndCheckedAlone() throws {
        let server = try TestServer()
        defer { server.stop() }
        let inline = server.url("/files/live/inline.xml").absoluteString
        let checked = try run(["check", "--no-config", inline])
        #expect(checked.output.contains("\(inline)  VAST 4.2 · 1 ad(s): 1 InLine, 0 Wrapper"), "\(checked.output)")
        #expect(checked.output.contains("\(inline):7:"), "findings are positioned in the fetched document")
        let wrapper = server.url("/files/live/to-inline.xml").absoluteString
        let alone = try run(["check", "--no-config", wrapper])
        #expect(alone.output.contains("1 ad(s): 0 InLine, 1 Wrapper") && !alone.output.contains("hop 1"), "\(alone.output)")
        let missing = try run(["check", "--no-config", server.url("/status/404").absoluteString])
        #expect(missing.code == 2 && missing.output.contains("404"), "\(missing.output)")
        // The size limit holds for fetched inputs too.
        let big = try run(["check", "--no-config", "--max-size", "1000", server.url("/oversize/50000").absoluteString])
        #expect(big.code == 2, "\(big.output)")
    }

    @Test func recordWritesACaseThatRunPasses() throws {
        let corpus = FileManager.default.temporaryDirectory.appendingPathComponent("conform-cli-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: corpus) }
        let directory = corpus.appendingPathComponent("chains/new-case")
        let (code, output) = try run(["check", "--follow", "--record", directory.path, "--map", "depth/map.json", "depth/wrapper-3.xml"])
        #expect(code == 0, "\(output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["chain.json", "hop-1.xml", "hop-2.xml", "hop-3.xml", "root.xml"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("chain.json"))) as? [String: Any])
        #expect(manifest["rootURI"] as? String == "https://ads.example.com/depth/wrapper-3.xml")
        let chain = try #require((manifest["expect"] as? [String: Any])?["chain"] as? [String: Any])
        #expect(chain["stopReason"] as? String == "inline" && chain["hops"] as? Int == 4)
        // The recorded folder is a case `conform run` accepts, and passes.
        let replay = try run(["run", "--no-config", "--format", "json", "--output", corpus.appendingPathComponent("Reports").path,
                              corpus.appendingPathComponent("chains").path])
        #expect(replay.code == 0, "\(replay.output)")
        #expect(replay.output.contains("1 case(s): 1 passed, 0 failed, 0 errors"), "\(replay.output)")
    }
}
