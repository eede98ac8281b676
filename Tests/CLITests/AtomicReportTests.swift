import ConformTestSupport
import Foundation
import Testing

/// Killing `conform run` at any moment leaves the previous reports intact: every file is written to a
/// temporary name and renamed into place, so a reader sees the old file or the new one, never a part.
@Suite(.serialized, .enabled(if: ConformBinary.url != nil, "the conform binary was not built next to the tests"))
struct AtomicReportTests {
    static let tag = """
        <VAST version="4.2"><Ad id="a1"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
        <Impression><![CDATA[https://ads.adserver.net/imp]]></Impression><AdServingId>a1-serving</AdServingId>
        <Creatives><Creative><UniversalAdId idRegistry="ad-id.org">ABCD0001000H</UniversalAdId><Linear><Duration>00:00:10</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.adserver.net/a.mp4]]></MediaFile></MediaFiles>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    /// Every report file is complete: the HTML ends its document and the JSON files parse.
    static func assertComplete(_ output: URL, _ moment: String) throws {
        let html = try String(contentsOf: output.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.hasSuffix("</html>\n"), "report.html is cut off after a kill at \(moment)")
        for name in ["results.json"] {
            let data = try Data(contentsOf: output.appendingPathComponent(name))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(name) does not parse after a kill at \(moment)")
        }
        let markdown = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("## conform") && markdown.hasSuffix("\n") && markdown.contains("400 cases"),
                "report.md is not a whole report after a kill at \(moment)")
    }

    @Test func killingARunNeverLeavesAPartialReport() throws {
        let root = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let corpus = root.appendingPathComponent("corpus"), output = root.appendingPathComponent("out")
        for index in 0..<400 {
            let folder = corpus.appendingPathComponent("f\(index / 100)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.tag.write(to: folder.appendingPathComponent("t\(index).xml"), atomically: false, encoding: .utf8)
            try #"{"version": 1, "verdict": "valid"}"#.write(
                to: folder.appendingPathComponent("t\(index).expect.json"), atomically: false, encoding: .utf8)
        }
        let arguments = ["run", corpus.path, "--output", output.path, "--no-isolation", "--no-config", "--quiet"]
        let first = try ConformBinary.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        try Self.assertComplete(output, "the start")

        let url = try #require(ConformBinary.url)
        var interrupted = 0
        for delay in [0.02, 0.1, 0.25, 0.5, 0.8, 1.2] {
            let process = Process()
            process.executableURL = url
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { interrupted += 1 }
            try Self.assertComplete(output, "\(delay) s")
        }
        #expect(interrupted >= 1, "no kill landed while the run was still going; the test proved nothing")
    }
}
