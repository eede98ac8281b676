import Chain
import ConformCore
import ConformTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import VAST

/// Locates the fixtures and resolves chains from them.
enum Fixtures {
    static let root: URL = {
        if let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) { return url }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }()

    static func url(_ path: String) -> URL { root.appendingPathComponent(path).standardizedFileURL }

    static func data(_ path: String) throws -> Data { try Data(contentsOf: url(path)) }

    /// Resolves a local fixture with relative references through a ``FileFetcher``.
    static func resolveFile(_ path: String, settings: PlayerSettings = .spec,
                            fetcher: (any Fetcher)? = nil) throws -> ResolvedChain {
        let url = url(path)
        return WrapperResolver.resolve(rootData: try Data(contentsOf: url), rootURI: url.absoluteString,
                                       fetcher: fetcher ?? FileFetcher(), settings: settings)
    }

    /// Resolves a fixture of a mapped folder through a ``CorpusFetcher`` over the folder's `map.json`.
    static func resolveMapped(_ folder: String, _ file: String, rootURI: String, settings: PlayerSettings = .spec,
                              maxBytes: Int = FetchPolicy().maxBytes) throws -> ResolvedChain {
        let fetcher = try CorpusFetcher(mapFile: url("\(folder)/map.json"), maxBytes: maxBytes)
        return WrapperResolver.resolve(rootData: try data("\(folder)/\(file)"), rootURI: rootURI,
                                       fetcher: fetcher, settings: settings)
    }

    static func only(_ chain: ResolvedChain, sourceLocation: SourceLocation = #_sourceLocation) throws -> ResolvedAd {
        #expect(chain.ads.count == 1, sourceLocation: sourceLocation)
        return try #require(chain.ads.first, sourceLocation: sourceLocation)
    }
}

/// A fetcher that records every URI it is asked for and delegates to another.
final class SpyFetcher: Fetcher, @unchecked Sendable {
    private let lock = NSLock()
    private var requested: [String] = []
    let inner: any Fetcher

    init(_ inner: any Fetcher) { self.inner = inner }

    var calls: [String] { lock.withLock { requested } }

    func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        try fetch(uri, referrer: referrer, timeLimit: nil)
    }

    func fetch(_ uri: URL, referrer: URL?, timeLimit: Double?) throws(FetchError) -> FetchedDocument {
        lock.withLock { requested.append(uri.absoluteString) }
        return try inner.fetch(uri, referrer: referrer, timeLimit: timeLimit)
    }
}

/// The local HTTP server of `scripts/test-http-server.py`, serving the fixtures folder on 127.0.0.1.
final class TestServer: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/test-http-server.py")

    /// The python3 executable, if there is one on PATH.
    static let python: String? = SystemProgram.find("python3")?.path

    static var available: Bool { python != nil && FileManager.default.fileExists(atPath: script.path) }

    let process = Process()
    let port: Int

    init() throws {
        guard let python = TestServer.python else { throw ServerError(message: "python3 is not installed") }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [TestServer.script.path, Fixtures.root.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let text = String(data: line, encoding: .utf8)?.split(separator: "\n").first, let port = Int(text) else {
            process.terminate()
            throw ServerError(message: "the test server did not print its port")
        }
        self.port = port
    }

    struct ServerError: Error, CustomStringConvertible { let message: String; var description: String { message } }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Stops the server with SIGKILL (which no inherited signal mask can block) and reaps it.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Resolves `/files/live/<name>` as fetched from the server, with a live fetcher.
    func resolve(_ name: String, policy: FetchPolicy, maxDepth: Int = 5) throws -> ResolvedChain {
        let rootURL = url("/files/live/\(name)")
        let settings = PlayerSettings(name: "test", maxDepth: maxDepth, policy: policy)
        return WrapperResolver.resolve(rootData: try Fixtures.data("live/\(name)"), rootURI: rootURL.absoluteString,
                                       fetcher: HTTPFetcher(settings: settings), settings: settings)
    }
}
