import Foundation
import ConformTestSupport
import Testing

/// End-to-end tests of the command-line front: launch the built `conform` binary, feed it files, and
/// check exit codes and output. Skipped, with a message, when the binary cannot be found.
enum CLI {
    /// The `conform` executable (see ``ConformBinary``).
    static let binary: URL? = ConformBinary.url

    typealias Result = ConformBinary.Output

    /// Runs `conform` with `arguments` in a fresh temporary directory (so no `.conform.json` is picked up).
    static func run(_ arguments: [String], files: [String: String] = [:], stdin: String? = nil) throws -> Result {
        let directory = try ConformBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, content) in files {
            try content.write(to: directory.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        return try ConformBinary.run(arguments, stdin: stdin.map { Data($0.utf8) }, directory: directory)
    }

    /// A tag whose only findings are a warning (http impression) and an info (Error URL without [ERRORCODE]).
    static let warningTag = """
        <VAST version="4.2">
          <Ad id="1">
            <InLine>
              <AdSystem>conform</AdSystem>
              <AdTitle>warning only</AdTitle>
              <AdServingId>srv-1</AdServingId>
              <Impression><![CDATA[http://imp.adsrv.net/imp]]></Impression>
              <Error><![CDATA[https://err.adsrv.net/e]]></Error>
              <Creatives>
                <Creative>
                  <UniversalAdId idRegistry="ad-id.org">CNPA0484000H</UniversalAdId>
                  <Linear>
                    <Duration>00:00:15</Duration>
                    <TrackingEvents>
                      <Tracking event="start"><![CDATA[https://t.adsrv.net/0]]></Tracking>
                      <Tracking event="firstQuartile"><![CDATA[https://t.adsrv.net/25]]></Tracking>
                      <Tracking event="midpoint"><![CDATA[https://t.adsrv.net/50]]></Tracking>
                      <Tracking event="thirdQuartile"><![CDATA[https://t.adsrv.net/75]]></Tracking>
                      <Tracking event="complete"><![CDATA[https://t.adsrv.net/100]]></Tracking>
                    </TrackingEvents>
                    <MediaFiles>
                      <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.adsrv.net/a.mp4]]></MediaFile>
                      <Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.adsrv.net/raw.mp4]]></Mezzanine>
                    </MediaFiles>
                  </Linear>
                </Creative>
              </Creatives>
            </InLine>
          </Ad>
        </VAST>
        """

    /// The same tag with a rule error (a progress event without its offset).
    static let errorTag = warningTag.replacingOccurrences(
        of: "<Tracking event=\"start\">", with: "<Tracking event=\"progress\"><![CDATA[https://t.adsrv.net/p]]></Tracking><Tracking event=\"start\">")
}

@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct CommandTests {
    @Test func checkSeverityThresholdDecidesTheExitCode() throws {
        let files = ["tag.xml": CLI.warningTag]
        let byDefault = try CLI.run(["check", "tag.xml"], files: files)
        #expect(byDefault.status == 0, "warnings alone pass at the default threshold (error): \(byDefault.stdout)")
        #expect(byDefault.stdout.contains("[VAST-2.0-url-http]"))
        #expect(!byDefault.stdout.contains("error:"), "the warning tag should have no error findings: \(byDefault.stdout)")

        let warning = try CLI.run(["check", "--severity-threshold", "warning", "tag.xml"], files: files)
        #expect(warning.status == 1)
        let info = try CLI.run(["check", "--severity-threshold=info", "tag.xml"], files: files)
        #expect(info.status == 1)
        let error = try CLI.run(["check", "--severity-threshold", "error", "tag.xml"], files: files)
        #expect(error.status == 0)

        let failing = try CLI.run(["check", "tag.xml"], files: ["tag.xml": CLI.errorTag])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("[VAST-3.0-tracking-progress-offset]"))
    }

    @Test func strictMakesWarningsFail() throws {
        let files = ["tag.xml": CLI.warningTag]
        let strict = try CLI.run(["check", "--strict", "tag.xml"], files: files)
        #expect(strict.status == 1)
        // --strict never loosens an explicit stricter threshold.
        let strictInfo = try CLI.run(["check", "--strict", "--severity-threshold", "info", "tag.xml"], files: files)
        #expect(strictInfo.status == 1)
        // A configuration that turns the warning off makes the strict check pass.
        let config = #"{"version": 1, "rules": {"VAST-2.0-url-http": "off", "VAST-3.0-macro-error-url-errorcode": "off"}}"#
        let quiet = try CLI.run(["check", "--strict", "--config", "cfg.json", "tag.xml"], files: files.merging(["cfg.json": config]) { $1 })
        #expect(quiet.status == 0, "\(quiet.stdout)\(quiet.stderr)")
    }

