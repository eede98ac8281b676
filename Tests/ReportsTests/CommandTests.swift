import ConformCore
import Conformance
import Foundation
import ConformTestSupport
import Testing
@testable import Reports

/// `conform report` end to end: the built binary is launched with real arguments.
/// Skipped when the `conform` executable has not been built next to the tests.
@Suite("conform report", .enabled(if: ConformBinary.url != nil, "the conform executable is not built (run `swift build` first)"))
struct CommandTests {
    static let golden = GoldenTests.directory

    @Test func helpTeachesTheCommand() throws {
        let run = try ConformBinary.run(["report", "--help"])
        #expect(run.status == 0)
        for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "EXIT CODES:", "EXAMPLES:", "--format", "--output", "--annotations"] {
            #expect(run.stdout.contains(section), "help lacks \(section)")
        }
        for file in ReportFormat.formats(in: .run).compactMap(\.fileName) { #expect(run.stdout.contains(file)) }
    }

    @Test func usageErrorsExit64() throws {
        let results = Self.golden.appendingPathComponent("results.json").path
        let unknown = try ConformBinary.run(["report", results, "--format", "html,pdf"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Error: unknown report format 'pdf' (values: html, markdown, json, junit, sarif)"))
        #expect(unknown.stderr.contains("See 'conform report --help'"))
        #expect(try ConformBinary.run(["report"]).status == 64)
        #expect(try ConformBinary.run(["report", results, results]).status == 64)
        #expect(try ConformBinary.run(["report", results, "--bogus"]).status == 64)
    }

    @Test func unreadableResultsExit2() throws {
        let missing = try ConformBinary.run(["report", "/nonexistent/results.json"])
        #expect(missing.status == 2)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\"info\": {}}".utf8).write(to: bad)
        let invalid = try ConformBinary.run(["report", bad.path, "--output", folder.path])
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("could not read the results"))
    }

    @Test func caseOptionPrintsOneCaseInFull() throws {
        let results = Self.golden.appendingPathComponent("results.json").path
        let byName = try ConformBinary.run(["report", results, "--case", "ok-inline.xml"])
        #expect(byName.status == 0, "\(byName.stderr)")
        let item = try JSONDecoder().decode(CaseResult.self, from: Data(byName.stdout.utf8))
        #expect(item.id == "vast/required/ok-inline.xml")
        let expected = try ResultsReader.read(try Data(contentsOf: URL(fileURLWithPath: results))).cases.first { $0.id == item.id }
        #expect(item == expected)
        let byID = try ConformBinary.run(["report", results, "--case", "chains/loop"])
        #expect(byID.status == 0 && byID.stdout.contains("\"id\" : \"chains/loop\""))
        let missing = try ConformBinary.run(["report", results, "--case", "no-such-case"])
        #expect(missing.status == 2 && missing.stderr.contains("no case named 'no-such-case'"))
    }

    @Test func htmlBudgetOptionMakesACompactPage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = Self.golden.appendingPathComponent("results.json").path
        #expect(try ConformBinary.run(["report", results, "--html-budget", "0", "-o", folder.path]).status == 64)
        #expect(try ConformBinary.run(["report", results, "--html-budget", "many", "-o", folder.path]).status == 64)
        let whole = try ConformBinary.run(["report", results, "--format", "html", "-o", folder.path])
        #expect(whole.status == 0)
        let wholePage = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(!wholePage.contains("id=\"omitted\""))
        // A budget below the whole page's size: the compact form (failing cases still in full).
        let budget = wholePage.utf8.count - 1_000
        let compact = try ConformBinary.run(["report", results, "--format", "html", "-o", folder.path,
                                             "--html-budget", String(Double(budget) / 1_000_000)])
        #expect(compact.status == 0, "\(compact.stderr)")
        let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("id=\"omitted\"") && page.contains("<script id=\"conform-details\""))
        #expect(page.contains("\"id\":\"vast/required/missing-adsystem.xml\""))
    }

    @Test func writesReportsAndAnnotations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = Self.golden.appendingPathComponent("results.json").path
        let run = try ConformBinary.run(["report", results, "--format", "junit,sarif", "-o", folder.path, "--annotations"])
        #expect(run.status == 0, "\(run.stderr)")
        let golden = try String(contentsOf: Self.golden.appendingPathComponent("annotations.txt"), encoding: .utf8)
        #expect(run.stdout == golden)
        #expect(run.stderr.contains("junit.xml") && run.stderr.contains("results.sarif"))
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(listing == ["junit.xml", "results.sarif"])
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit == (try String(contentsOf: Self.golden.appendingPathComponent("junit.xml"), encoding: .utf8)))

        let defaults = try ConformBinary.run(["report", results, "--output", folder.path])
        #expect(defaults.status == 0)
        #expect(defaults.stdout.contains("report.html") && defaults.stdout.contains("report.md"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.html").path))
    }
}
