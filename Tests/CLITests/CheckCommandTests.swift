import Foundation
import ConformTestSupport
import Testing

@Suite(.enabled(if: ConformBinary.url != nil, "the conform binary was not built next to the tests"))
struct CheckCommandTests {
    static let valid = """
        <VAST version="4.2"><Ad id="1"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
        <Impression><![CDATA[https://i.example/i]]></Impression><AdServingId>a</AdServingId>
        <Creatives><Creative><UniversalAdId idRegistry="ad-id.org">X</UniversalAdId><Linear><Duration>00:00:10</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://c.example/a.mp4]]></MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    /// An unknown --format is a usage error naming every format; no format stands in for it.
    @Test func anUnknownFormatIsAUsageError() throws {
        let file = try ConformBinary.temporaryFile(Self.valid)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        for arguments in [["check", "--no-config", "--format", "junit-xml", file.path], ["params", "--format", "junit-xml", "a=b"]] {
            let output = try ConformBinary.run(arguments)
            #expect(output.status == 64)
            #expect(output.stdout.isEmpty)
            #expect(output.stderr.contains("unknown format 'junit-xml' (values: text, json, sarif, github, junit, markdown, codequality, html)"))
        }
        // The run's report formats: a findings-only format is unknown there too, and nothing is run or written.
        let output = file.deletingLastPathComponent().appendingPathComponent("reports")
        for format in ["junit-xml", "html,codequality"] {
            let run = try ConformBinary.run(["run", file.deletingLastPathComponent().path, "--no-config", "--no-isolation", "--quiet",
                                             "--output", output.path, "--format", format])
            #expect(run.status == 64)
            #expect(run.stdout.isEmpty)
            let name = format.split(separator: ",").last.map(String.init) ?? format
            #expect(run.stderr.contains("unknown report format '\(name)' (values: html, markdown, json, junit, sarif)"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test func malformedTagExitsOneWithPositionedFinding() throws {
        let file = try ConformBinary.temporaryFile("<VAST version=\"4.2\">\n<Ad>\n</VAST>")
        let result = try ConformBinary.run(["check", "--no-config", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(file.path):3:8: error: XML: Opening and ending tag mismatch"))
        #expect(result.stdout.contains("[XML-not-well-formed]"))
        #expect(!result.stdout.contains("\u{1B}["), "no colour when piped")
    }

    /// --max-size holds for standard input too, in check and in fix (a pipe has no size to look at first).
    @Test func theSizeLimitHoldsForStandardInput() throws {
        for command in ["check", "fix"] {
            let big = try ConformBinary.run([command, "--no-config", "--max-size", "100", "-"], stdin: Data(Self.valid.utf8))
            #expect(big.status == 2, "\(command): \(big.stdout)")
            #expect(big.stderr.contains("standard input: more than 100 bytes, larger than the limit (see --max-size)"), "\(command): \(big.stderr)")
            #expect(big.stdout.isEmpty, "\(command)")
        }
        let fits = try ConformBinary.run(["check", "--no-config", "--max-size", "\(Self.valid.utf8.count)", "-"], stdin: Data(Self.valid.utf8))
        #expect(fits.status == 0, "\(fits.stdout)\(fits.stderr)")
    }

    @Test func undecodableInputIsReportedOnStandardOutputOnly() throws {
        // Bytes that look like UCS-4: libxml2's own error printing must not reach standard error.
        var bytes: [UInt8] = [0x3C, 0, 0, 0]
        bytes += Array("tra<VAST><Ad><![CDATA[x]]></Ad></VAST>".utf8)
        let result = try ConformBinary.run(["check", "--no-config", "-"], stdin: Data(bytes))
        #expect(result.status == 1)
        #expect(result.stdout.contains("[XML-not-well-formed]"))
        #expect(result.stderr.isEmpty, "standard error: \(result.stderr)")
    }

    @Test func versionNamesTheLibraries() throws {
        let result = try ConformBinary.run(["version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("libxml2 2.") == true)
        #expect(lines.last?.contains("memory allocator tcmalloc ") == true)
    }

    #if os(Linux)
    /// A check that fetches nothing loads no libcurl (nor the TLS, Kerberos and LDAP libraries it needs):
    /// the dynamic loader's own log of the libraries it maps names libxml2 but not libcurl.
    @Test func aCheckWithoutFetchingLoadsNoHTTPLibrary() throws {
        let file = try ConformBinary.temporaryFile(Self.valid)
        let result = try ConformBinary.run(["check", "--no-config", file.path], environment: ["LD_DEBUG": "libs"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("libxml2"), "the loader's log is missing: \(result.stderr.prefix(300))")
        #expect(!result.stderr.contains("libcurl"))
    }
    #endif

    @Test func readsStandardInput() throws {
        let result = try ConformBinary.run(["check", "--no-config", "-"], stdin: Data("<VAST/>".utf8))
        #expect(result.stdout.contains("-:1:1: error:"))
        #expect(result.stdout.contains("[VAST-2.0-root-version]"))
        #expect(result.status == 1)
        let twice = try ConformBinary.run(["check", "--no-config", "-", "-"], stdin: Data("<VAST/>".utf8))
        #expect(twice.status == 64 && twice.stderr.contains("standard input can be read only once"), "\(twice.stderr)")
    }

    @Test func jsonHasModelAndDiagnostics() throws {
        let file = try ConformBinary.temporaryFile(Self.valid)
        let result = try ConformBinary.run(["check", "--no-config", "--format", "json", file.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 1)
        let vast = try #require(json[0]["vast"] as? [String: Any])
        #expect(vast["declaredVersion"] as? String == "4.2")
        #expect(json[0]["diagnostics"] is [Any])
        let summary = try #require(json[0]["summary"] as? [String: Any])
        #expect(summary["mediaFiles"] as? Int == 1)
    }

    /// `--format sarif` gives one SARIF log with a result per finding `--format json` lists (profile findings
    /// included), and the same exit status as the text output.
    @Test func sarifHasAResultPerFinding() throws {
        let broken = try ConformBinary.temporaryFile("<VAST version=\"4.2\">\n<Ad id=\"1\"><InLine><AdTitle>t</AdTitle></InLine></Ad>\n</VAST>")
        let clean = try ConformBinary.temporaryFile(Self.valid)
        let arguments = ["check", "--no-config", "--profile", "pause", broken.path, clean.path]
        let json = try ConformBinary.run(arguments + ["--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        var expected: [String] = []
        for report in reports {
            expected += (report["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["ruleID"] as? String }
            for profile in report["profiles"] as? [[String: Any]] ?? [] {
                expected += (profile["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["ruleID"] as? String }
            }
        }
        #expect(expected.contains("VAST-2.0-inline-adsystem"))

        let sarif = try ConformBinary.run(arguments + ["--format", "sarif"])
        #expect(sarif.status == json.status && sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String }.sorted() == expected.sorted())
        let adsystem = try #require(results.first { $0["ruleId"] as? String == "VAST-2.0-inline-adsystem" })
        #expect(adsystem["level"] as? String == "error")
        let physical = try #require((adsystem["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "file://" + broken.path)
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 2)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let described = try #require(rules.first { $0["id"] as? String == "VAST-2.0-inline-adsystem" })
        #expect((described["shortDescription"] as? [String: Any])?["text"] as? String != "VAST-2.0-inline-adsystem",
                "the rule is described from the catalogue")
    }

    @Test func githubFormatAnnotatesEachFinding() throws {
        let broken = try ConformBinary.temporaryFile("<VAST version=\"4.2\">\n<Ad id=\"1\"><InLine><AdTitle>t</AdTitle></InLine></Ad>\n</VAST>")
        let result = try ConformBinary.run(["check", "--no-config", "--format", "github", broken.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("::error file=\(broken.path),line=2,") && $0.contains("title=conform%3A VAST-2.0-inline-adsystem::") })
        #expect(lines.last?.hasPrefix("::notice title=conform::conform check: 1 input, ") == true)
        let clean = try ConformBinary.temporaryFile(Self.valid)
        let quiet = try ConformBinary.run(["check", "--no-config", "--format", "github", clean.path])
        #expect(quiet.status == 0)
        #expect(!quiet.stdout.contains("::error "))
        #expect(quiet.stdout.split(separator: "\n").last?.hasPrefix("::notice title=conform::conform check: 1 input, 0 errors, ") == true)
    }

    @Test func junitHasATestCasePerInputFailedAtTheThreshold() throws {
        let broken = try ConformBinary.temporaryFile("<VAST version=\"4.2\">\n<Ad id=\"1\"><InLine><AdTitle>t</AdTitle></InLine></Ad>\n</VAST>")
        let clean = try ConformBinary.temporaryFile(Self.valid)
        let result = try ConformBinary.run(["check", "--no-config", "--format", "junit", broken.path, clean.path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"conform check\" tests=\"2\" failures=\"1\""))
        #expect(result.stdout.contains("<testcase name=\"\(broken.path)\" classname=\"conform.check\""))
        #expect(result.stdout.contains("<failure message=\"") && result.stdout.contains("[VAST-2.0-inline-adsystem]"))
        // The clean tag's warnings fail it only under --strict.
        let strict = try ConformBinary.run(["check", "--no-config", "--strict", "--format", "junit", broken.path, clean.path])
        #expect(strict.stdout.contains("failures=\"2\""))
    }

    @Test func badUsageExits64() throws {
        #expect(try ConformBinary.run(["check"]).status == 64)
        #expect(try ConformBinary.run(["check", "--format", "yaml", "x.xml"]).status == 64)
        #expect(try ConformBinary.run(["check", "--bogus", "x.xml"]).status == 64)
        let unknown = try ConformBinary.run(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Error: unknown subcommand 'frobnicate'\n"))
        let typo = try ConformBinary.run(["chek", "x.xml"])
        #expect(typo.status == 64 && typo.stderr.contains("unknown subcommand 'chek'; did you mean check?"), "\(typo.stderr)")
    }

    @Test func missingFileExitsTwo() throws {
        let result = try ConformBinary.run(["check", "--no-config", "/nonexistent/tag.xml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no such file"))
    }

    @Test func helpTeaches() throws {
        let top = try ConformBinary.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("SUBCOMMANDS"))
        let check = try ConformBinary.run(["check", "--help"])
        #expect(check.stdout.contains("OPTIONS") && check.stdout.contains("EXIT CODES") && check.stdout.contains("EXAMPLES"))
    }

    @Test func configurationTurnsARuleOffAndMalformedConfigIsAnError() throws {
        let file = try ConformBinary.temporaryFile("<VAST/>")
        let dir = file.deletingLastPathComponent()
        try #"{"version": 1, "rules": {"VAST-2.0-root-version": "off", "NO-SUCH-RULE": "error"}}"#
            .write(to: dir.appendingPathComponent(".conform.json"), atomically: false, encoding: .utf8)
        let off = try ConformBinary.run(["check", "tag.xml"], directory: dir)
        #expect(!off.stdout.contains("VAST-2.0-root-version"))
        #expect(off.stderr.contains("unknown rule id \"NO-SUCH-RULE\""))
        try "{ not json".write(to: dir.appendingPathComponent(".conform.json"), atomically: false, encoding: .utf8)
        let broken = try ConformBinary.run(["check", "tag.xml"], directory: dir)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("malformed configuration"))
        try #"{"version": 9}"#.write(to: dir.appendingPathComponent(".conform.json"), atomically: false, encoding: .utf8)
        let newer = try ConformBinary.run(["check", "tag.xml"], directory: dir)
        #expect(newer.status == 2)
        #expect(newer.stderr.contains("newer than this conform supports"))
    }
}

@Suite(.enabled(if: ConformBinary.url != nil, "the conform binary was not built next to the tests"))
struct FollowWithProfileTests {
    /// With --follow, the pause profile sees every Wrapper of the chain: their pixels join the InLine's.
    @Test func pauseProfileIncludesWrapperPixels() throws {
        let wrapper = try ConformBinary.temporaryFile("""
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>w</AdSystem>
            <VASTAdTagURI><![CDATA[https://ads.example.org/inline.xml]]></VASTAdTagURI>
            <Impression><![CDATA[https://w.example.org/imp]]></Impression>
            <Creatives><Creative><NonLinearAds><TrackingEvents><Tracking event="close"><![CDATA[https://w.example.org/close]]></Tracking></TrackingEvents></NonLinearAds></Creative></Creatives>
            </Wrapper></Ad></VAST>
            """, name: "w.xml")
        let dir = wrapper.deletingLastPathComponent()
        try """
            <VAST version="4.2"><Ad id="p"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><AdServingId>p-1</AdServingId>
            <Impression><![CDATA[https://i.example.org/imp]]></Impression>
            <Creatives><Creative><UniversalAdId idRegistry="unknown">unknown</UniversalAdId><NonLinearAds>
            <NonLinear id="n" width="640" height="360"><StaticResource creativeType="image/png"><![CDATA[https://cdn.example.org/p.png]]></StaticResource></NonLinear>
            <TrackingEvents><Tracking event="close"><![CDATA[https://i.example.org/close]]></Tracking></TrackingEvents>
            </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
            """.write(to: dir.appendingPathComponent("i.xml"), atomically: false, encoding: .utf8)
        try #"{"https://ads.example.org/inline.xml": "i.xml"}"#.write(to: dir.appendingPathComponent("map.json"), atomically: false, encoding: .utf8)
        let result = try ConformBinary.run(
            ["check", "--no-config", "--follow", "--map", "map.json", "--profile", "pause", "--format", "json", "w.xml"], directory: dir)
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let pause = try #require((json.first?["profiles"] as? [[String: Any]])?.first)
        #expect(pause["eligible"] as? Bool == true)
        let pixels = try #require(pause["pixels"] as? [String: Any])
        let impressions = try #require(pixels["impression"] as? [[String: Any]])
        #expect(impressions.compactMap { $0["url"] as? String } == ["https://w.example.org/imp", "https://i.example.org/imp"])
        let close = try #require(pixels["close"] as? [[String: Any]])
        #expect(close.compactMap { $0["url"] as? String } == ["https://w.example.org/close", "https://i.example.org/close"])
    }
}
