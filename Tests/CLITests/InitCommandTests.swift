import ConformTestSupport
import Foundation
import Testing

@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct InitCommandTests {
    /// A folder with `files` written in it, removed after `body`.
    static func inFolder(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let directory = try ConformBinary.temporaryDirectory(files: files)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    static func configuration(in directory: URL, _ name: String = ".conform.json") throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func writesEverySettingAtItsDefaultAndKeepsAnExistingFile() throws {
        try Self.inFolder([:]) { directory in
            let first = try ConformBinary.run(["init"], directory: directory)
            #expect(first.status == 0, "\(first.stderr)")
            let written = try Self.configuration(in: directory)
            #expect(written["version"] as? Int == 1)
            #expect((written["rules"] as? [String: Any])?.isEmpty == true)
            #expect(written["allowedURLSchemes"] as? [String] == ["https", "http"])
            #expect(written["maxWrapperDepth"] as? Int == 5 && written["inlineDirectives"] as? Bool == true)
            #expect(written["$schema"] == nil)
            // The file is one conform reads without a warning.
            try CLI.warningTag.write(to: directory.appendingPathComponent("tag.xml"), atomically: false, encoding: .utf8)
            let check = try ConformBinary.run(["check", "tag.xml"], directory: directory)
            #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")

            let again = try ConformBinary.run(["init"], directory: directory)
            #expect(again.status == 2 && again.stderr.contains("exists; --force overwrites it"))
            let forced = try ConformBinary.run(["init", "--force", "--schema"], directory: directory)
            #expect(forced.status == 0, "\(forced.stderr)")
            #expect(try Self.configuration(in: directory)["$schema"] as? String == "./conform.schema.json")
            let schema = try Self.configuration(in: directory, "conform.schema.json")
            #expect(((schema["properties"] as? [String: Any])?["rules"] as? [String: Any]) != nil)
        }
    }

    /// A configuration written into a folder that does not exist yet makes the folder, as the folder
    /// outputs of `run` and `report` do.
    @Test func writingIntoAMissingFolderMakesIt() throws {
        try Self.inFolder([:]) { directory in
            let written = try ConformBinary.run(["init", "--schema", "-o", "settings/lint/conform.json"], directory: directory)
            #expect(written.status == 0 && !written.stderr.contains("Error"), "\(written.stderr)")
            #expect(try Self.configuration(in: directory, "settings/lint/conform.json")["version"] as? Int == 1)
            #expect(try Self.configuration(in: directory, "settings/lint/conform.schema.json")["properties"] != nil)
        }
    }

    @Test func adoptingTagsMakesTheGatePassAndKeepsTheFindings() throws {
        let files = ["tags/fail.xml": CLI.errorTag, "tags/warn.xml": CLI.warningTag]
        try Self.inFolder(files) { directory in
            let before = try ConformBinary.run(["check", "tags/"], directory: directory)
            #expect(before.status == 1)
            let adopted = try ConformBinary.run(["init", "--adopt", "tags/"], directory: directory)
            #expect(adopted.status == 0, "\(adopted.stderr)")
            #expect(adopted.stdout.contains("Checked 2 tags (tags/): 1 finding at or above error in 1 tag, from 1 rule."), "\(adopted.stdout)")
            #expect(adopted.stdout.contains("VAST-3.0-tracking-progress-offset  1 finding in 1 tag"), "\(adopted.stdout)")
            let rules = try #require(try Self.configuration(in: directory)["rules"] as? [String: String])
            #expect(rules == ["VAST-3.0-tracking-progress-offset": "warning"])
            let after = try ConformBinary.run(["check", "tags/"], directory: directory)
            #expect(after.status == 0, "\(after.stdout)")
            #expect(after.stdout.contains("warning:") && after.stdout.contains("[VAST-3.0-tracking-progress-offset]"), "still shown")

            // A gate on warnings: the rules reporting warnings are set to info.
            let strict = try ConformBinary.run(["init", "--adopt", "--strict", "--force", "tags/"], directory: directory)
            #expect(strict.status == 0, "\(strict.stderr)")
            let strictRules = try #require(try Self.configuration(in: directory)["rules"] as? [String: String])
            #expect(strictRules["VAST-3.0-tracking-progress-offset"] == "info" && strictRules["VAST-2.0-url-http"] == "info")
            #expect(Set(strictRules.values) == ["info"])
            let strictCheck = try ConformBinary.run(["check", "--strict", "tags/"], directory: directory)
            #expect(strictCheck.status == 0, "\(strictCheck.stdout)")
        }
    }

    @Test func adoptingRefusesWhatItCannotReadAndBadUsage() throws {
        try Self.inFolder(["tags/a.xml": CLI.errorTag]) { directory in
            let missing = try ConformBinary.run(["init", "--adopt", "tags/", "gone.xml"], directory: directory)
            #expect(missing.status == 2 && missing.stderr.contains("nothing written"), "\(missing.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".conform.json").path))
            let noTags = try ConformBinary.run(["init", "--adopt"], directory: directory)
            #expect(noTags.status == 64 && noTags.stderr.contains("--adopt needs the tags"))
            let stray = try ConformBinary.run(["init", "tags/"], directory: directory)
            #expect(stray.status == 64 && stray.stderr.contains("add --adopt"))
            let info = try ConformBinary.run(["init", "--adopt", "--severity-threshold", "info", "tags/"], directory: directory)
            #expect(info.status == 64)
            let elsewhere = try ConformBinary.run(["init", "-o", "ci/conform.json", "--adopt", "tags/"], directory: directory)
            #expect(elsewhere.status == 0, "the missing folder is made: \(elsewhere.stderr)")
            #expect(try (Self.configuration(in: directory, "ci/conform.json")["rules"] as? [String: String])?.isEmpty == false)
        }
    }
}