    @Test func quietReportsOnlyWhatFailsTheCheck() throws {
        let files = ["warn.xml": CLI.warningTag, "fail.xml": CLI.errorTag]
        let full = try CLI.run(["check", "warn.xml", "fail.xml"], files: files)
        #expect(full.stdout.contains("warn.xml  VAST 4.2") && full.stdout.contains("[VAST-2.0-url-http]"))
        let quiet = try CLI.run(["check", "--quiet", "warn.xml", "fail.xml"], files: files)
        #expect(quiet.status == full.status && quiet.status == 1)
        #expect(!quiet.stdout.contains("warn.xml"), "an input with nothing failing is left out: \(quiet.stdout)")
        #expect(quiet.stdout.contains("fail.xml:") && quiet.stdout.contains("[VAST-3.0-tracking-progress-offset]"), "\(quiet.stdout)")
        #expect(!quiet.stdout.contains("warning:") && !quiet.stdout.contains("info:"), "\(quiet.stdout)")
        // The threshold decides what is shown: with --strict the warnings are back, the infos are not.
        let strict = try CLI.run(["check", "-q", "--strict", "warn.xml"], files: files)
        #expect(strict.status == 1 && strict.stdout.contains("warning:") && !strict.stdout.contains("info:"), "\(strict.stdout)")
        // Machine formats carry the same subset.
        let json = try CLI.run(["check", "-q", "--format", "json", "warn.xml"], files: files)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect((decoded?.first?["diagnostics"] as? [Any])?.isEmpty == true, "\(json.stdout.prefix(300))")
        let github = try CLI.run(["check", "-q", "--format", "github", "warn.xml", "fail.xml"], files: files)
        #expect(github.stdout.contains("::error ") && !github.stdout.contains("::warning "), "\(github.stdout)")
    }

    @Test func statisticsCountFindingsByRule() throws {
        let files = ["warn.xml": CLI.warningTag, "fail.xml": CLI.errorTag]
        let result = try CLI.run(["check", "--statistics", "warn.xml", "fail.xml"], files: files)
        #expect(result.status == 1, "the exit code is the check's: \(result.stdout)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("  COUNT  INPUTS  SEVERITY  RULE") == true, "\(result.stdout)")
        // Both tags have the http impression; only one has the progress event without offset.
        let http = lines.first { $0.contains(" VAST-2.0-url-http ") }
        #expect(http?.hasPrefix("      2       2  warning ") == true, "\(http ?? result.stdout)")
        #expect(http?.contains("http:// instead of https://") == true, "the row carries the rule's summary: \(http ?? "")")
        let progress = lines.first { $0.contains(" VAST-3.0-tracking-progress-offset ") }
        #expect(progress?.hasPrefix("      1       1  error ") == true, "\(progress ?? result.stdout)")
        #expect(!result.stdout.contains("fail.xml:"), "no finding is listed one by one: \(result.stdout)")
        #expect(lines.last?.hasSuffix("in 2 input(s)") == true, "\(lines.last ?? "")")
        let clean = try CLI.run(["check", "--statistics", "--rule", "VAST-*=off", "warn.xml"], files: files)
        #expect(clean.status == 0 && clean.stdout.contains("no findings in 1 input(s)"), "\(clean.stdout)")
        let json = try CLI.run(["check", "--statistics", "--format", "json", "warn.xml"], files: files)
        #expect(json.status == 64 && json.stderr.contains("--statistics counts findings in text"), "\(json.stderr)")
    }

