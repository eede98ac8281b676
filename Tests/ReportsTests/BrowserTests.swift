import ConformCore
import Conformance
import ConformTestSupport
import Foundation
import Testing
@testable import Reports

/// Loads report.html in a real headless Chromium: the page must load without JavaScript errors, the
/// filters must change the rows shown, a row must open its details, and a screenshot is taken.
/// Skipped, with a message, when no Chromium is installed (`apt-get install chromium`).
@Suite("HTML report in a headless browser", .serialized,
       .enabled(if: Chromium.executable != nil, "Chromium not found on PATH (chromium, chromium-browser or google-chrome); install Debian's `chromium` package to run the browser tests"))
struct BrowserTests {
    @Test func fixtureReportLoadsAndFilters() throws {
        let folder = try Chromium.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try ReportWriter.writeAtomically(try HTMLReporter().render(Fixture.results, rules: Fixture.rules), to: page)

        let outcome = try Chromium.selfTest(page)
        #expect(outcome.errors.isEmpty, "JavaScript errors: \(outcome.errors)")
        #expect(outcome.consoleErrors.isEmpty, "console: \(outcome.consoleErrors)")
        let cases = Fixture.results.cases
        func count(_ status: CaseStatus) -> Int { cases.count(where: { $0.status == status }) }
        #expect(outcome.rows("all") == cases.count)
        #expect(outcome.rows("status=failed") == count(.failed))
        #expect(outcome.rows("status=passed") == count(.passed))
        #expect(outcome.rows("status=error") == count(.error))
        #expect(outcome.rows("status=problems") == count(.failed) + count(.error))
        #expect(outcome.rows("reset") == cases.count)
        #expect(outcome.rows("folder=chains") == cases.count(where: { $0.suite == "chains" }))
        #expect(outcome.rows("rule=PARAM-duplicate-key") == 1)
        let search = try #require(outcome.steps.first { ($0["name"] as? String ?? "").hasPrefix("search=") })
        #expect(search["rows"] as? Int == 1, "searching for one case's name: \(search)")
        #expect(outcome.json["detailsOpened"] as? Int == 1)
        #expect(outcome.json["detailsAfterClose"] as? Int == 0)
        // The first row drawn is the failing case of "chains" (folders with failures first).
        #expect((outcome.json["detailText"] as? String ?? "").contains("chains/loop/a.xml"))

        let png = folder.appendingPathComponent("report.png")
        try Chromium.screenshot(page, to: png)
        let data = try Data(contentsOf: png)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        #expect(data.count > 20_000, "screenshot is only \(data.count) bytes")
    }

    /// The package's `Reports/results.json`, written by `conform run Corpus/` (the shipped corpus).
    static let shippedResults = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Reports/results.json")

    /// With the shipped corpus's results present, its HTML report loads cleanly, its filters work, and
    /// its screenshot is saved as `Reports/report.png` beside the results.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: shippedResults.path),
                   "no Reports/results.json; run 'conform run Corpus/' first to test the shipped corpus's report"))
    func shippedCorpusReport() throws {
        let results = try ResultsReader.read(try Data(contentsOf: Self.shippedResults))
        let folder = try Chromium.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try ReportWriter.writeAtomically(try HTMLReporter().render(results, rules: []), to: page)
        let outcome = try Chromium.selfTest(page)
        #expect(outcome.errors.isEmpty, "JavaScript errors: \(outcome.errors)")
        #expect(outcome.matching("all") == results.cases.count)
        #expect(outcome.matching("status=passed") == results.cases.count(where: { $0.status == .passed }))
        #expect(outcome.matching("status=problems") == results.cases.count(where: { $0.status != .passed }))
        #expect(outcome.json["detailsOpened"] as? Int == 1)
        let png = Self.shippedResults.deletingLastPathComponent().appendingPathComponent("report.png")
        try Chromium.screenshot(page, to: png)
        let data = try Data(contentsOf: png)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]) && data.count > 20_000)
    }

    @Test func tenThousandCasesLoadQuickly() throws {
        let folder = try Chromium.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let large = Fixture.large(count: 10_000)
        try ReportWriter.writeAtomically(try HTMLReporter().render(large, rules: Fixture.rules), to: page)

        let clock = ContinuousClock()
        var outcome: Chromium.SelfTest?
        let elapsed = try clock.measure { outcome = try Chromium.selfTest(page) }
        let result = try #require(outcome)
        #expect(result.errors.isEmpty, "JavaScript errors: \(result.errors)")
        #expect(result.matching("all") == 10_000)
        #expect(result.rows("all") == 500)  // drawn a page at a time
        #expect(result.matching("status=failed") == large.cases.count(where: { $0.status == .failed }))
        #expect(result.matching("folder=generated/folder-00") == 500)
        #expect((result.json["firstRenderMs"] as? Int ?? .max) < 3_000, "first render took \(result.json["firstRenderMs"] ?? "?") ms")
        let sticky = try #require(result.json["sticky"] as? [String: Int])
        #expect((sticky["scrolled"] ?? 0) > 1000, "the page did not scroll: \(sticky)")
        #expect(sticky["toolbarTop"] == 0, "the filter bar does not stick to the top: \(sticky)")
        #expect(abs((sticky["headerTop"] ?? -100) - (sticky["toolbarBottom"] ?? 100)) <= 3, "the column headers do not stick below the filter bar: \(sticky)")
        #expect(elapsed < .seconds(45), "the browser took \(elapsed) to load and self-test 10,000 cases")
    }
}

