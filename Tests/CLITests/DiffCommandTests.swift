import Foundation
import ConformTestSupport
import Testing

/// `conform diff`: the findings a change adds and fixes, matched by rule, path and message, not by line.
@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct DiffCommandTests {
    /// The warning tag with two lines added at the top (every finding moves) and an http Impression made https.
    static let moved = CLI.warningTag
        .replacingOccurrences(of: "<VAST version=\"4.2\">", with: "<VAST version=\"4.2\">\n<!-- edited -->\n")
        .replacingOccurrences(of: "http://imp.adsrv.net/imp", with: "https://imp.adsrv.net/imp")

    @Test func movedFindingsAreUnchangedFixedOnesAreListed() throws {
        let result = try CLI.run(["diff", "--no-config", "old.xml", "new.xml"], files: ["old.xml": CLI.warningTag, "new.xml": Self.moved])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("old.xml → new.xml\n"), "\(result.stdout)")
        #expect(result.stdout.contains("- old.xml:7:"), "the fixed http finding, at its old place: \(result.stdout)")
        #expect(result.stdout.contains("[VAST-2.0-url-http]") && !result.stdout.contains("+ "), "\(result.stdout)")
        #expect(result.stdout.contains("0 added, 1 fixed, 0 changed, 5 unchanged"), "\(result.stdout)")
        let same = try CLI.run(["diff", "--no-config", "old.xml", "-"], files: ["old.xml": CLI.warningTag], stdin: CLI.warningTag)
        #expect(same.status == 0 && same.stdout.contains("  no change in findings, 6 unchanged"), "\(same.stdout)")
    }

    @Test func addedFindingsFailAtTheThreshold() throws {
        let files = ["old.xml": CLI.warningTag, "new.xml": CLI.errorTag]
        let result = try CLI.run(["diff", "--no-config", "old.xml", "new.xml"], files: files)
        #expect(result.status == 1, "an added error fails: \(result.stdout)")
        #expect(result.stdout.contains("+ new.xml:") && result.stdout.contains("[VAST-3.0-tracking-progress-offset]"), "\(result.stdout)")
        // The other way round the error is fixed, and nothing is added.
        let back = try CLI.run(["diff", "--no-config", "new.xml", "old.xml"], files: files)
        #expect(back.status == 0 && back.stdout.contains("0 added, 1 fixed, 1 changed"), "\(back.stdout)")
        // A count in a message changed (7 URLs, then 6): the same finding, shown as changed.
        #expect(back.stdout.contains("~ old.xml:6:7: info: none of the 6 impression and tracking URLs carries the AdServingId")
                && back.stdout.contains("(was: none of the 7 impression"), "\(back.stdout)")
        // Added warnings fail only with --strict; --rule reaches the comparison.
        let warn = ["old.xml": Self.moved, "new.xml": CLI.warningTag]
        #expect(try CLI.run(["diff", "--no-config", "old.xml", "new.xml"], files: warn).status == 0)
        #expect(try CLI.run(["diff", "--no-config", "--strict", "old.xml", "new.xml"], files: warn).status == 1)
        #expect(try CLI.run(["diff", "--no-config", "--strict", "--rule", "VAST-2.0-url-http=off", "old.xml", "new.xml"], files: warn).status == 0)
    }

    @Test func jsonListsAddedAndRemovedFindings() throws {
        let result = try CLI.run(["diff", "--no-config", "--format", "json", "old.xml", "new.xml"],
                                 files: ["old.xml": CLI.warningTag, "new.xml": CLI.errorTag])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let added = (json["added"] as? [[String: Any]] ?? []).compactMap { $0["ruleID"] as? String }
        #expect(added.contains("VAST-3.0-tracking-progress-offset"), "\(added)")
        #expect((json["removed"] as? [Any])?.isEmpty == true, "\(result.stdout.prefix(600))")
        let changed = try #require(json["changed"] as? [[String: Any]])
        #expect(changed.count == 1 && (changed.first?["new"] as? [String: Any])?["ruleID"] as? String == "VAST-4.1-adservingid-in-pixels")
        #expect(json["old"] as? String == "old.xml" && json["new"] as? String == "new.xml")
        #expect((json["unchanged"] as? Int ?? 0) >= 2, "\(result.stdout.prefix(400))")
    }

    @Test func foldersArePairedByPath() throws {
        let files = ["main/tags/same.xml": CLI.warningTag, "main/tags/edited.xml": CLI.warningTag, "main/tags/dropped.xml": CLI.errorTag,
                     "branch/tags/same.xml": CLI.warningTag, "branch/tags/edited.xml": CLI.errorTag, "branch/tags/added.xml": CLI.warningTag]
        let directory = try ConformBinary.temporaryDirectory(files: files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ConformBinary.run(["diff", "--no-config", "main", "branch/"], directory: directory)
        #expect(result.status == 1, "edited.xml gains an error: \(result.stdout)")
        let headers = result.stdout.split(separator: "\n").filter { $0.contains(" → ") }
        #expect(headers == ["(none) → branch/tags/added.xml", "main/tags/dropped.xml → (none)", "main/tags/edited.xml → branch/tags/edited.xml"],
                "files in path order, the unchanged one left out: \(headers)")
        #expect(result.stdout.contains("+ branch/tags/edited.xml:") && result.stdout.contains("[VAST-3.0-tracking-progress-offset]"))
        // added.xml brings its 6 findings, dropped.xml takes its 7 away, edited.xml adds one and restates one.
        #expect(result.stdout.hasSuffix("4 file(s) compared: 7 added, 7 fixed, 1 changed\n"), "\(result.stdout)")
        let json = try ConformBinary.run(["diff", "--no-config", "--format", "json", "main", "branch"], directory: directory)
        let outputs = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(outputs.map { "\($0["old"]!) \($0["new"]!)" } == ["(none) branch/tags/added.xml", "main/tags/dropped.xml (none)",
                                                                 "main/tags/edited.xml branch/tags/edited.xml", "main/tags/same.xml branch/tags/same.xml"])
        let mixed = try ConformBinary.run(["diff", "main", "branch/tags/same.xml"], directory: directory)
        #expect(mixed.status == 64 && mixed.stderr.contains("compare two files or two folders"), "\(mixed.stderr)")
    }

    @Test func usageAndUnreadableInputs() throws {
        let one = try CLI.run(["diff", "old.xml"], files: ["old.xml": CLI.warningTag])
        #expect(one.status == 64 && one.stderr.contains("give two inputs, the old version and the new (got 1)"), "\(one.stderr)")
        let twice = try CLI.run(["diff", "-", "-"])
        #expect(twice.status == 64 && twice.stderr.contains("standard input can be read only once"), "\(twice.stderr)")
        let missing = try CLI.run(["diff", "old.xml", "gone.xml"], files: ["old.xml": CLI.warningTag])
        #expect(missing.status == 2 && missing.stderr.contains("gone.xml: no such file"), "\(missing.stderr)")
        let help = try CLI.run(["diff", "--help"])
        #expect(help.status == 0 && help.stdout.contains("EXAMPLES:"))
    }
}
