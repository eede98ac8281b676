import Foundation
import ConformTestSupport
import Testing

/// `conform fix` through the binary: shown, checked, written, printed; usage errors.
@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct FixCommandTests {
    /// The warning tag with one URL outside CDATA and one mis-cased macro.
    static let tag = CLI.warningTag.replacingOccurrences(
        of: "<Error><![CDATA[https://err.adsrv.net/e]]></Error>", with: "<Error>https://err.adsrv.net/e?c=[errorcode]</Error>")

    @Test func showsWithoutWritingThenWrites() throws {
        #expect(Self.tag != CLI.warningTag)
        let root = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("tag.xml")
        try Self.tag.write(to: file, atomically: false, encoding: .utf8)

        let shown = try ConformBinary.run(["fix", "--no-config", file.path])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("1 element(s) to repair"), "\(shown.stdout)")
        #expect(shown.stdout.contains("<Error> [VAST-2.0-macro-case, VAST-2.0-url-cdata]"), "\(shown.stdout)")
        #expect(shown.stdout.contains("+ <![CDATA[https://err.adsrv.net/e?c=[ERRORCODE]]]>"), "\(shown.stdout)")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.tag, "nothing written without --write")

        let check = try ConformBinary.run(["fix", "--no-config", "--check", file.path])
        #expect(check.status == 1)

        let written = try ConformBinary.run(["fix", "--no-config", "--write", file.path])
        #expect(written.status == 0 && written.stdout.contains("written"), "\(written.stdout)")
        let after = try String(contentsOf: file, encoding: .utf8)
        #expect(after == Self.tag.replacingOccurrences(
            of: "<Error>https://err.adsrv.net/e?c=[errorcode]</Error>", with: "<Error><![CDATA[https://err.adsrv.net/e?c=[ERRORCODE]]]></Error>"))
        let again = try ConformBinary.run(["fix", "--no-config", "--check", file.path])
        #expect(again.status == 0 && again.stdout.contains("nothing to repair"), "\(again.stdout)")
        // No temporary file is left beside the tag.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["tag.xml"])
    }

    /// A repair in white space alone shows the white space: an attribute value is shown quoted, as it is
    /// written, so the before and after lines differ where the value does.
    @Test func aRepairOfWhiteSpaceShowsIt() throws {
        let tag = CLI.warningTag.replacingOccurrences(of: #"<MediaFile delivery="progressive""#, with: #"<MediaFile delivery=" Progressive ""#)
        #expect(tag != CLI.warningTag)
        let shown = try CLI.run(["fix", "--no-config", "tag.xml"], files: ["tag.xml": tag])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("<MediaFile> delivery= [VAST-2.0-mediafile-delivery-value]"), "\(shown.stdout)")
        #expect(shown.stdout.contains("  - \" Progressive \"\n") && shown.stdout.contains("  + \"progressive\"\n"), "\(shown.stdout)")
    }

    @Test func checkPointsAtTheRepairs() throws {
        let result = try CLI.run(["check", "--no-config", "my tag.xml"], files: ["my tag.xml": Self.tag])
        #expect(result.stdout.contains("2 of them have an automatic repair: conform fix 'my tag.xml'"), "\(result.stdout)")
        let clean = try CLI.run(["check", "--no-config", "tag.xml"], files: ["tag.xml": CLI.warningTag])
        #expect(!clean.stdout.contains("automatic repair"), "\(clean.stdout)")
    }

    @Test func printsTheRepairedTagAndJSON() throws {
        let printed = try CLI.run(["fix", "--no-config", "--stdout", "-"], stdin: Self.tag)
        #expect(printed.status == 0)
        #expect(printed.stdout.contains("<Error><![CDATA[https://err.adsrv.net/e?c=[ERRORCODE]]]></Error>"))
        #expect(printed.stdout.count == Self.tag.count + "<![CDATA[]]>".count)

        let json = try CLI.run(["fix", "--no-config", "--format", "json", "tag.xml"], files: ["tag.xml": Self.tag])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let repairs = try #require(reports.first?["repairs"] as? [[String: Any]])
        #expect(repairs.first?["element"] as? String == "Error")
        #expect(repairs.first?["rules"] as? [String] == ["VAST-2.0-macro-case", "VAST-2.0-url-cdata"])
        #expect(reports.first?["written"] as? Bool == false)
    }

    @Test func refusesWhatItCannotRepairAndBadUsage() throws {
        let broken = try CLI.run(["fix", "--no-config", "bad.xml"], files: ["bad.xml": "<VAST version=\"4.2\"><Ad></VAST>"])
        #expect(broken.status == 1 && broken.stdout.contains("not repaired: the tag is not well-formed XML"), "\(broken.stdout)")
        let both = try CLI.run(["fix", "--write", "--check", "tag.xml"], files: ["tag.xml": Self.tag])
        #expect(both.status == 64 && both.stderr.contains("exclude each other"), "\(both.stderr)")
        let url = try CLI.run(["fix", "https://ads.example.com/vast"])
        #expect(url.status == 64 && url.stderr.contains("fetch the tag first"), "\(url.stderr)")
        let stdinWrite = try CLI.run(["fix", "--write", "-"], stdin: Self.tag)
        #expect(stdinWrite.status == 64)
        let missing = try CLI.run(["fix", "nope.xml"])
        #expect(missing.status == 2)
        let help = try CLI.run(["fix", "--help"])
        #expect(help.stdout.contains("VAST-2.0-url-cdata") && help.stdout.contains("--write"))
    }
}
