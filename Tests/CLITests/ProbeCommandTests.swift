import ConformTestSupport
import Foundation
import Testing

/// `conform check --probe` against the test HTTP server on loopback: each way an asset can fail is answered
/// with its finding, at the asset's line, in bounded time.
@Suite(.serialized) struct ProbeCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let assets = packageRoot.appendingPathComponent("Corpus/probe/assets")
    static let python = SystemProgram.find("python3") != nil
    static let ffmpeg = SystemProgram.find("ffmpeg") != nil

    /// A folder the server serves: the generated assets and `files`.
    static func served(_ files: [String: String] = [:]) throws -> URL {
        let folder = try ConformBinary.temporaryDirectory(files: files)
        for name in try FileManager.default.contentsOfDirectory(atPath: assets.path) {
            try FileManager.default.copyItem(at: assets.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    static func inline(_ mediaFiles: [String]) -> String {
        """
        <VAST version="4.2"><Ad id="1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><AdServingId>x</AdServingId>
        <Impression><![CDATA[https://pixels.example.com/imp]]></Impression><Creatives><Creative><Linear><Duration>00:00:02</Duration><MediaFiles>
        \(mediaFiles.map { "<MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"160\" height=\"120\"><![CDATA[\($0)]]></MediaFile>" }.joined(separator: "\n"))
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    /// The probe findings of `output`: rule id → the lines they are at.
    static func findings(_ output: String) -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        for line in output.split(separator: "\n") where line.contains("[PROBE-") {
            let rule = String(line[line.range(of: "[PROBE-")!.lowerBound...].dropFirst().dropLast())
            let location = line.split(separator: ":")
            if location.count > 2, let number = Int(location[1]) { found[rule, default: []].append(number) }
        }
        return found
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func eachFailingAnswerHasItsFindingInBoundedTime() throws {
        let server = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let tag = try ConformBinary.temporaryFile(Self.inline([
            "\(base)/typed/right.mp4",                          // line 3: as declared
            "\(base)/status/404",                               // line 4
            "\(base)/delay/1200/typed/right.mp4",               // line 5: slow
            "\(base)/endless",                                  // line 6: never ends
            "\(base)/redirect-loop",                            // line 7
            "\(base)/redirect-to?url=file:///etc/passwd",       // line 8
            "\(base)/files/right.mp4",                          // line 9: served as application/xml
        ]))
        let started = Date()
        let result = try ConformBinary.run(["check", "--probe", "--probe-timeout", "3", "--probe-slow", "600", tag.path])
        let elapsed = Date().timeIntervalSince(started)
        let found = Self.findings(result.stdout)
        #expect(found["PROBE-not-found"] == [4], "\(result.stdout)")
        #expect(found["PROBE-slow"] == [5])
        #expect(found["PROBE-timeout"] == [6])
        #expect(found["PROBE-redirect-limit"] == [7])
        #expect(found["PROBE-refused"] == [8])
        #expect(found["PROBE-wrong-type"] == [9])
        #expect(!found.values.contains { $0.contains(3) }, "the right asset has a finding: \(found)")
        #expect(result.status == 1)
        // Every asset at once (8 jobs): the endless body stops at the 3 s limit, and nothing waits on another.
        #expect(elapsed < 10, "the probe took \(elapsed) s")
        #expect(result.stdout.contains("assets: 7 probed, 6 with findings; 1 tracking pixel(s) not requested"))
    }

    @Test(.enabled(if: python && ffmpeg, "python3 or ffmpeg is not installed"))
    func mediaIsInspectedWithFFProbe() throws {
        let server = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/typed"
        let tag = try ConformBinary.temporaryFile(Self.inline([
            "\(base)/right.mp4", "\(base)/wrong-size.mp4", "\(base)/wrong-duration.mp4", "\(base)/wrong-type.webm", "\(base)/silent.mp4",
            "\(base)/variable-rate.mp4", "\(base)/slideshow.mp4",
        ]))
        let result = try ConformBinary.run(["check", "--probe", tag.path])
        let found = Self.findings(result.stdout)
        #expect(found["PROBE-dimensions"] == [4], "\(result.stdout)")
        #expect(found["PROBE-duration"] == [5])
        #expect(found["PROBE-wrong-type"] == [6])
        #expect(found["PROBE-no-audio"] == [7])
        // ffprobe's two rates of the generated files: 20 fps on a 30 fps base (variable), and 2 fps.
        #expect(found["PROBE-frame-rate"] == [8, 9])
        #expect(result.stdout.contains("variable frame rate: its frames average 20 fps against a base rate of 30 fps"))
        #expect(!result.stderr.contains("not inspected"))
        // JSON carries each asset's answer and media facts.
        let json = try ConformBinary.run(["check", "--probe", "--format", "json", tag.path])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let probed = try #require((reports.first?["probe"] as? [String: Any])?["assets"] as? [[String: Any]])
        #expect(probed.count == 7)
        let media = (probed[1]["answer"] as? [String: Any])?["media"] as? [String: Any]
        #expect(media?["width"] as? Int == 320 && media?["videoCodec"] as? String == "h264")
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func followedHopsAreProbedUnderTheirNames() throws {
        let folder = try Self.served(["inline.xml": Self.inline(["PLACEHOLDER"])])
        let server = try ScriptServer("test-http-server.py", [folder.path])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        try Data(Self.inline(["\(base)/status/410"]).utf8).write(to: folder.appendingPathComponent("inline.xml"))
        let wrapper = try ConformBinary.temporaryFile("""
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>s</AdSystem><VASTAdTagURI><![CDATA[\(base)/files/inline.xml]]></VASTAdTagURI>
            <Impression><![CDATA[https://pixels.example.com/w]]></Impression></Wrapper></Ad></VAST>
            """)
        let result = try ConformBinary.run(["check", "--follow", "--probe", wrapper.path])
        let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("[PROBE-not-found]") })
        #expect(line.hasPrefix("\(base)/files/inline.xml:3:"), "\(line)")
        #expect(line.contains("answered HTTP 410"))
        #expect(result.stdout.contains("(hop 1)"))
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func theWorkbenchShowsEachAssetsAnswer() throws {
        let origin = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { origin.stop() }
        let base = "http://127.0.0.1:\(origin.port)"
        let xml = Self.inline(["\(base)/typed/right.mp4", "\(base)/status/404"])
        let local = try Workbench()
        defer { local.stop() }
        let page = try local.request("GET", "/")
        #expect(page.text.contains("id=\"probe\"") && page.text.contains("function renderAssets"))
        let checked = try local.post("/api/check", ["xml": xml, "probe": true])
        #expect(checked.status == 200, "\(checked.text)")
        let reports = try #require(try JSONSerialization.jsonObject(with: checked.body) as? [[String: Any]])
        let probe = try #require(reports.first?["probe"] as? [String: Any])
        let assets = try #require(probe["assets"] as? [[String: Any]])
        #expect(assets.count == 2)
        #expect((assets[0]["answer"] as? [String: Any])?["status"] as? Int == 200)
        #expect((assets[0]["diagnostics"] as? [Any])?.isEmpty == true)
        #expect(((assets[1]["diagnostics"] as? [[String: Any]])?.first?["ruleID"] as? String) == "PROBE-not-found")
        // Without the flag, nothing is requested.
        let plain = try local.post("/api/check", ["xml": xml])
        #expect(!plain.text.contains("\"probe\""))
        // A workbench open to the network refuses private addresses for assets as for documents.
        let exposed = try Workbench(["--host", "0.0.0.0"])
        defer { exposed.stop() }
        let refused = try exposed.post("/api/check", ["xml": xml, "probe": true])
        #expect(refused.text.contains("PROBE-refused") && !refused.text.contains("\"status\" : 200"), "\(refused.text)")
    }

    /// A VMAP whose breaks embed their VAST in `<VASTAdData>`: `media[i]` is the MediaFile URL of break i (line
    /// 7 + 6 i, column 1), `companion` the companion image of the last break.
    static func vmap(_ media: [String], companion: String) -> String {
        let breaks = media.enumerated().map { index, url in
            """
            <vmap:AdBreak timeOffset="start" breakType="linear" breakId="b\(index)"><vmap:AdSource id="s\(index)"><vmap:VASTAdData>
            <VAST version="4.2"><Ad id="a\(index)"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><AdServingId>x</AdServingId>
            <Impression><![CDATA[https://pixels.example.com/imp\(index)]]></Impression><Creatives><Creative><Linear><Duration>00:00:02</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="160" height="120"><![CDATA[\(url)]]></MediaFile>
            </MediaFiles></Linear></Creative>\(index == media.count - 1 ? "<Creative><CompanionAds><Companion width=\"300\" height=\"250\"><StaticResource creativeType=\"image/png\"><![CDATA[\(companion)]]></StaticResource></Companion></CompanionAds></Creative>" : "")</Creatives></InLine></Ad></VAST>
            </vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
            \(breaks.joined(separator: "\n"))
            </vmap:VMAP>
            """
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func theVASTAVMAPEmbedsIsProbedAtItsPlaceInTheVMAP() throws {
        let server = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let xml = Self.vmap(["\(base)/typed/right.mp4", "\(base)/status/404"], companion: "\(base)/typed/companion-small.png")
        let lines = xml.split(separator: "\n", omittingEmptySubsequences: false)
        let missing = try #require(lines.firstIndex { $0.contains("/status/404") }) + 1
        let image = try #require(lines.firstIndex { $0.contains("companion-small.png") }) + 1
        let tag = try ConformBinary.temporaryFile(xml)
        let result = try ConformBinary.run(["check", "--probe", tag.path])
        #expect(result.stdout.contains("assets: 3 probed, 2 with findings; 2 tracking pixel(s) not requested"), "\(result.stdout)")
        // Each finding names the element's line and column in the VMAP file.
        let notFound = try #require(result.stdout.split(separator: "\n").first { $0.contains("[PROBE-not-found]") })
        #expect(notFound.contains("\(tag.path):\(missing):1:"), "\(notFound)")
        #expect(notFound.contains("MediaFile \(base)/status/404 answered HTTP 404"))
        let size = try #require(result.stdout.split(separator: "\n").first { $0.contains("[PROBE-dimensions]") })
        let column = try #require(lines[image - 1].range(of: "<StaticResource")).lowerBound.utf16Offset(in: lines[image - 1]) + 1
        #expect(size.contains("\(tag.path):\(image):\(column):"), "\(size)")
        #expect(Self.findings(result.stdout).keys.sorted() == ["PROBE-dimensions", "PROBE-not-found"])
        // JSON: the element's path inside the embedded VAST.
        let json = try ConformBinary.run(["check", "--probe", "--format", "json", tag.path])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let probed = try #require((reports.first?["probe"] as? [String: Any])?["assets"] as? [[String: Any]])
        let elements = probed.compactMap { ($0["asset"] as? [String: Any])?["element"] as? String }
        #expect(elements == ["MediaFile", "MediaFile", "StaticResource"])
        let path = (probed[1]["asset"] as? [String: Any])?["path"] as? String
        #expect(path?.hasSuffix("/MediaFile[1]") == true, "\(path ?? "no path")")
    }

    /// The paths and queries `server` received, in order.
    static func received(_ server: ScriptServer) throws -> [String] {
        try HTTPClient.send(host: "127.0.0.1", port: server.port, Data("GET /requests HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            .text.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func macrosInAssetURLsAreFilledBeforeTheRequest() throws {
        let server = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let tag = try ConformBinary.temporaryFile(Self.inline([
            "\(base)/typed/right.mp4?cb=[CACHEBUSTING]&ts=[TIMESTAMP]",   // line 3
            "\(base)/status/404?cb=%%CACHEBUSTING%%",                      // line 4
        ]))
        let result = try ConformBinary.run(["check", "--probe", tag.path])
        // The server saw the URLs a player requests: the catalogue's samples in place of the macros.
        #expect(try Self.received(server).sorted() == ["/status/404?cb=12345678", "/typed/right.mp4?cb=12345678&ts=2026-01-01T00:00:00.000Z"])
        let found = Self.findings(result.stdout)
        #expect(found == ["PROBE-not-found": [4]], "\(result.stdout)")
        // The finding names the URL as the tag writes it.
        #expect(result.stdout.contains("MediaFile \(base)/status/404?cb=%%CACHEBUSTING%% answered HTTP 404"), "\(result.stdout)")
        // JSON: the asset's URL as written, the answer's as requested, and the finding's detail.
        let json = try ConformBinary.run(["check", "--probe", "--format", "json", tag.path])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let probed = try #require((reports.first?["probe"] as? [String: Any])?["assets"] as? [[String: Any]])
        #expect((probed[1]["asset"] as? [String: Any])?["url"] as? String == "\(base)/status/404?cb=%%CACHEBUSTING%%")
        #expect((probed[1]["answer"] as? [String: Any])?["url"] as? String == "\(base)/status/404?cb=12345678")
        let detail = (probed[1]["diagnostics"] as? [[String: Any]])?.first?["details"] as? [String: String]
        #expect(detail?["requested"] == "\(base)/status/404?cb=12345678" && detail?["url"] == "\(base)/status/404?cb=%%CACHEBUSTING%%")
        // With --follow, --macro values win over the samples.
        let given = try ConformBinary.run(["check", "--follow", "--macro", "CACHEBUSTING=777", "--probe", tag.path])
        #expect(given.status == 1)
        #expect(try Self.received(server).contains("/status/404?cb=777"))
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func withoutFFProbeAnswersAndTypesAreCheckedAndTheNoteIsSaidOnce() throws {
        let server = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let first = try ConformBinary.temporaryFile(Self.inline([
            "\(base)/typed/right.mp4",            // line 3
            "\(base)/typed/wrong-size.mp4",       // line 4: 320x240, found only by ffprobe
            "\(base)/typed/wrong-type.webm",      // line 5: WebM declared video/mp4, found from its bytes
            "\(base)/status/404",                 // line 6
        ]))
        let second = try ConformBinary.temporaryFile(Self.inline(["\(base)/typed/silent.mp4"]))
        // No ffprobe on PATH, and CONFORM_FFPROBE (which the lookup reads first) naming a program that is not there.
        let nowhere = try ConformBinary.temporaryDirectory(files: [:])
        let environment = ["PATH": nowhere.path, "CONFORM_FFPROBE": nowhere.appendingPathComponent("ffprobe").path]
        let result = try ConformBinary.run(["check", "--probe", first.path, second.path], environment: environment)
        let found = Self.findings(result.stdout)
        #expect(found == ["PROBE-wrong-type": [5], "PROBE-not-found": [6]], "\(result.stdout)")
        #expect(result.status == 1)
        let notes = result.stderr.split(separator: "\n").filter { $0.contains("media files were not inspected") }
        #expect(notes.count == 1, "\(result.stderr)")
        #expect(notes.first?.contains("the answers and types were checked") == true)
        #expect(notes.first?.contains("apt-get install ffmpeg") == true)
        #expect(notes.first?.contains("CONFORM_FFPROBE names") == true)
        // JSON says why in each report that has media.
        let json = try ConformBinary.run(["check", "--probe", "--format", "json", first.path], environment: environment)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(((reports.first?["probe"] as? [String: Any])?["mediaUnavailable"] as? String)?.contains("not a program") == true)
        // CONFORM_FFPROBE naming the real program inspects the media again, with nothing on PATH.
        // ffprobe comes with ffmpeg.
        if let ffprobe = SystemProgram.find("ffmpeg")?.deletingLastPathComponent().appendingPathComponent("ffprobe"),
           FileManager.default.isExecutableFile(atPath: ffprobe.path) {
            let inspected = try ConformBinary.run(["check", "--probe", first.path], environment: ["PATH": nowhere.path, "CONFORM_FFPROBE": ffprobe.path])
            #expect(Self.findings(inspected.stdout)["PROBE-dimensions"] == [4], "\(inspected.stdout)")
            #expect(!inspected.stderr.contains("not inspected"))
        }
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func theWorkbenchKeepsProbeAnswersForItsSession() throws {
        let origin = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { origin.stop() }
        let base = "http://127.0.0.1:\(origin.port)"
        let local = try Workbench()
        defer { local.stop() }
        func check(_ urls: [String], _ extra: [String: Any] = [:]) throws -> [[String: Any]] {
            let answer = try local.post("/api/check", ["xml": Self.inline(urls), "probe": true].merging(extra) { $1 })
            #expect(answer.status == 200, "\(answer.text)")
            let reports = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
            return try #require((reports.first?["probe"] as? [String: Any])?["assets"] as? [[String: Any]])
        }
        func requests() throws -> [String] { try Self.received(origin).filter { $0.hasPrefix("/typed/") || $0.hasPrefix("/status/") } }
        let urls = ["\(base)/typed/right.mp4", "\(base)/status/404"]
        let first = try check(urls)
        // The tag re-checked as it is edited: the same answers, nothing requested again.
        let again = try check(urls)
        #expect(try requests().sorted() == ["/status/404", "/typed/right.mp4"])
        #expect(first.map { ($0["answer"] as? [String: Any])?["status"] as? Int } == again.map { ($0["answer"] as? [String: Any])?["status"] as? Int })
        #expect(((again[1]["diagnostics"] as? [[String: Any]])?.first?["ruleID"] as? String) == "PROBE-not-found")
        // A changed URL is requested; the unchanged one is not.
        _ = try check(["\(base)/typed/right.mp4", "\(base)/status/410"])
        #expect(try requests().sorted() == ["/status/404", "/status/410", "/typed/right.mp4"])
        // An explicit re-probe requests every URL of the tag again.
        _ = try check(urls, ["reprobe": true])
        #expect(try requests().sorted() == ["/status/404", "/status/404", "/status/410", "/typed/right.mp4", "/typed/right.mp4"])
        // Another fetch policy (a shorter time limit) has answers of its own.
        _ = try check(urls, ["follow": true, "timeout": 2.5])
        #expect(try requests().count == 7)
        let bad = try local.post("/api/check", ["xml": Self.inline(urls), "probe": true, "reprobe": "yes"])
        #expect(bad.status == 400)
        let page = try local.request("GET", "/")
        #expect(page.text.contains("id=\"reprobe\"") && page.text.contains("reprobe: true"))
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func pixelsAreNeverRequestedAndThePolicyBoundsEveryAsset() throws {
        let server = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        // Every tracking URL on the same loopback server as the asset.
        let tag = try ConformBinary.temporaryFile("""
            <VAST version="4.2"><Ad id="1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><AdServingId>x</AdServingId>
            <Impression><![CDATA[\(base)/pixel/impression]]></Impression><Error><![CDATA[\(base)/pixel/error?code=[ERRORCODE]]]></Error>
            <Creatives><Creative><Linear><Duration>00:00:02</Duration>
            <TrackingEvents><Tracking event="start"><![CDATA[\(base)/pixel/start]]></Tracking></TrackingEvents>
            <VideoClicks><ClickTracking><![CDATA[\(base)/pixel/click]]></ClickTracking></VideoClicks><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="160" height="120"><![CDATA[\(base)/typed/right.mp4]]></MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """)
        let result = try ConformBinary.run(["check", "--probe", "--probe-pixels", tag.path])
        #expect(result.stdout.contains("assets: 1 probed, 0 with findings; 4 tracking pixel(s) not requested"), "\(result.stdout)")
        #expect(try Self.received(server) == ["/typed/right.mp4"], "only the asset is requested, never a pixel")
        // The size limit: the asset is cut off and reported, not inspected.
        let small = try ConformBinary.run(["check", "--probe", "--probe-max-size", "1000", tag.path])
        #expect(Self.findings(small.stdout) == ["PROBE-oversize": [6]], "\(small.stdout)")
        // Private addresses refused when asked: the loopback asset is never opened.
        let before = try Self.received(server).count
        let refused = try ConformBinary.run(["check", "--follow", "--refuse-private-addresses", "--probe", tag.path])
        #expect(Self.findings(refused.stdout) == ["PROBE-refused": [6]], "\(refused.stdout)")
        #expect(try Self.received(server).count == before)
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func aTerminalSeesTheProgressLine() throws {
        let server = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let tag = try ConformBinary.temporaryFile(Self.inline(["\(base)/typed/right.mp4", "\(base)/status/404"]))
        let binary = try #require(ConformBinary.url)
        // Python's pty.spawn runs the command on a pseudo-terminal and copies what it writes.
        let process = Process()
        process.executableURL = SystemProgram.find("python3")
        process.arguments = ["-c", "import pty, sys; pty.spawn(sys.argv[1:])", binary.path, "check", "--probe", tag.path]
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("probing assets 1/2"), "\(text)")
        // Cleared when done, and not written where standard error is no terminal.
        #expect(text.contains("\r\u{1B}[K"))
        let piped = try ConformBinary.run(["check", "--probe", tag.path], environment: ["CI": ""])
        #expect(!piped.stderr.contains("probing assets"))
    }

    @Test(.enabled(if: python, "python3 is not installed"))
    func ffprobesOutputIsBounded() throws {
        let server = try ScriptServer("test-http-server.py", [try Self.served().path])
        defer { server.stop() }
        // An ffprobe that writes without end: read up to 1 MiB, then killed, and the file reported unreadable.
        let folder = try ConformBinary.temporaryDirectory(files: ["ffprobe": "#!/bin/sh\nexec yes\n"])
        let program = folder.appendingPathComponent("ffprobe")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let tag = try ConformBinary.temporaryFile(Self.inline(["http://127.0.0.1:\(server.port)/typed/right.mp4"]))
        let started = Date()
        let result = try ConformBinary.run(["check", "--probe", tag.path], environment: ["CONFORM_FFPROBE": program.path])
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(Self.findings(result.stdout) == ["PROBE-undecodable": [3]], "\(result.stdout)")
        #expect(result.stdout.contains("ffprobe wrote more than 1048576 bytes"))
        // An ffprobe that never answers is killed after the probe's time limit.
        try Data("#!/bin/sh\nexec sleep 60\n".utf8).write(to: program)
        let waited = Date()
        let stuck = try ConformBinary.run(["check", "--probe", "--probe-timeout", "2", tag.path], environment: ["CONFORM_FFPROBE": program.path])
        #expect(Date().timeIntervalSince(waited) < 10)
        #expect(Self.findings(stuck.stdout) == ["PROBE-undecodable": [3]], "\(stuck.stdout)")
        #expect(stuck.stdout.contains("ffprobe did not finish within 2 s"))
    }

    @Test func probeOptionsNeedProbe() throws {
        let tag = try ConformBinary.temporaryFile(Self.inline(["https://cdn.example.com/a.mp4"]))
        let result = try ConformBinary.run(["check", "--probe-jobs", "4", tag.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--probe-jobs needs --probe"))
        let bad = try ConformBinary.run(["check", "--probe", "--probe-jobs", "0", tag.path])
        #expect(bad.status == 64)
    }
}
