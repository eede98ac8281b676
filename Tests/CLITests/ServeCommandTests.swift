import ConformTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `conform serve` started for real on a free loopback port, and spoken to with a plain HTTP client that
/// writes each request byte for byte (so Host, Origin and bodies are exactly what a test says).
@Suite(.serialized, .enabled(if: ConformBinary.url != nil && MicroHTTPD.available, "the conform binary and libmicrohttpd are needed"))
struct ServeCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let inline = """
        <VAST version="4.2"><Ad id="1"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
        <Impression><![CDATA[https://i.example/i]]></Impression><AdServingId>a</AdServingId>
        <Creatives><Creative><UniversalAdId idRegistry="ad-id.org">X</UniversalAdId><Linear><Duration>00:00:10</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://c.example/a.mp4]]></MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    static func wrapper(to uri: String) -> String {
        """
        <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>x</AdSystem>
        <Impression><![CDATA[https://i.example/w]]></Impression>
        <VASTAdTagURI><![CDATA[\(uri)]]></VASTAdTagURI></Wrapper></Ad></VAST>
        """
    }

    // MARK: - Loopback and addresses

    @Test func listensOnLoopbackOnlyByDefault() throws {
        let server = try Workbench()
        defer { server.stop() }
        #expect(server.address.hasPrefix("http://127.0.0.1:"))
        let info = try server.request("GET", "/api/info")
        #expect(info.status == 200)
        #expect(info.json?["refusePrivateAddresses"] as? Bool == false)
        // Another address of this machine does not answer.
        if let other = Self.nonLoopbackAddress() {
            #expect(throws: (any Error).self) { try HTTPClient.send(host: other, port: server.port, "GET / HTTP/1.1\r\nHost: \(other):\(server.port)\r\n\r\n") }
        }
    }

    @Test func aNonLoopbackHostRefusesPrivateAddressesInEveryFetch() throws {
        let origin = try OriginServer(files: ["inline.xml": Self.inline])
        defer { origin.stop() }
        let local = try Workbench()
        defer { local.stop() }
        // On loopback the tag server on 127.0.0.1 is fetched.
        let fetched = try local.post("/api/check", ["url": origin.url("/files/inline.xml")])
        #expect(fetched.status == 200, "\(fetched.text)")
        #expect(fetched.text.contains("\"inLines\" : 1"))

        let exposed = try Workbench(["--host", "0.0.0.0"])
        defer { exposed.stop() }
        #expect(exposed.stdout.contains("fetches of private addresses are refused"))
        let info = try exposed.request("GET", "/api/info")
        #expect(info.json?["refusePrivateAddresses"] as? Bool == true)
        // The root...
        let root = try exposed.post("/api/check", ["url": origin.url("/files/inline.xml")])
        #expect(root.status == 422)
        #expect(root.text.contains("private"), "\(root.text)")
        // ...every hop of a chain...
        let chain = try exposed.post("/api/check", ["xml": Self.wrapper(to: origin.url("/files/inline.xml")), "follow": true])
        #expect(chain.status == 200)
        #expect(chain.text.contains("\"refusePrivateAddresses\" : true"))
        #expect(!chain.text.contains("\"inLine\""), "the InLine on 127.0.0.1 was not fetched")
        #expect(chain.text.contains("private"), "\(chain.text)")
        // ...the page's fetch of a tag URL...
        #expect(try exposed.post("/api/fetch", ["url": origin.url("/files/inline.xml")]).status == 422)
        // ...and a case being saved.
        let corpus = try ConformBinary.temporaryDirectory()
        let saving = try Workbench(["--host", "0.0.0.0", "--corpus", corpus.path])
        defer { saving.stop() }
        let saved = try saving.post("/api/save-case", ["url": origin.url("/files/inline.xml"), "name": "x"])
        #expect(saved.status == 422)
    }

    // MARK: - Host header (DNS rebinding)

    @Test func aHostHeaderNotNamingTheServerIsRefused() throws {
        let server = try Workbench()
        defer { server.stop() }
        for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "[::1]:\(server.port)"] {
            #expect(try server.request("GET", "/api/info", headers: ["Host": host]).status == 200, "\(host)")
        }
        for host in ["evil.example:\(server.port)", "evil.example", "127.0.0.1:\(server.port + 1)", "127.0.0.1", "localhost.evil.example:\(server.port)",
                     "127.0.0.1.nip.io:\(server.port)"] {
            let response = try server.request("GET", "/", headers: ["Host": host])
            #expect(response.status == 421, "\(host)")
            #expect(!response.text.contains("<html"), "\(host): the page is not served")
        }
        // A request without a Host header (HTTP/1.0) is refused too.
        let bare = try HTTPClient.send(host: "127.0.0.1", port: server.port, "GET /api/rules HTTP/1.0\r\n\r\n")
        #expect(bare.status == 421)
    }

    // MARK: - Origin (CSRF)

    @Test func stateChangingRequestsFromAnotherOriginAreRefused() throws {
        let corpus = try ConformBinary.temporaryDirectory()
        let server = try Workbench(["--corpus", corpus.path])
        defer { server.stop() }
        let body = ["xml": Self.inline, "name": "from-elsewhere"]
        for headers in [["Origin": "http://evil.example"], ["Origin": "null"], ["Origin": "http://127.0.0.1:\(server.port + 1)"],
                        ["Origin": "https://127.0.0.1:\(server.port)"], ["Sec-Fetch-Site": "cross-site"]] {
            let response = try server.post("/api/save-case", body, headers: headers)
            #expect(response.status == 403, "\(headers)")
        }
        // A form post or a text/plain fetch (which a foreign page can send without a preflight) is refused.
        for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
            let response = try server.post("/api/save-case", body, headers: ["Content-Type": type])
            #expect(response.status == 403, "\(type)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: corpus.path).isEmpty, "nothing was written")
        // The page's own origin is accepted.
        let own = try server.post("/api/save-case", body, headers: ["Origin": "http://127.0.0.1:\(server.port)", "Sec-Fetch-Site": "same-origin"])
        #expect(own.status == 201, "\(own.text)")
    }

    // MARK: - Size and time limits

    @Test func bodiesOverTheLimitAreRefused() throws {
        let server = try Workbench(["--max-body", "2000"])
        defer { server.stop() }
        let small = try server.post("/api/params", ["string": "icon=https://c.example/i.png,bannerTitle=Shoes,ctaUrl=https://s.example"])
        #expect(small.status == 200)
        let big = try server.post("/api/check", ["xml": String(repeating: "<!-- padding -->", count: 200)])
        #expect(big.status == 413)
        // A chunked body, which announces no length, is cut off at the limit.
        let chunk = String(repeating: "x", count: 1500)
        let hex = String(chunk.utf8.count, radix: 16)
        let request = "POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
            + "Connection: close\r\n\r\n\(hex)\r\n\(chunk)\r\n\(hex)\r\n\(chunk)\r\n0\r\n\r\n"
        let chunked = try? HTTPClient.send(host: "127.0.0.1", port: server.port, request)
        #expect(chunked == nil || chunked?.status == 413, "\(chunked?.status ?? 0)")
    }

    @Test func requestsHaveATimeLimitAndWorkIsBounded() throws {
        let origin = try OriginServer(files: ["inline.xml": Self.inline])
        defer { origin.stop() }
        let server = try Workbench(["--request-timeout", "4", "--workers", "1"])
        defer { server.stop() }
        // A client that never finishes its request is disconnected.
        let started = Date()
        let idle = try HTTPClient.connect(host: "127.0.0.1", port: server.port)
        defer { close(idle) }
        _ = "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n".withCString { send(idle, $0, strlen($0), 0) }
        var byte: UInt8 = 0
        let read = recv(idle, &byte, 1, 0)
        #expect(read <= 0, "the server closed the connection")
        #expect(Date().timeIntervalSince(started) < 10)

        // A fetch that would take 20 s ends within the limit; meanwhile a second request finds no free worker.
        let slow = origin.url("/delay/20000/files/inline.xml")
        nonisolated(unsafe) var first: HTTPClient.Response?
        let done = DispatchSemaphore(value: 0)
        let begin = Date()
        DispatchQueue.global().async {
            first = try? server.post("/api/check", ["url": slow])
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)
        let second = try server.post("/api/check", ["xml": Self.inline])
        #expect(second.status == 503, "\(second.text)")
        done.wait()
        #expect(Date().timeIntervalSince(begin) < 8)
        #expect(first?.status == 422, "\(first?.text ?? "")")
        #expect(first?.text.contains("within 3 s") == true, "\(first?.text ?? "")")
        // With the worker free again, work goes on.
        #expect(try server.post("/api/check", ["xml": Self.inline]).status == 200)
    }

    // MARK: - Fetch policy

    @Test func fetchesAreHTTPOnlyAndNeverReadFiles() throws {
        let origin = try OriginServer(files: ["inline.xml": Self.inline])
        defer { origin.stop() }
        let secret = try ConformBinary.temporaryFile("<VAST version=\"4.2\"><Ad id=\"secret-ad\"><InLine><AdSystem>secret</AdSystem></InLine></Ad></VAST>",
                                                     name: "secret.xml")
        let server = try Workbench()
        defer { server.stop() }
        let file = try server.post("/api/check", ["url": secret.absoluteString])
        #expect(file.status == 400)
        for uri in [secret.absoluteString, origin.url("/redirect-to?url=\(secret.absoluteString)"), "ftp://127.0.0.1/x.xml"] {
            let chain = try server.post("/api/check", ["xml": Self.wrapper(to: uri), "follow": true])
            #expect(chain.status == 200)
            #expect(!chain.text.contains("secret-ad"), "\(uri)")
            #expect(chain.text.contains("refused") || chain.text.contains("scheme"), "\(uri): \(chain.text)")
        }
        // The page's fetch of a tag URL keeps to the same policy.
        #expect(try server.post("/api/fetch", ["url": secret.absoluteString]).status == 400)
        let viaRedirect = try server.post("/api/fetch", ["url": origin.url("/redirect-to?url=\(secret.absoluteString)")])
        #expect(viaRedirect.status == 422)
        #expect(!viaRedirect.text.contains("secret-ad"))
        // A root URI naming a file does not make relative VASTAdTagURIs readable files.
        let relative = try server.post("/api/check", ["xml": Self.wrapper(to: "secret.xml"), "follow": true,
                                                       "root-uri": secret.deletingLastPathComponent().absoluteString])
        #expect(relative.status == 200)
        #expect(!relative.text.contains("secret-ad"))
        // A redirected http fetch is followed within the policy.
        let redirected = try server.post("/api/check", ["url": origin.url("/redirect/2/files/inline.xml")])
        #expect(redirected.status == 200)
        // A value cannot pass for another option.
        let smuggled = try server.post("/api/check", ["xml": Self.inline, "follow": true, "player": "--map", "macro": ["X": "1 --map \(secret.path)"]])
        #expect(smuggled.status == 400)
        #expect(smuggled.text.contains("unknown player '--map'"), "\(smuggled.text)")
        // The map of check --follow --map, which names local files, is not an option of the API.
        let mapped = try server.post("/api/check", ["xml": Self.inline, "follow": true, "map": secret.path])
        #expect(mapped.status == 200)
        #expect(!mapped.text.contains("secret-ad"))
    }

    // MARK: - Files

    @Test func casesAreTheOnlyFilesWrittenAndNamesCannotEscape() throws {
        let parent = try ConformBinary.temporaryDirectory()
        let corpus = parent.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let outside = try ConformBinary.temporaryDirectory()
        try FileManager.default.createSymbolicLink(at: corpus.appendingPathComponent("link"), withDestinationURL: outside)
        let server = try Workbench(["--corpus", corpus.path])
        defer { server.stop() }
        for name in ["../escape", "a/../../escape", "/tmp/escape", "..", ".hidden", "a//b", "link/x", "a\\..\\b", "", "-rf"] {
            let response = try server.post("/api/save-case", ["xml": Self.inline, "name": name])
            #expect(response.status == 400, "\(name): \(response.text)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["corpus"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)

        let saved = try server.post("/api/save-case", ["xml": Self.inline, "name": "cases/pasted-tag"])
        #expect(saved.status == 201, "\(saved.text)")
        let folder = corpus.appendingPathComponent("cases/pasted-tag")
        #expect(saved.json?["status"] as? String == "passed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["tag.golden.json", "tag.xml"])
        #expect(try String(contentsOf: folder.appendingPathComponent("tag.xml"), encoding: .utf8) == Self.inline)
        // A name taken is not overwritten.
        #expect(try server.post("/api/save-case", ["xml": "<VAST/>", "name": "cases/pasted-tag"]).status == 409)
        // The saved case is a case `conform run` passes.
        let run = try ConformBinary.run(["run", "--no-config", folder.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")

        let unsaving = try Workbench()
        defer { unsaving.stop() }
        #expect(try unsaving.post("/api/save-case", ["xml": Self.inline, "name": "x"]).status == 403)
    }

    @Test func aChainIsSavedAsCheckFollowRecordRecordsIt() throws {
        let wrapper = """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>w</AdSystem><VASTAdTagURI><![CDATA[inline.xml]]></VASTAdTagURI>
            <Impression><![CDATA[https://i.example/w]]></Impression></Wrapper></Ad></VAST>
            """
        let origin = try OriginServer(files: ["wrapper.xml": wrapper, "inline.xml": Self.inline])
        defer { origin.stop() }
        let corpus = try ConformBinary.temporaryDirectory()
        let server = try Workbench(["--corpus", corpus.path])
        defer { server.stop() }
        let saved = try server.post("/api/save-case", ["url": origin.url("/files/wrapper.xml"), "name": "chains/saved"])
        #expect(saved.status == 201, "\(saved.text)")
        #expect(saved.json?["status"] as? String == "passed")
        let folder = corpus.appendingPathComponent("chains/saved")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["chain.json", "hop-1.xml", "root.xml"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("chain.json"))) as? [String: Any])
        let expect = try #require(manifest["expect"] as? [String: Any])
        #expect((expect["chain"] as? [String: Any])?["hops"] as? Int == 2)
        #expect((expect["tracking"] as? [String: Any])?["impression"] as? [String] == ["https://i.example/w", "https://i.example/i"])
        // The same files `check --follow --record` writes for the same tag.
        let recorded = try ConformBinary.temporaryDirectory().appendingPathComponent("recorded")
        let record = try ConformBinary.run(["check", "--no-config", "--follow", "--record", recorded.path, origin.url("/files/wrapper.xml")])
        #expect(FileManager.default.fileExists(atPath: recorded.appendingPathComponent("chain.json").path), "\(record.stdout)\(record.stderr)")
        for file in ["chain.json", "hop-1.xml", "root.xml"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == Data(contentsOf: recorded.appendingPathComponent(file)), "\(file)")
        }
        // `conform run` passes on the saved case, with the origin server gone: the case is offline.
        origin.stop()
        let run = try ConformBinary.run(["run", "--no-config", "--output", corpus.appendingPathComponent("Reports").path,
                                         corpus.appendingPathComponent("chains").path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("1 case(s): 1 passed"), "\(run.stdout)")
    }

    @Test func nothingElseOfTheFileSystemIsReadable() throws {
        let corpus = try ConformBinary.temporaryDirectory(files: ["tags/a.xml": Self.inline, "notes.txt": "private notes"])
        let server = try Workbench(["--corpus", corpus.path])
        defer { server.stop() }
        for path in ["/etc/passwd", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/../../etc/passwd", "/Package.swift",
                     "/api/example?id=corpus:../../../../etc/passwd", "/api/example?id=corpus:/etc/passwd",
                     "/api/example?id=corpus:notes.txt", "/api/example?id=corpus:tags/../notes.txt", "/api/example?id=/etc/passwd"] {
            let response = try server.request("GET", path)
            #expect(response.status == 404, "\(path): \(response.status)")
            #expect(!response.text.contains("root:"), "\(path)")
            #expect(!response.text.contains("private notes"), "\(path)")
        }
        let listed = try server.request("GET", "/api/examples")
        #expect(listed.text.contains("\"corpus:tags/a.xml\""))
        #expect(!listed.text.contains("notes.txt"))
        let example = try server.request("GET", "/api/example?id=corpus:tags/a.xml")
        #expect(example.status == 200)
        #expect(example.text.contains("https://c.example/a.mp4"))
        #expect(try server.request("PUT", "/api/check").status == 405)
    }

    // MARK: - The API answers as the commands do

    @Test func theAPIAnswersWithTheCommandsJSON() throws {
        let server = try Workbench()
        defer { server.stop() }
        let file = try ConformBinary.temporaryFile(Self.wrapper(to: "https://ads.example/next.xml"), name: "tag.xml")
        let cli = try ConformBinary.run(["check", "--no-config", "--format", "json", "--profile", "pause", file.path],
                                        directory: file.deletingLastPathComponent())
        let api = try server.post("/api/check", ["xml": Self.wrapper(to: "https://ads.example/next.xml"), "name": "tag.xml", "profile": ["pause"]])
        #expect(api.status == 200)
        #expect(api.text == cli.stdout.trimmingCharacters(in: .newlines).replacingOccurrences(of: file.path, with: "tag.xml"))

        let params = "icon=https://c.example/i.png,bannerTitle=Shoes,ctaUrl=ftp://s.example"
        let cliParams = try ConformBinary.run(["params", "--no-config", "--format", "json", params])
        let apiParams = try server.post("/api/params", ["strings": [params]])
        #expect(apiParams.text == cliParams.stdout.trimmingCharacters(in: .newlines))

        let explain = try ConformBinary.run(["explain", "--format", "json", "VAST-2.0-url-http"])
        #expect(try server.request("GET", "/api/explain?id=VAST-2.0-url-http").text == explain.stdout.trimmingCharacters(in: .newlines))
        #expect(try server.request("GET", "/api/explain?id=VAST-2.0-url-htp").status == 404)
        // Numbers are numbers (0 and 1 too), flags are booleans.
        let depth = try server.post("/api/check", ["xml": Self.inline, "follow": true, "max-depth": 1])
        #expect(depth.status == 200, "\(depth.text)")
        #expect(depth.text.contains("\"maxDepth\" : 1"))
        #expect(try server.post("/api/check", ["xml": Self.inline, "follow": 1]).status == 400)
        #expect(try server.post("/api/check", ["xml": Self.inline, "follow": true, "max-depth": true]).status == 400)
        let bad = try server.post("/api/check", ["xml": Self.inline, "player": "nope", "follow": true])
        #expect(bad.status == 400)
        #expect(bad.text.contains("unknown player 'nope'"))
    }

    @Test func ctrlCStopsTheServerCleanly() throws {
        let server = try Workbench()
        kill(server.process.processIdentifier, SIGINT)
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
        #expect(throws: (any Error).self) { try server.request("GET", "/api/info") }
    }

    /// libmicrohttpd is opened when a server starts, and by no other command.
    @Test func otherCommandsNeverLoadTheServerLibrary() throws {
        #if os(Linux)
        let tag = try ConformBinary.temporaryFile(Self.inline)
        let check = try ConformBinary.run(["check", "--no-config", tag.path], environment: ["LD_DEBUG": "libs"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stderr.contains("libxml2"), "the dynamic loader reported the libraries it loaded")
        #expect(!check.stderr.contains("libmicrohttpd"))
        #endif
    }

    @Test func helpTeachesAndBadOptionsAreUsageErrors() throws {
        let help = try ConformBinary.run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--corpus <dir>"))
        #expect(try ConformBinary.run(["serve", "--port", "70000"]).status == 64)
        #expect(try ConformBinary.run(["serve", "extra"]).status == 64)
    }

    /// An IPv4 address of this machine other than loopback, if it has one.
    static func nonLoopbackAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }
}

/// Whether libmicrohttpd, which `conform serve` loads, is installed.
enum MicroHTTPD {
    static let available: Bool = {
        let names: [String] = ["libmicrohttpd.so.12", "libmicrohttpd.so", "libmicrohttpd.12.dylib", "libmicrohttpd.dylib"]
        return names.contains { name in dlopen(name, RTLD_NOW | RTLD_LOCAL) != nil }
    }()
}

/// A running `conform serve`.
final class Workbench: @unchecked Sendable {
    let process = Process()
    let address: String
    let port: Int
    let stdout: String

    init(_ arguments: [String] = []) throws {
        guard let binary = ConformBinary.url else { throw ConformBinary.NotFound() }
        process.executableURL = binary
        process.arguments = ["serve"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = Data()
        let handle = output.fileHandleForReading
        while !String(decoding: text, as: UTF8.self).contains("Ctrl-C") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text.append(chunk)
        }
        stdout = String(decoding: text, as: UTF8.self)
        guard let line = stdout.split(separator: "\n").first, let start = line.range(of: "http://"),
              let port = Int(line[start.upperBound...].split(separator: ":").last?.trimmingCharacters(in: CharacterSet(charactersIn: "/")) ?? "") else {
            process.terminate()
            throw HTTPClient.Failure(message: "conform serve printed no address: \(stdout)")
        }
        address = String(line[start.lowerBound...])
        self.port = port
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A request with the Host header a browser on the page would send, unless `headers` says otherwise.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: Data = Data()) throws -> HTTPClient.Response {
        var all = ["Host": "127.0.0.1:\(port)", "Connection": "close"]
        for (name, value) in headers { all[name] = value }
        if !body.isEmpty || method == "POST" { all["Content-Length"] = String(body.count) }
        var text = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return try HTTPClient.send(host: "127.0.0.1", port: port, Data(text.utf8) + Data("\r\n".utf8) + body)
    }

    /// A JSON POST as the page sends it.
    func post(_ path: String, _ object: [String: Any], headers: [String: String] = [:]) throws -> HTTPClient.Response {
        var all = ["Content-Type": "application/json"]
        for (name, value) in headers { all[name] = value }
        return try request("POST", path, headers: all, body: try JSONSerialization.data(withJSONObject: object))
    }
}

/// scripts/test-http-server.py serving a temporary folder.
final class OriginServer: @unchecked Sendable {
    let server: ScriptServer
    var port: Int { server.port }

    init(files: [String: String]) throws {
        server = try ScriptServer("test-http-server.py", [try ConformBinary.temporaryDirectory(files: files).path])
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() { server.stop() }
}

/// HTTP/1.1 over a plain TCP socket: the request is sent as written, the answer read to the end.
enum HTTPClient {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    }

    static func connect(host: String, port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(message: "no socket") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(message: "cannot connect to \(host):\(port)")
        }
        return fd
    }

    static func send(host: String, port: Int, _ text: String) throws -> Response {
        try send(host: host, port: port, Data(text.utf8))
    }

    static func send(host: String, port: Int, _ request: Data) throws -> Response {
        let fd = try connect(host: host, port: port)
        defer { close(fd) }
        var sent = 0
        request.withUnsafeBytes { buffer in
            while sent < buffer.count {
                let n = Glibc.send(fd, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { break }
                sent += n
            }
        }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            answer.append(buffer, count: n)
        }
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(message: "no HTTP answer") }
        let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, statusLine.hasPrefix("HTTP/"), let status = Int(statusLine.split(separator: " ")[1]) else {
            throw Failure(message: "no HTTP status line")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(answer[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) -> Data {
        var out = Data(), rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            guard let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";")[0], radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
            out.append(rest[start..<rest.index(start, offsetBy: size)])
            rest = rest[rest.index(start, offsetBy: size + 2)...]
        }
        return out
    }
}
