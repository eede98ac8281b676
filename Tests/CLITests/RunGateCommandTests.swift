import ConformTestSupport
import Foundation
import Testing

/// `conform run` when its gate refuses the run: the exit status says so, and the reports are still written,
/// so a reader sees what ran instead of an earlier run's stale pages.
@Suite struct RunGateCommandTests {
    static let tag = """
        <VAST version="4.2"><Ad id="1"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
        <Impression><![CDATA[https://t.example.com/i]]></Impression><Creatives><Creative><Linear><Duration>00:00:10</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.example.com/a.mp4]]></MediaFile></MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func aFailedMetaCaseExitsTwoAndStillWritesTheReports() throws {
        let root = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let corpus = root.appendingPathComponent("corpus"), output = root.appendingPathComponent("out")
        let nested = corpus.appendingPathComponent("m/run/corpus")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data(Self.tag.utf8).write(to: nested.appendingPathComponent("a.xml"))
        try Data(#"{"version": 1, "verdict": "invalid"}"#.utf8).write(to: nested.appendingPathComponent("a.expect.json"))
        // The nested corpus has one case; the pin says two: the meta case fails.
        try Data(#"{"version": 1, "expect": {"version": 1, "run": {"cases": 2}}}"#.utf8)
            .write(to: corpus.appendingPathComponent("m/run/meta.json"))
        // A stale page of an earlier run must not survive.
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: output.appendingPathComponent("report.md"))

        let result = try ConformBinary.run(["run", corpus.path, "-o", output.path, "--format", "html,markdown,junit,sarif"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("1 meta case(s) failed (m/run)"), "\(result.stderr)")
        for name in ["results.json", "report.html", "report.md", "junit.xml", "results.sarif"] {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path), "\(name) is missing")
        }
        let markdown = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("m/run"), "the report is this run's: \(markdown.prefix(200))")
    }

    @Test func aRunThatCannotStartWritesNoReports() throws {
        let root = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("out")
        let result = try ConformBinary.run(["run", root.appendingPathComponent("missing").path, "-o", output.path])
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("report.html").path))
    }
}
