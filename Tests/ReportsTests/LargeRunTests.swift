import ConformCore
import Conformance
import ConformTestSupport
import Foundation
import Testing
@testable import Reports

/// Reports of a run too large to embed whole: report.html under its size budget with every case a row
/// and every failing case in full, and report.md keeping the most useful part of its folder table.
@Suite("Large runs", .serialized)
struct LargeRunTests {
    static let count = 20_000
    /// Large enough for the rows and the failures, too small for every passing case's details.
    static let budget = 3_000_000
    static let results = Fixture.large(count: count)

    /// The JSON inside `<script id="…" type="application/json">…</script>`.
    static func script(_ id: String, in page: String) throws -> Any {
        let open = try #require(page.range(of: "<script id=\"\(id)\" type=\"application/json\">"))
        let close = try #require(page.range(of: "</script>", range: open.upperBound..<page.endIndex))
        return try JSONSerialization.jsonObject(with: Data(page[open.upperBound..<close.lowerBound].utf8))
    }

    static func compactPage() throws -> String {
        try HTMLReporter(budget: budget).render(results, rules: Fixture.rules)
    }

    @Test func pageStaysUnderBudgetWithEveryCaseAndEveryFailureInFull() throws {
        let page = try Self.compactPage()
        #expect(page.utf8.count <= Self.budget, "report.html is \(page.utf8.count) bytes")
        #expect(page.utf8.count > Self.budget * 9 / 10, "the passing cases' details should fill the budget: \(page.utf8.count) bytes")
        #expect(page.contains("<strong>Details left out</strong> To stay under 3 MB with 20,000 cases"))

        let data = try #require(try Self.script("conform-data", in: page) as? [String: Any])
        #expect(data["cases"] == nil)
        let rows = try #require(data["rows"] as? [[Any]])
        let labels = try #require(data["labels"] as? [String])
        let suites = try #require(data["suites"] as? [[String: Any]])
        #expect(rows.count == Self.count)
        // Every case is a row, with its folder, status, checks and time.
        var rowIDs: [String] = []
        for row in rows {
            let suite = try #require(suites[row[1] as! Int]["name"] as? String)
            rowIDs.append(row.count > 9 ? row[9] as! String : suite + "/" + (row[0] as! String))
        }
        #expect(Set(rowIDs) == Set(Self.results.cases.map(\.id)))
        let byID = Dictionary(uniqueKeysWithValues: Self.results.cases.map { ($0.id, $0) })
        for (index, row) in rows.enumerated() where index % 997 == 0 {
            let item = try #require(byID[rowIDs[index]])
            #expect(labels[row[2] as! Int] == item.status.rawValue)
            #expect((row[3] as? String)?.count == 3)
        }

        let details = try #require(try Self.script("conform-details", in: page) as? [[Any]])
        var detailed: [String: [String: Any]] = [:]
        for pair in details {
            let item = try #require(pair[1] as? [String: Any])
            let id = try #require(item["id"] as? String)
            #expect(rowIDs[pair[0] as! Int] == id, "a detail points at another case's row")
            detailed[id] = item
        }
        let failing = Self.results.cases.filter { $0.status != .passed }
        #expect(!failing.isEmpty)
        for item in failing {
            let shown = try #require(detailed[item.id], "failing case \(item.id) has no details")
            #expect(shown["file"] as? String == "Generated/" + item.file)
            if item.status == .failed {
                let unmet = try #require(shown["unmet"] as? [[String: Any]])
                #expect(unmet.first?["excerpt"] as? String == "4 |     <InLine>")
            }
        }
        let passingDetailed = detailed.values.count(where: { $0["status"] as? String == "passed" })
        #expect(passingDetailed > 0)
        #expect(passingDetailed < Self.results.cases.count(where: { $0.status == .passed }))
    }

    @Test func smallRunsAreEmbeddedWhole() throws {
        let page = try HTMLReporter().render(Fixture.results, rules: Fixture.rules)
        #expect(page == (try HTMLReporter(budget: .max).render(Fixture.results, rules: Fixture.rules)))
        #expect(!page.contains("<script id=\"conform-details\"") && !page.contains("id=\"omitted\""))
        let data = try #require(try Self.script("conform-data", in: page) as? [String: Any])
        #expect((data["cases"] as? [Any])?.count == Fixture.results.cases.count)
    }

