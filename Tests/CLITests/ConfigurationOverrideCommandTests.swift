import Foundation
import ConformTestSupport
import Testing

/// `.conform.json`'s `overrides` through the binary: check, fix, diff and run give each file its folder's settings.
@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct ConfigurationOverrideCommandTests {
    /// A repository: the configuration at its root makes the http warning an error, except under legacy/.
    static func repository() throws -> URL {
        let root = try ConformBinary.temporaryDirectory()
        let config = #"""
            {"version": 1, "rules": {"VAST-2.0-url-http": "error"},
             "overrides": [{"files": ["legacy/**"], "rules": {"VAST-2.0-url-http": "off", "VAST-2.0-url-cdata": "off"}}]}
            """#
        try config.write(to: root.appendingPathComponent(".conform.json"), atomically: false, encoding: .utf8)
        let tag = CLI.warningTag.replacingOccurrences(of: "<Error><![CDATA[https://err.adsrv.net/e]]></Error>",
                                                      with: "<Error>https://err.adsrv.net/e</Error>")
        for folder in ["tags", "legacy/old"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            try tag.write(to: root.appendingPathComponent(folder + "/tag.xml"), atomically: false, encoding: .utf8)
        }
        return root
    }

    @Test func checkGivesEachFileItsFoldersSettings() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ConformBinary.run(["check", "tags", "legacy"], directory: root)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("tags/tag.xml:7:7: error: <Impression> uses http://"), "\(result.stdout)")
        #expect(!result.stdout.contains("legacy/old/tag.xml:7:7"), "\(result.stdout)")
        #expect(result.stdout.contains("tags/tag.xml:8:7: info: the URL in <Error> is not in CDATA"), "\(result.stdout)")
        #expect(!result.stdout.contains("legacy/old/tag.xml:8:7: info: the URL in <Error> is not in CDATA"), "\(result.stdout)")
        // From a subfolder, the patterns still start at the configuration's folder.
        let inside = try ConformBinary.run(["check", "old/tag.xml"], directory: root.appendingPathComponent("legacy"))
        #expect(inside.status == 0 && !inside.stdout.contains("[VAST-2.0-url-http]"), "\(inside.stdout)")
        // --rule wins over the override.
        let pinned = try ConformBinary.run(["check", "--rule", "VAST-2.0-url-http=error", "legacy"], directory: root)
        #expect(pinned.status == 1 && pinned.stdout.contains("legacy/old/tag.xml:7:7: error: <Impression> uses http://"), "\(pinned.stdout)")
    }

    @Test func fixDiffAndRunFollowTheOverrides() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        // fix: nothing to repair under legacy/ (the CDATA rule is off there).
        let fix = try ConformBinary.run(["fix", "--check", "tags", "legacy"], directory: root)
        #expect(fix.status == 1 && fix.stdout.contains("1 of 2 tag(s) with repairs"), "\(fix.stdout)")
        // diff: the new version's path decides, for both versions.
        // (Each version under its own folder's settings, the http error would count as added: exit 1.)
        let gate = try ConformBinary.run(["diff", "legacy/old/tag.xml", "tags/tag.xml"], directory: root)
        #expect(gate.status == 0, "\(gate.stdout)")
        let strict = try ConformBinary.run(["diff", "--format", "json", "legacy/old/tag.xml", "tags/tag.xml"], directory: root)
        let output = try #require(try JSONSerialization.jsonObject(with: Data(strict.stdout.utf8)) as? [String: Any])
        #expect((output["added"] as? [Any])?.count == 0, "the same tag under the same settings adds nothing: \(strict.stdout)")
        // run: a corpus under the repository, with expectations that hold only under the overrides.
        for (folder, verdict) in [("tags", "invalid"), ("legacy/old", "valid")] {
            try #"{"version": 1, "verdict": "\#(verdict)"}"#.write(
                to: root.appendingPathComponent(folder + "/tag.expect.json"), atomically: false, encoding: .utf8)
        }
        let run = try ConformBinary.run(["run", ".", "--output", "out", "--quiet", "--no-isolation"], directory: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