/// A headless Chromium driven from the command line.
enum Chromium {
    static let executable: String? = SystemProgram.find("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")?.path

    struct SelfTest {
        var json: [String: Any]
        var errors: [String]
        /// `Uncaught …` lines Chromium logged to standard error.
        var consoleErrors: [String]

        var steps: [[String: Any]] { json["steps"] as? [[String: Any]] ?? [] }
        func step(_ name: String) -> [String: Any]? { steps.first { $0["name"] as? String == name } }
        func rows(_ name: String) -> Int? { step(name)?["rows"] as? Int }
        func matching(_ name: String) -> Int? { step(name)?["matching"] as? Int }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conform-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Opens `page#selftest`, dumps the DOM after load and decodes `<pre id="selftest">`.
    static func selfTest(_ page: URL) throws -> SelfTest {
        let (stdout, stderr) = try run(["--virtual-time-budget=10000", "--dump-dom", page.absoluteString + "#selftest"])
        guard let open = stdout.range(of: "<pre id=\"selftest\">"),
              let close = stdout.range(of: "</pre>", range: open.upperBound..<stdout.endIndex) else {
            throw Failure(description: "no self-test output in the dumped DOM (\(stdout.utf8.count) bytes); stderr: \(stderr.suffix(2000))")
        }
        let text = String(stdout[open.upperBound..<close.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        guard let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw Failure(description: "self-test output is not a JSON object: \(text.prefix(500))")
        }
        let console = stderr.split(separator: "\n").filter { $0.contains("Uncaught") || $0.contains("CONSOLE") && $0.contains("rror") }
        return SelfTest(json: json, errors: json["errors"] as? [String] ?? ["no errors field"], consoleErrors: console.map(String.init))
    }

    /// Takes a 1400 × 1000 screenshot of `page` into `png`.
    static func screenshot(_ page: URL, to png: URL) throws {
        _ = try run(["--hide-scrollbars", "--window-size=1400,1000", "--screenshot=\(png.path)", page.absoluteString])
        guard FileManager.default.fileExists(atPath: png.path) else { throw Failure(description: "no screenshot written") }
    }

    static func run(_ arguments: [String], timeout: TimeInterval = 90) throws -> (String, String) {
        guard let executable else { throw Failure(description: "no chromium") }
        let profile = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--mute-audio", "--enable-logging=stderr", "--v=0",
            "--user-data-dir=\(profile.path)",
        ] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var stdout = Data(), stderr = Data()
        DispatchQueue.global().async(group: group) { stdout = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { stderr = err.fileHandleForReading.readDataToEndOfFile() }
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        group.wait()
        if process.terminationReason == .uncaughtSignal {
            throw Failure(description: "chromium was killed (signal \(process.terminationStatus)); stderr: \(String(decoding: stderr, as: UTF8.self).suffix(2000))")
        }
        return (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
