import ConformCore
import ConformTestSupport
import Foundation
import Probe
@testable import Conformance

/// A corpus folder in the temporary directory, removed when the value is released.
final class TemporaryCorpus {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("conform-corpus-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(relative).path)
    }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}

/// Collects the results a run streams.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [CaseResult] = []

    func add(_ result: CaseResult) { lock.withLock { results.append(result) } }
    var all: [CaseResult] { lock.withLock { results.sorted { $0.id < $1.id } } }
    func result(_ id: String) -> CaseResult? { all.first { $0.id == id } }
}

/// Runs `options` and returns the summary and every result.
func run(_ options: RunOptions, control: RunControl = RunControl()) throws -> (RunSummary, Collected) {
    let collected = Collected()
    let summary = try CorpusRunner.run(options, control: control, consume: collected.add)
    return (summary, collected)
}

enum Tags {
    /// A tag no error-level rule objects to.
    static let validVAST = "<VAST version=\"4.2\"><Ad id=\"a1\"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle><Impression><![CDATA[https://ads.adserver.net/imp]]></Impression><AdServingId>a1-serving</AdServingId><Creatives><Creative><UniversalAdId idRegistry=\"ad-id.org\">ABCD0001000H</UniversalAdId><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://cdn.adserver.net/a.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>\n"
    /// The same tag without its AdSystem, on its own line: exactly one error, at 2:3.
    static let missingAdSystem = "<VAST version=\"4.2\"><Ad id=\"a1\">\n  <InLine><AdTitle>t</AdTitle><Impression><![CDATA[https://ads.adserver.net/imp]]></Impression><AdServingId>a1-serving</AdServingId><Creatives><Creative><UniversalAdId idRegistry=\"ad-id.org\">ABCD0001000H</UniversalAdId><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://cdn.adserver.net/a.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>\n"
}

/// The repository root (three levels above this file).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// ffprobe for the probe cases, as the command line runs it (`conform run` inspects media with ffprobe, which
/// the Debian package ffmpeg installs beside ffmpeg); `nil` when ffmpeg is not installed.
struct TestFFProbe: MediaInspector {
    let executable: URL

    static let installed: TestFFProbe? = SystemProgram.find("ffmpeg").map {
        TestFFProbe(executable: $0.deletingLastPathComponent().appendingPathComponent("ffprobe"))
    }

    func inspect(_ data: Data, container: MediaType.Container) -> MediaInspection {
        let formats: [MediaType.Container: String] = [.mp4: "mov", .webm: "matroska", .ogg: "ogg", .mpegTS: "mpegts", .mp3: "mp3"]
        guard let format = formats[container] else { return .unreadable("not a media container") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("conform-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-v", "error", "-protocol_whitelist", "file", "-f", format, "-print_format", "json",
                             "-show_format", "-show_streams", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try data.write(to: file)
            try process.run()
        } catch { return .unavailable("\(error)") }
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let facts = MediaFacts.fromFFProbe(json) else { return .unreadable("ffprobe failed") }
        return .facts(facts)
    }

    /// The probe cases that need media inspection (tagged `ffprobe`): left out of a run without ffprobe.
    static func casesNeedingIt(in corpus: URL) -> Set<String> {
        let folder = corpus.appendingPathComponent("probe")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("\(name)/chain.json").path),
                  let manifest = try? ChainManifest.decode(data, file: name) else { return false }
            return manifest.expect?.tags.contains("ffprobe") == true
        }.map { "probe/\($0)" })
    }
}