    @Test func aWrapperCheckedWithoutFollowSaysItsAdIsNotChecked() throws {
        let wrapper = """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>s</AdSystem>
            <VASTAdTagURI><![CDATA[https://ads.adsrv.net/next.xml]]></VASTAdTagURI>
            <Impression><![CDATA[https://t.adsrv.net/imp]]></Impression></Wrapper></Ad></VAST>
            """
        let plain = try CLI.run(["check", "w.xml"], files: ["w.xml": wrapper, "i.xml": CLI.warningTag])
        #expect(plain.stdout.contains("note: the ad its Wrapper leads to (https://ads.adsrv.net/next.xml) is not checked; add --follow"),
                "\(plain.stdout)")
        let inline = try CLI.run(["check", "i.xml"], files: ["i.xml": CLI.warningTag])
        #expect(!inline.stdout.contains("note:"), "\(inline.stdout)")
        let followed = try CLI.run(["check", "--follow", "--map", "map.json", "w.xml"],
                                   files: ["w.xml": wrapper, "i.xml": CLI.warningTag, "map.json": #"{"https://ads.adsrv.net/next.xml": "i.xml"}"#])
        #expect(!followed.stdout.contains("note:") && followed.stdout.contains("hop 1"), "\(followed.stdout)")
    }

    @Test func aFolderStandsForTheTagsUnderIt() throws {
        let files = ["tags/a.xml": CLI.warningTag, "tags/deep/b.VAST": CLI.errorTag, "tags/notes.txt": "not a tag",
                     "tags/.hidden/c.xml": CLI.errorTag, "empty/readme.md": "nothing"]
        let directory = try ConformBinary.temporaryDirectory(files: files)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ConformBinary.run(["check", "--no-config", "tags"], directory: directory)
        #expect(result.status == 1, "b.VAST has an error: \(result.stdout)")
        let headers = result.stdout.split(separator: "\n").filter { $0.contains("  VAST 4.2 ·") }.map { String($0.prefix { $0 != " " }) }
        #expect(headers == ["tags/a.xml", "tags/deep/b.VAST"], "sorted, hidden and other files left out: \(headers)")
        let empty = try ConformBinary.run(["check", "--no-config", "empty", "tags/a.xml"], directory: directory)
        #expect(empty.status == 2 && empty.stderr.contains("empty: a folder without .xml, .vast or .vmap files"), "\(empty.stderr)")
        #expect(empty.stdout.contains("tags/a.xml  VAST 4.2"), "the other inputs are still checked: \(empty.stdout)")
        let record = try ConformBinary.run(["check", "--no-config", "--follow", "--record", "out", "tags"], directory: directory)
        #expect(record.status == 64 && record.stderr.contains("--record records one input; the arguments name 2"), "\(record.stderr)")
    }

    @Test func markdownSummaryForCheckAndParams() throws {
        let check = try CLI.run(["check", "--no-config", "--format", "markdown", "warn.xml", "fail.xml"],
                                files: ["warn.xml": CLI.warningTag, "fail.xml": CLI.errorTag])
        #expect(check.status == 1 && check.stdout.hasPrefix("## conform check: ❌ failed\n"), "\(check.stdout)")
        #expect(check.stdout.contains("### fail.xml\n") && check.stdout.contains("`VAST-3.0-tracking-progress-offset`"), "\(check.stdout)")
        let warn = try CLI.run(["check", "--no-config", "--format", "markdown", "warn.xml"], files: ["warn.xml": CLI.warningTag])
        #expect(warn.status == 0 && warn.stdout.hasPrefix("## conform check: ✅ passed\n"), "\(warn.stdout)")
        let params = try CLI.run(["params", "--no-config", "--format", "markdown", "ad_type=carousel,foo"])
        #expect(params.status == 1 && params.stdout.contains("### argument 1\n") && params.stdout.contains("`PARAM-malformed-segment`"), "\(params.stdout)")
    }

    @Test func htmlPageForCheckAndParams() throws {
        let check = try CLI.run(["check", "--no-config", "--format", "html", "warn.xml", "fail.xml"],
                                files: ["warn.xml": CLI.warningTag, "fail.xml": CLI.errorTag])
        #expect(check.status == 1 && check.stdout.hasPrefix("<!DOCTYPE html>\n"), "\(check.stderr)")
        #expect(check.stdout.contains("<title>conform check: failed</title>"))
        // The failing tag's source is shown with its finding under the line the finding points at.
        let text = try CLI.run(["check", "--no-config", "fail.xml"], files: ["fail.xml": CLI.errorTag]).stdout
        let line = try #require(text.split(separator: "\n").first { $0.contains("[VAST-3.0-tracking-progress-offset]") })
        let number = try #require(line.split(separator: ":").dropFirst().first.flatMap { Int($0) })
        let lineRow = "<td class=\"ln\">\(number)</td><td class=\"code\">"
        let section = try #require(check.stdout.range(of: "<h2>fail.xml</h2>"))
        let row = try #require(check.stdout[section.upperBound...].range(of: lineRow))
        let next = check.stdout[row.upperBound...].drop { $0 != "\n" }.dropFirst()
        #expect(next.hasPrefix("<tr class=\"finding error\">"), "the finding follows its line: \(next.prefix(300))")
        #expect(next.prefix(while: { $0 != "\n" }).contains("VAST-3.0-tracking-progress-offset"))
        #expect(check.stdout.contains("<a href=\"#input-1\">warn.xml</a>") && check.stdout.contains("<h2>fail.xml</h2>"))

        let profiled = try CLI.run(["check", "--no-config", "--format", "html", "--profile", "pause", "warn.xml"], files: ["warn.xml": CLI.warningTag])
        #expect(profiled.stdout.contains("<ul class=\"verdicts\">\n<li><span class=\"flow\">pause:</span> not eligible"), "\(profiled.stdout.prefix(3_000))")

        let params = try CLI.run(["params", "--no-config", "--format", "html", "ad_type=carousel,foo"])
        #expect(params.status == 1 && params.stdout.contains("<title>conform params: failed</title>"))
        #expect(params.stdout.contains("<td class=\"code\">ad_type=carousel,foo</td>") && params.stdout.contains("PARAM-malformed-segment"))
    }

    @Test func colourFollowsForceColorAndNoColor() throws {
        let file = try ConformBinary.temporaryFile(CLI.warningTag)
        let escape = "\u{1B}["
        let forced = try ConformBinary.run(["check", "--no-config", file.path], environment: ["NO_COLOR": "", "FORCE_COLOR": "1"])
        #expect(forced.stdout.contains(escape + "33mwarning"), "FORCE_COLOR colours a pipe: \(forced.stdout.prefix(300))")
        let off = try ConformBinary.run(["check", "--no-config", file.path], environment: ["NO_COLOR": "1", "FORCE_COLOR": "1"])
        #expect(!off.stdout.contains(escape), "NO_COLOR wins")
        let zero = try ConformBinary.run(["check", "--no-config", file.path], environment: ["NO_COLOR": "", "FORCE_COLOR": "0"])
        #expect(!zero.stdout.contains(escape), "FORCE_COLOR=0 forces nothing; a pipe stays plain")
        let dumb = try ConformBinary.run(["check", "--no-config", file.path], environment: ["NO_COLOR": "", "FORCE_COLOR": "1", "TERM": "dumb"])
        #expect(!dumb.stdout.contains(escape))
    }

    /// Several inputs share batched rule passes; each still gets exactly the findings it gets alone.
    @Test func inputsCheckedTogetherGetTheirOwnFindings() throws {
        let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus/rules")
        let all = (FileManager.default.enumerator(atPath: rules.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix("invalid-1.xml") }.sorted()
        try #require(all.count > 40, "the shipped rule corpus is next to the tests")
        // Every sixth case: some forty tags of different rules, more than two batches.
        let files = stride(from: 0, to: all.count, by: 6).map { rules.appendingPathComponent(all[$0]).path }
        let together = try ConformBinary.run(["check", "--no-config"] + files)
        var alone = ""
        for file in files { alone += try ConformBinary.run(["check", "--no-config", file]).stdout }
        #expect(files.count > 32)
        #expect(together.stdout == alone)
    }

    @Test func badThresholdIsAUsageError() throws {
        let result = try CLI.run(["check", "--severity-threshold", "fatal", "tag.xml"], files: ["tag.xml": CLI.warningTag])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown severity 'fatal'"))
    }

    @Test func unknownOptionSuggestsTheOptionMeant() throws {
        // A shortened option, a misspelt one, and one that resembles none.
        let short = try CLI.run(["run", "--out", "reports", "Corpus"])
        #expect(short.status == 64 && short.stderr.contains("unknown option '--out'; did you mean --output?"), "\(short.stderr)")
        let typo = try CLI.run(["check", "--stirct", "tag.xml"], files: ["tag.xml": CLI.warningTag])
        #expect(typo.status == 64 && typo.stderr.contains("unknown option '--stirct'; did you mean --strict?"), "\(typo.stderr)")
        let inline = try CLI.run(["check", "--formt=json", "tag.xml"], files: ["tag.xml": CLI.warningTag])
        #expect(inline.status == 64 && inline.stderr.contains("unknown option '--formt=json'; did you mean --format?"), "\(inline.stderr)")
        let none = try CLI.run(["check", "--zzzzzz", "tag.xml"], files: ["tag.xml": CLI.warningTag])
        #expect(none.status == 64 && none.stderr.contains("unknown option '--zzzzzz'\n"), "\(none.stderr)")
    }

    @Test func unreadableFilesAreNamedWithTheReason() throws {
        let noCorpus = try CLI.run(["run"])
        #expect(noCorpus.status == 2 && noCorpus.stderr.contains("corpus folder not found: Corpus (the default; give the corpus folder"),
                "\(noCorpus.stderr)")
        let missing = try CLI.run(["report", "missing.json"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read missing.json: no such file or directory"), "\(missing.stderr)")
        let folder = try CLI.run(["params", "-f", "."])
        #expect(folder.status == 2 && folder.stderr.contains("cannot read '.': is a directory"), "\(folder.stderr)")
        let config = try CLI.run(["check", "--config", ".", "tag.xml"], files: ["tag.xml": CLI.warningTag])
        #expect(config.status == 2 && config.stderr.contains("cannot read configuration ") && config.stderr.contains(": is a directory"),
                "\(config.stderr)")
    }

    /// A file argument that is a pipe (`/dev/stdin`, a process substitution) is read to its end, not refused
    /// with "permission denied" as reading it as a regular file would be.
    @Test func pipesAreReadAsFiles() throws {
        let params = try CLI.run(["params", "--no-config", "-f", "/dev/stdin"], stdin: "ad_type=carousel,foo\n")
        #expect(params.status == 1 && params.stdout.contains("/dev/stdin:1:"), "\(params.stdout)\(params.stderr)")
        let config = try CLI.run(["check", "--config", "/dev/stdin", "tag.xml"], files: ["tag.xml": CLI.warningTag],
                                 stdin: #"{"version": 1, "rules": {"VAST-2.0-url-http": "off"}}"#)
        #expect(config.status != 2 && !config.stderr.contains("cannot read"), "\(config.stderr)")
    }

    /// An output path that cannot work is named with its reason before anything is written, not with the
    /// system's error for the first file written inside it.
    @Test func unusableOutputPathsAreNamedWithTheReason() throws {
        let files = ["file": "", "tag.xml": CLI.warningTag, "tag.expect.json": #"{"version": 1, "verdict": "valid"}"#]
        let run = try CLI.run(["run", ".", "-o", "file"], files: files)
        #expect(run.status == 2 && run.stderr.contains("Error: file is a file, not a folder"), "\(run.stderr)")
        let under = try CLI.run(["run", ".", "-o", "file/reports"], files: files)
        #expect(under.status == 2 && under.stderr.contains("cannot make the output folder file/reports: ")
                && under.stderr.contains("/file is a file, not a folder"), "\(under.stderr)")
        let report = try CLI.run(["report", "missing.json", "-o", "file"], files: files)
        #expect(report.status == 2 && report.stderr.contains("file is a file, not a folder"), "\(report.stderr)")
        let baseline = try CLI.run(["baseline", "missing.json", "-o", "."], files: files)
        #expect(baseline.status == 2 && baseline.stderr.contains(". is a folder; give a file name"), "\(baseline.stderr)")
        let initialise = try CLI.run(["init", "-o", "file/conform.json"], files: files)
        #expect(initialise.status == 2 && initialise.stderr.contains("/file is a file, not a folder"), "\(initialise.stderr)")
    }

    /// `params -f`: classic Mac line endings separate strings too, and an input without any string is an
    /// error rather than a silent pass.
    @Test func paramsFileLineEndingsAndEmptyInput() throws {
        let mac = try CLI.run(["params", "--no-config", "--format", "json", "-f", "strings.txt"],
                              files: ["strings.txt": "ad_type=carousel,foo\r# note\rad_type=webview,campaign=c\r"])
        #expect(mac.status == 1, "\(mac.stderr)")
        let lines = try #require(try JSONSerialization.jsonObject(with: Data(mac.stdout.utf8)) as? [String: Any])
        let strings = try #require(lines["results"] as? [[String: Any]], "\(mac.stdout)")
        #expect(strings.compactMap { $0["line"] as? Int } == [1, 3], "\(mac.stdout)")
        let empty = try CLI.run(["params", "-f", "-"], stdin: "\n# only a comment\n")
        #expect(empty.status == 2 && empty.stderr.contains("standard input holds no parameter string"), "\(empty.stderr)")
        let blank = try CLI.run(["params", "-f", "blank.txt"], files: ["blank.txt": ""])
        #expect(blank.status == 2 && blank.stderr.contains("'blank.txt' holds no parameter string"), "\(blank.stderr)")
    }

    /// `params --format github|sarif`: a finding of a string read from a file points at file:line:column;
    /// one given as an argument has no file.
    @Test func paramsFindingsAsAnnotationsAndSARIF() throws {
        let strings = "# campaign strings\nad_type=carousel,carousel_banner=x\n"
        let github = try CLI.run(["params", "--format", "github", "-f", "strings.txt", "ad_type=webview,campaign=c"],
                                 files: ["strings.txt": strings])
        #expect(github.status == 1)
        let lines = github.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("::error file=strings.txt,line=2,col=34,title=conform%3A PARAM-url-invalid::") })
        #expect(lines.contains { $0.hasPrefix("::error title=conform%3A PARAM-takeover-required-key::") })
        #expect(lines.last?.hasPrefix("::notice title=conform::conform params: 2 strings, ") == true)

        let sarif = try CLI.run(["params", "--format", "sarif", "-f", "strings.txt", "ad_type=webview,campaign=c"],
                                files: ["strings.txt": strings])
        #expect(sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let invalid = try #require(results.first { $0["ruleId"] as? String == "PARAM-url-invalid" })
        let physical = try #require((invalid["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "strings.txt")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 2)
        let takeover = try #require(results.first { $0["ruleId"] as? String == "PARAM-takeover-required-key" })
        #expect((takeover["locations"] as? [Any])?.isEmpty == true)

        // SARIF columns are Unicode code points: a thumbs-up with a skin tone is one character but two code points.
        let emoji = "icon=https://cdn.adsrv.net/i.png,bannerTitle=\u{1F44D}\u{1F3FD} Shoes,ctaUrl=javascript:alert(1)"
        let wide = try CLI.run(["params", "--no-config", "--format", "sarif", "-f", "wide.txt"], files: ["wide.txt": emoji + "\n"])
        let wideLog = try #require(try JSONSerialization.jsonObject(with: Data(wide.stdout.utf8)) as? [String: Any])
        let wideResults = try #require((wideLog["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let columns = wideResults.compactMap { result -> Int? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["region"] as? [String: Any])?["startColumn"] as? Int
        }
        let value = try #require(emoji.range(of: "javascript"))
        let codePoints = emoji[..<value.lowerBound].unicodeScalars.count + 1
        #expect(codePoints == emoji.distance(from: emoji.startIndex, to: value.lowerBound) + 2)
        #expect(columns.contains(codePoints), "\(columns) \(wide.stdout)")

        let junit = try CLI.run(["params", "--format", "junit", "-f", "strings.txt", "ad_type=webview,campaign=c"],
                                files: ["strings.txt": strings])
        #expect(junit.status == 1)
        #expect(junit.stdout.contains("<testsuites name=\"conform params\" tests=\"2\" failures=\"2\""))
        #expect(junit.stdout.contains("<testcase name=\"strings.txt:2\" classname=\"conform.params\" file=\"strings.txt\">"))
        #expect(junit.stdout.contains("<testcase name=\"argument 1\" classname=\"conform.params\">"))
    }

