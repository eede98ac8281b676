import Foundation
import ConformTestSupport
import Testing

/// Directive comments in tags through the binary: check in every format that shows them, the switch that
/// ignores them, profile findings, and a corpus run.
@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct DirectiveCommandTests {
    /// The warning tag with its http Impression switched off on the line after the comment.
    static let tag = CLI.warningTag.replacingOccurrences(
        of: "      <Impression>", with: "      <!-- conform-disable-next-line VAST-2.0-url-http: partner pixel, no TLS -->\n      <Impression>")

    @Test func checkHonoursDirectivesAndSaysSo() throws {
        #expect(Self.tag != CLI.warningTag)
        let files = ["tag.xml": Self.tag]
        let text = try CLI.run(["check", "--no-config", "--strict", "tag.xml"], files: files)
        #expect(text.status == 0, "\(text.stdout)")
        #expect(!text.stdout.contains("[VAST-2.0-url-http]"), "\(text.stdout)")
        #expect(text.stdout.contains("(1 switched off by directives in the tag)"), "\(text.stdout)")

        let audit = try CLI.run(["check", "--no-config", "--strict", "--no-inline-directives", "tag.xml"], files: files)
        #expect(audit.status == 1 && audit.stdout.contains("[VAST-2.0-url-http]") && !audit.stdout.contains("switched off"), "\(audit.stdout)")
        let config = try CLI.run(["check", "--strict", "tag.xml"],
                                 files: files.merging([".conform.json": #"{"version": 1, "inlineDirectives": false}"#]) { $1 })
        #expect(config.status == 1 && config.stdout.contains("[VAST-2.0-url-http]"), "\(config.stdout)")

        let statistics = try CLI.run(["check", "--no-config", "--statistics", "tag.xml"], files: files)
        #expect(statistics.stdout.contains("; 1 more switched off by directives in the tags"), "\(statistics.stdout)")
    }

    @Test func jsonAndSARIFKeepWhatWasSwitchedOff() throws {
        let files = ["tag.xml": Self.tag]
        let json = try CLI.run(["check", "--no-config", "--format", "json", "tag.xml"], files: files)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let suppressed = try #require(reports.first?["suppressed"] as? [[String: Any]])
        #expect(suppressed.count == 1)
        #expect(suppressed.first?["reason"] as? String == "partner pixel, no TLS")
        #expect(suppressed.first?["directive"] as? String == "conform-disable-next-line")
        #expect((suppressed.first?["diagnostic"] as? [String: Any])?["ruleID"] as? String == "VAST-2.0-url-http")
        let diagnostics = try #require(reports.first?["diagnostics"] as? [[String: Any]])
        #expect(!diagnostics.contains { $0["ruleID"] as? String == "VAST-2.0-url-http" })

        let sarif = try CLI.run(["check", "--no-config", "--format", "sarif", "tag.xml"], files: files)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let http = try #require(results.first { $0["ruleId"] as? String == "VAST-2.0-url-http" })
        let suppressions = try #require(http["suppressions"] as? [[String: Any]])
        #expect(suppressions.first?["kind"] as? String == "inSource")
        #expect(suppressions.first?["justification"] as? String == "partner pixel, no TLS")
        #expect(results.filter { $0["suppressions"] != nil }.count == 1, "only the switched-off finding is marked")
    }

    @Test func codeQualityListsTheFindingsLeftAfterDirectives() throws {
        let result = try CLI.run(["check", "--no-config", "--format", "codequality", "./tag.xml"], files: ["tag.xml": Self.tag])
        #expect(result.status == 0, "\(result.stderr)")
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(!issues.isEmpty)
        #expect(!issues.contains { $0["check_name"] as? String == "VAST-2.0-url-http" }, "switched off in the tag")
        #expect(issues.allSatisfy { ($0["location"] as? [String: Any])?["path"] as? String == "tag.xml" })
        let params = try CLI.run(["params", "--format", "codequality", "ad_type=carousel,foo"])
        #expect(params.status == 1)
        let paramIssues = try #require(try JSONSerialization.jsonObject(with: Data(params.stdout.utf8)) as? [[String: Any]])
        #expect(paramIssues.contains { $0["check_name"] as? String == "PARAM-malformed-segment" && $0["severity"] as? String == "major" })
    }

    @Test func directivesCoverProfileFindingsAndReportTheirOwnMistakes() throws {
        // A Linear-only tag: the pause profile finds no NonLinear, a finding of the document as a whole, which a
        // range before the root element that nothing ends covers.
        let covered = "<!-- conform-disable PROFILE-pause-*: this tag is never paused -->\n" + CLI.warningTag
        let result = try CLI.run(["check", "--no-config", "--profile", "pause", "tag.xml"], files: ["tag.xml": covered])
        #expect(!result.stdout.contains("[PROFILE-pause-"), "\(result.stdout)")
        #expect(result.status == 0, "\(result.stdout)")

        let typo = "<!-- conform-disable-next-line VAST-2.0-url-htp -->\n" + CLI.warningTag
        let wrong = try CLI.run(["check", "--no-config", "tag.xml"], files: ["tag.xml": typo])
        #expect(wrong.stdout.contains("tag.xml:1:1: warning: VAST-2.0-url-htp in conform-disable-next-line names no rule (ignored); did you mean VAST-2.0-url-http"),
                "\(wrong.stdout)")
        #expect(wrong.stdout.contains("[DIRECTIVE-invalid]"))
    }

    @Test func aCorpusRunHonoursDirectives() throws {
        let root = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let corpus = root.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try Self.tag.write(to: corpus.appendingPathComponent("tag.xml"), atomically: false, encoding: .utf8)
        try #"{"version": 1, "verdict": "valid", "diagnostics": {"absent": ["VAST-2.0-url-http"]}}"#.write(
            to: corpus.appendingPathComponent("tag.expect.json"), atomically: false, encoding: .utf8)
        let honoured = try ConformBinary.run(["run", corpus.path, "--output", root.appendingPathComponent("a").path, "--no-config", "--quiet"])
        #expect(honoured.status == 0, "\(honoured.stdout)\(honoured.stderr)")
        let audit = try ConformBinary.run(["run", corpus.path, "--output", root.appendingPathComponent("b").path, "--no-config", "--quiet",
                                           "--no-inline-directives"])
        #expect(audit.status == 1, "\(audit.stdout)\(audit.stderr)")
    }
}
