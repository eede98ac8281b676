import ConformCore
import Foundation
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
    static let validVAST = "<VAST version=\"4.2\"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>\n"
    static let missingAdSystem = "<VAST version=\"4.2\"><Ad>\n  <InLine><AdTitle>t</AdTitle></InLine></Ad></VAST>\n"
}

/// The repository root (three levels above this file).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