    @Test func rulesListsEveryRuleInEachFormat() throws {
        let text = try CLI.run(["rules"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("ID "))
        #expect(text.stdout.contains("VAST-2.0-tracking-event-value") && text.stdout.contains("VAST-4.1-adservingid-empty"))

        let json = try CLI.run(["rules", "--format", "json"])
        #expect(json.status == 0)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let rules = try #require(decoded)
        let tableRows = text.stdout.split(separator: "\n").count - 1
        #expect(rules.count == tableRows && rules.count > 50)
        #expect(rules.contains { $0["id"] as? String == "VAST-2.0-url-http" && $0["severity"] as? String == "warning" })
        // The schema basis travels with each rule: declarations per version, or what a rule outside the VAST
        // XSDs rests on instead.
        let mezzanine = try #require(rules.first { $0["id"] as? String == "VAST-4.1-mezzanine-type" }?["schemaBasis"] as? [String: Any])
        #expect((mezzanine["declarations"] as? [Any])?.count == 1 && mezzanine["outsideVASTSchemas"] == nil)
        let param = try #require(rules.first { $0["id"] as? String == "PARAM-duplicate-key" }?["schemaBasis"] as? [String: Any])
        #expect((param["outsideVASTSchemas"] as? String)?.contains("trafficking-parameter string") == true)

        let markdown = try CLI.run(["rules", "--format", "markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("# conform rules\n"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let committed = try String(contentsOf: root.appendingPathComponent("Docs/Rules.md"), encoding: .utf8)
        #expect(markdown.stdout == committed, "Docs/Rules.md differs from 'conform rules --format markdown'")

        let bad = try CLI.run(["rules", "--format", "yaml"])
        #expect(bad.status == 64 && bad.stderr.contains("unknown format 'yaml'"))
    }

    @Test func rulesListsWhatIdsAndPatternsName() throws {
        let json = try CLI.run(["rules", "--format", "json", "VAST-*-url-http*", "PROFILE-pause-nonlinear-required"])
        #expect(json.status == 0, "\(json.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let ids = try #require(decoded).compactMap { $0["id"] as? String }
        #expect(ids == ["PROFILE-pause-nonlinear-required", "VAST-2.0-url-http"], "\(ids)")
        let text = try CLI.run(["rules", "VAST-*-url-*"])
        let rows = text.stdout.split(separator: "\n").dropFirst()
        #expect(rows.count > 5 && rows.allSatisfy { $0.hasPrefix("VAST-") && $0.contains("-url-") }, "\(text.stdout)")
        let none = try CLI.run(["rules", "VAST-2.0-url-htp"])
        #expect(none.status == 64 && none.stderr.contains("'VAST-2.0-url-htp' names no rule; did you mean VAST-2.0-url-http"), "\(none.stderr)")
        // The former id of a renamed rule lists the rule, and says what it is called now.
        let former = try CLI.run(["rules", "VAST-4.1-verification-vendor-domain"])
        #expect(former.status == 0 && former.stderr.contains("note: VAST-4.1-verification-vendor-domain is the former id of VAST-4.1-verification-vendor-format"),
                "\(former.stderr)")
        #expect(former.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["VAST-4.1-verification-vendor-format"], "\(former.stdout)")
    }

    @Test func explainShowsOneRule() throws {
        let result = try CLI.run(["explain", "VAST-3.0-tracking-progress-offset"])
        #expect(result.status == 0)
        for part in ["VAST-3.0-tracking-progress-offset — Progress offset", "Severity: error", "Why:", "Specification:",
                     "IAB VAST 4.2 §XSD TrackingEvents_type", "Fix:", "Valid example:", "Invalid example"] {
            #expect(result.stdout.contains(part), "missing \(part)")
        }
        let lower = try CLI.run(["explain", "vast-2.0-url-http"])
        #expect(lower.status == 0 && lower.stdout.hasPrefix("VAST-2.0-url-http — "))
        let json = try CLI.run(["explain", "--format", "json", "VAST-2.0-url-http"])
        #expect(json.status == 0 && json.stdout.contains("\"id\" : \"VAST-2.0-url-http\""))
        let markdown = try CLI.run(["explain", "--format", "markdown", "VAST-2.0-url-http"])
        #expect(markdown.status == 0 && markdown.stdout.hasPrefix("### VAST-2.0-url-http\n"))
    }

    @Test func explainUnknownIDSuggestsCloseMatches() throws {
        let result = try CLI.run(["explain", "VAST-2.0-tracking-progress-offset"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("unknown rule id 'VAST-2.0-tracking-progress-offset'"))
        #expect(result.stderr.contains("did you mean VAST-3.0-tracking-progress-offset"))
        let none = try CLI.run(["explain"])
        #expect(none.status == 64 && none.stderr.contains("no rule id given"))
    }

    @Test func helpTeachesTheCommands() throws {
        for command in ["rules", "explain"] {
            let result = try CLI.run([command, "--help"])
            #expect(result.status == 0)
            for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "EXAMPLES:", "--format"] {
                #expect(result.stdout.contains(section), "\(command) --help lacks \(section)")
            }
        }
        let overview = try CLI.run(["help"])
        #expect(overview.stdout.contains("rules") && overview.stdout.contains("explain"))
    }
}