    @Test(.enabled(if: Chromium.executable != nil, "Chromium not found on PATH"))
    func compactPageSelfTestInChromium() throws {
        let folder = try Chromium.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try ReportWriter.writeAtomically(try Self.compactPage(), to: page)
        let outcome = try Chromium.selfTest(page)
        #expect(outcome.errors.isEmpty, "JavaScript errors: \(outcome.errors)")
        #expect(outcome.consoleErrors.isEmpty, "console: \(outcome.consoleErrors)")
        let cases = Self.results.cases
        #expect(outcome.matching("all") == Self.count)
        #expect(outcome.rows("all") == 500)
        #expect(outcome.matching("status=failed") == cases.count(where: { $0.status == .failed }))
        #expect(outcome.matching("status=passed") == cases.count(where: { $0.status == .passed }))
        #expect(outcome.matching("status=error") == cases.count(where: { $0.status == .error }))
        #expect(outcome.matching("folder=generated/folder-00") == Self.count / 20)
        let rule = try #require(outcome.steps.first { ($0["name"] as? String ?? "").hasPrefix("rule=") })
        let ruleID = String((rule["name"] as! String).dropFirst("rule=".count))
        #expect(rule["matching"] as? Int == cases.count(where: { ReportModel.ruleIDs(of: $0).contains(ruleID) }))
        let search = try #require(outcome.steps.first { ($0["name"] as? String ?? "").hasPrefix("search=") })
        #expect(search["matching"] as? Int == 1, "searching for the last row's name: \(search)")
        let rowOnly = try #require(outcome.json["rowOnly"] as? Int)
        #expect(rowOnly > 0 && rowOnly < cases.count(where: { $0.status == .passed }))
        // The first row is an erroring case (errors first), opened with its full details.
        #expect(outcome.json["detailsOpened"] as? Int == 1)
        let detail = outcome.json["detailText"] as? String ?? ""
        #expect(detail.hasPrefix("FileGenerated/generated/folder-") && !detail.contains("does not embed"), "\(detail)")
    }

    /// A run of many folders, a few failing, whose folder table does not fit the Markdown cap.
    static func manyFolders() -> RunResults {
        var cases: [CaseResult] = []
        var totals = RunTotals()
        for folder in 0..<3_000 {
            // Folder 7 holds 5 cases, folder 11 holds 3; folders 1500 and 2999 each have a failure.
            let size = folder == 7 ? 5 : folder == 11 ? 3 : 1
            for index in 0..<size {
                let suite = "folder-\(String(format: "%04d", folder))"
                let failing = index == 0 && (folder == 1_500 || folder == 2_999)
                let status: CaseStatus = failing ? .failed : .passed
                totals.add(status)
                cases.append(CaseResult(
                    id: "\(suite)/case-\(index).xml", suite: suite, kind: .vast, status: status, expectedVerdict: "valid",
                    actualVerdict: failing ? "invalid" : "valid", checks: [.parse: .pass, .rules: failing ? .fail : .pass],
                    unmet: failing ? [UnmetExpectation(check: .rules, expected: "valid", actual: "invalid")] : [],
                    file: "\(suite)/case-\(index).xml", durationMilliseconds: 1))
            }
        }
        return RunResults(info: RunInfo(conformVersion: "0.1.0", corpus: "Generated/", totals: totals), cases: cases)
    }

    @Test func markdownKeepsFailuresThenFailingAndLargestFolders() throws {
        let text = try MarkdownReporter().render(Self.manyFolders(), rules: Fixture.rules)
        #expect(text.utf8.count <= 65_000)
        let failures = try #require(text.range(of: "### Failures (2)"))
        let table = try #require(text.range(of: "### Folders"))
        #expect(failures.lowerBound < table.lowerBound)
        let rows = text[table.upperBound...].split(separator: "\n").filter { $0.hasPrefix("| folder-") }.map {
            String($0.dropFirst(2).prefix(while: { $0 != " " }))
        }
        #expect(Array(rows.prefix(4)) == ["folder-1500", "folder-2999", "folder-0007", "folder-0011"])
        #expect(rows.dropFirst(4).first == "folder-0000")
        #expect(rows.count > 100 && rows.count < 3_000)
        #expect(text.contains("… and \(Numbers.grouped(3_000 - rows.count)) more folders not shown (of 3,000; the folders with failures come first, then the largest)."))
        #expect(text.contains("leaves out the rest of the folder summary"))
    }

    @Test func markdownFolderTableThatFitsKeepsNameOrder() throws {
        let text = try MarkdownReporter().render(Fixture.large(count: 400), rules: Fixture.rules)
        let table = try #require(text.range(of: "### Folders"))
        let rows = text[table.upperBound...].split(separator: "\n").filter { $0.hasPrefix("| generated/") }.prefix(20).map {
            String($0.dropFirst(2).prefix(while: { $0 != " " }))
        }
        #expect(rows == rows.sorted() && rows.count == 20)
        #expect(!text.contains("more folders not shown"))
    }
}
