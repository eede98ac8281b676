import ConformCore
import Conformance
import Foundation
import Testing
@testable import Reports

/// Every reporter's output for the fixture run is pinned by a golden file in `Golden/`. On a mismatch
/// the test rewrites the golden file and fails, so the change shows up as a diff for review.
@Suite("Golden files")
struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("each format matches its golden file", arguments: ReportFormat.formats(in: .run))
    func format(_ format: ReportFormat) throws {
        let text = try #require(format.reporter).render(Fixture.results, rules: Fixture.rules)
        try Self.compare(text, golden: try #require(format.fileName))
    }

    @Test("GitHub annotations match their golden file")
    func annotations() throws {
        try Self.compare(GitHubAnnotations.render(Fixture.results), golden: "annotations.txt")
    }

    @Test("the output does not depend on the order of the cases")
    func orderIndependent() throws {
        var shuffled = Fixture.results
        shuffled.cases.reverse()
        for format in ReportFormat.formats(in: .run) {
            let a = try #require(format.reporter).render(Fixture.results, rules: Fixture.rules)
            let b = try #require(format.reporter).render(shuffled, rules: Fixture.rules.reversed())
            #expect(a == b, "\(format) output changes with the order of the cases or rules")
        }
    }

    static func compare(_ text: String, golden name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        let existing = try? String(contentsOf: url, encoding: .utf8)
        guard existing != text else { return }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
        Issue.record(
            existing == nil ? "created golden file \(name); review it and run again"
                : "\(name) differs from the golden file; the golden file was rewritten, review the diff",
            sourceLocation: sourceLocation)
    }
}
