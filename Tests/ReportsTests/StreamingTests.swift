import ConformCore
import Conformance
import Foundation
import Testing
@testable import Reports

@Suite("Streaming")
struct StreamingTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conform-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func junitStreamMatchesTheReporter() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("junit.xml")
        let writer = try JUnitStreamWriter(
            url: url, corpus: Fixture.results.info.corpus, knownFailures: Set(Fixture.results.info.baseline?.stillFailing ?? []))
        let model = ReportModel(Fixture.results, rules: [])
        for suite in model.suites {
            for item in suite.cases.reversed() { try writer.append(item) }
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))  // nothing visible before finish
        try writer.finish(durationSeconds: Fixture.results.info.durationSeconds)
        let streamed = try String(contentsOf: url, encoding: .utf8)
        #expect(streamed == (try JUnitReporter().render(Fixture.results, rules: [])))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["junit.xml"])
    }

    @Test func junitStreamSplitsInterleavedFolders() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("junit.xml")
        let writer = try JUnitStreamWriter(url: url, corpus: "C")
        let cases = Fixture.large(count: 60).cases  // folders interleave: 00, 01, …, 19, 00, …
        for item in cases { try writer.append(item) }
        try writer.finish()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.components(separatedBy: "<testsuite ").count - 1 == 60)
        #expect(text.components(separatedBy: "<testcase ").count - 1 == 60)
        #expect(text.contains("<testsuites name=\"conform\" tests=\"60\""))
    }

    @Test func abandonedStreamLeavesNoFiles() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let writer = try JUnitStreamWriter(url: folder.appendingPathComponent("junit.xml"), corpus: "C")
            try writer.append(Fixture.results.cases[0])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func jsonLinesWithTheHeaderLast() throws {
        let encoder = JSONEncoder()
        var lines = Fixture.results.cases.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }
        lines.append(String(decoding: try encoder.encode(Fixture.results.info), as: UTF8.self))
        let results = try ResultsReader.read(Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(results == Fixture.results)

        let noHeader = Fixture.results.cases.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }
        #expect(throws: ReportError.unreadableResults(reason: "no run header (info) line; give the run's results.json")) {
            try ResultsReader.read(Data(noHeader.joined(separator: "\n").utf8))
        }
    }
}
