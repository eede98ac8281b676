import ConformCore
import Conformance
import Foundation
import Testing
@testable import Reports

/// Reports written from a saved results file, one case at a time, are byte for byte the reports of
/// the same results held in memory, whichever layout the file has.
@Suite("Reports from saved results")
struct SavedResultsTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conform-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A case whose text looks like the structure the scanner looks for.
    static let tricky = CaseResult(
        id: "odd/\"{[cases]}\\\".xml", suite: "odd", kind: .vast, status: .failed, tags: ["info", "cases"],
        expectedVerdict: "valid", actualVerdict: "invalid", checks: [.parse: .pass, .rules: .fail],
        unmet: [UnmetExpectation(check: .rules, expected: "{\"info\": {}}", actual: "\"cases\": [1, 2]} ] }", ruleID: "X-unknown")],
        file: "odd/x.xml", durationMilliseconds: 0.1, description: "\\\"}]}{[ \u{2028} </script>")

    /// The ways a run's results reach `conform report`: `results.json` as `conform run` writes it
    /// (compact case lines), pretty-printed by the JSON reporter, and JSON Lines with the header
    /// first or last.
    static func layouts(_ results: RunResults, in folder: URL) throws -> [URL] {
        let run = folder.appendingPathComponent("run")
        let writer = try ResultsWriter(folder: run)
        for item in results.cases.reversed() { writer.append(item) }
        let compact = try writer.finish(info: results.info)

        let pretty = folder.appendingPathComponent("pretty.json")
        try Data(try JSONReporter().render(results, rules: []).utf8).write(to: pretty)

        let encoder = JSONEncoder()
        let header = String(decoding: try encoder.encode(results.info), as: UTF8.self)
        let lines = try results.cases.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let first = folder.appendingPathComponent("first.jsonl")
        try Data(([header] + lines).joined(separator: "\n").utf8).write(to: first)
        let last = folder.appendingPathComponent("last.jsonl")
        try Data((lines + [header]).joined(separator: "\n").utf8 + Data("\n".utf8)).write(to: last)
        return [compact, pretty, first, last]
    }

    @Test("every format from every layout matches the in-memory report", arguments: [false, true])
    func savedMatchesInMemory(large: Bool) throws {
        var results = large ? Fixture.large(count: 1_500) : Fixture.results
        results.cases.append(Self.tricky)
        results.info.totals.add(Self.tricky.status)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try ReportFormat.formats(in: .run).map { try #require($0.reporter).render(results, rules: Fixture.rules) }
        let annotations = GitHubAnnotations.render(results)
        for (number, file) in try Self.layouts(results, in: folder).enumerated() {
            let output = folder.appendingPathComponent("out-\(number)")
            let written = try ReportWriter.write(resultsAt: file, rules: Fixture.rules, formats: ReportFormat.formats(in: .run), to: output)
            #expect(written.map(\.lastPathComponent) == ReportFormat.formats(in: .run).compactMap(\.fileName))
            for (format, text) in zip(ReportFormat.formats(in: .run), expected) {
                let saved = try String(contentsOf: output.appendingPathComponent(try #require(format.fileName)), encoding: .utf8)
                #expect(saved == text, "\(format) from \(file.lastPathComponent) differs from the in-memory report")
            }
            #expect(try GitHubAnnotations.render(resultsAt: file) == annotations)
            // Only the reports: no temporary file left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == ReportFormat.formats(in: .run).compactMap(\.fileName).sorted())
        }
    }

    @Test func scannerFindsTheCasesAndTheHeader() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = RunResults(info: Fixture.results.info, cases: [Self.tricky])
        let files = try Self.layouts(results, in: folder)
        for file in files {
            let source = try #require(FileCaseSource.open(file), "\(file.lastPathComponent) does not stream")
            #expect(source.count == 1)
            #expect(source.info == results.info)
            var read: [CaseResult] = []
            try source.forEachCase { read.append($0) }
            #expect(read == [Self.tricky])
        }
        // Not a results file: left to the whole-file reader.
        for text in ["[1, 2]", "{\"info\": {}}", "{\"cases\": [1], \"info\": {}}", "{\"cases\": [", "", "\"x\""] {
            let file = folder.appendingPathComponent("bad.json")
            try Data(text.utf8).write(to: file)
            #expect(FileCaseSource.open(file) == nil, "\(text) was taken for results")
        }
    }

    @Test func unreadableSavedResultsFailBeforeAnyReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.layouts(Fixture.results, in: folder)[0]
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"status\":\"passed\"", with: "\"status\":\"bogus\"")
        try Data(text.utf8).write(to: file)
        let expected: ReportError
        do {
            _ = try ResultsReader.read(contentsOf: file)
            Issue.record("the broken file was read")
            return
        } catch {
            expected = error
        }
        let output = folder.appendingPathComponent("out")
        #expect(throws: expected) {
            try ReportWriter.write(resultsAt: file, rules: [], formats: ReportFormat.formats(in: .run), to: output)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(throws: expected) { try GitHubAnnotations.render(resultsAt: file) }
    }

    /// A source that counts the cases handed out.
    final class CountingSource: CaseSource {
        let inner: MemoryCaseSource
        var reads = 0
        init(_ results: RunResults) { inner = MemoryCaseSource(results: results) }
        var info: RunInfo { inner.info }
        var count: Int { inner.count }
        func forEach(_ ordinals: [Int], detail: CaseDetail, _ body: (CaseResult) throws -> Void) throws {
            try inner.forEach(ordinals, detail: detail) { item in
                reads += 1
                try body(item)
            }
        }
    }

    /// The Markdown report stops reading cases once its size limit is reached.
    @Test func markdownReadsOnlyWhatFits() throws {
        let results = Fixture.large(count: 20_000)
        let source = CountingSource(results)
        let digest = try RunDigest(source, rules: Fixture.rules)
        source.reads = 0
        let output = ReportOutput()
        try MarkdownReporter().write(digest, source: source, to: output)
        #expect(source.reads < 2_000, "the Markdown report read \(source.reads) cases")
        #expect(output.collected == (try MarkdownReporter().render(results, rules: Fixture.rules)))
    }
}
