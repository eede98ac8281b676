import ConformCore
import Foundation
import Testing
import VAST
import XMLCore
@testable import Validation

/// Directive comments in a tag switch findings off where they say, and say what is wrong with themselves.
@Suite struct SourceDirectiveTests {
    /// Two Impressions and an Error, all http and outside CDATA, on lines 6, 7 and 9 (after directives as given).
    static func tag(_ directives: [Int: String], version: String = "4.2") -> String {
        var lines = [
            "<VAST version=\"\(version)\">",
            "<Ad id=\"1\">",
            "<InLine>",
            "<AdSystem version=\"1\">x</AdSystem>",
            "<AdTitle>t</AdTitle>",
            "<Impression>http://ads.example.org/i1</Impression>",
            "<Impression>http://ads.example.org/i2</Impression>",
            "<Creatives/>",
            "<Error>http://ads.example.org/e</Error>",
            "</InLine>",
            "</Ad>",
            "</VAST>",
        ]
        // Inserted from the last line up, so each key is the line the comment is put before in the list above.
        for (line, text) in directives.sorted(by: { $0.key > $1.key }) { lines.insert("<!-- \(text) -->", at: line - 1) }
        return lines.joined(separator: "\n")
    }

    static func result(_ text: String, configuration: Configuration = .default) -> ValidationResult {
        Validator.results(batch: [VASTDecoder.decode(text)], configuration: configuration)[0]
    }

    static func lines(_ diagnostics: [Diagnostic], rule: String) -> [Int] {
        diagnostics.filter { $0.ruleID == rule }.compactMap(\.position?.line)
    }

    @Test func withoutDirectivesEveryURLIsReported() {
        let found = Self.result(Self.tag([:])).findings
        #expect(Self.lines(found, rule: "VAST-2.0-url-http") == [6, 7, 9])
    }

    @Test func nextLineCoversOnlyTheLineAfterTheComment() {
        let result = Self.result(Self.tag([6: "conform-disable-next-line VAST-2.0-url-http: partner pixel"]))
        // The comment is line 6; the Impressions are now 7 and 8, the Error 10.
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http") == [8, 10])
        #expect(result.suppressed.map(\.diagnostic.position?.line) == [7])
        #expect(result.suppressed.first?.reason == "partner pixel")
        #expect(result.suppressed.first?.directive == "conform-disable-next-line")
        #expect(result.suppressed.first?.directivePosition == SourcePosition(line: 6, column: 1))
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-cdata") == [7, 8, 10], "other rules are untouched")
    }

    @Test func aMultiLineCommentCoversTheLineAfterItsEnd() {
        let result = Self.result(Self.tag([6: "conform-disable-next-line\n  VAST-2.0-url-http"]))
        // The comment takes lines 6 and 7; the Impressions are 8 and 9.
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http") == [9, 11])
    }

    @Test func sameLineCoversTheCommentsLine() {
        let text = Self.tag([:]).replacingOccurrences(
            of: "<Impression>http://ads.example.org/i2</Impression>",
            with: "<Impression>http://ads.example.org/i2</Impression><!-- conform-disable-line VAST-2.0-url-http, VAST-2.0-url-cdata -->")
        let result = Self.result(text)
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http") == [6, 9])
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-cdata") == [6, 9])
        #expect(result.suppressed.count == 2)
    }

    @Test func aRangeRunsToTheEnableThatNamesItsRule() {
        let result = Self.result(Self.tag([6: "conform-disable VAST-2.0-url-http", 8: "conform-enable VAST-2.0-url-http"]))
        // Impressions 7 and 8 covered; the enable (now line 9) ends it before the Error (line 11).
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http") == [11])
        let other = Self.result(Self.tag([6: "conform-disable VAST-2.0-url-http", 8: "conform-enable VAST-2.0-url-cdata"]))
        #expect(Self.lines(other.findings, rule: "VAST-2.0-url-http").isEmpty, "an enable of another rule ends nothing")
        let misspelt = Self.result(Self.tag([6: "conform-disable VAST-2.0-url-http", 8: "conform-enable VAST-2.0-url-htp"]))
        #expect(Self.lines(misspelt.findings, rule: "VAST-2.0-url-http").isEmpty, "an enable of a misspelt name ends nothing")
        #expect(Self.lines(misspelt.findings, rule: "DIRECTIVE-invalid") == [9])
        let bare = Self.result(Self.tag([6: "conform-disable VAST-2.0-url-http", 8: "conform-enable"]))
        #expect(Self.lines(bare.findings, rule: "VAST-2.0-url-http") == [11], "a bare enable ends every range")
    }

    @Test func patternsAndFormerIDsName() {
        let result = Self.result(Self.tag([1: "conform-disable VAST-*-url-http, *-url-cdata"]))
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http").isEmpty)
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-cdata").isEmpty)
        #expect(!result.findings.contains { $0.ruleID.hasPrefix("DIRECTIVE-") })
    }

    @Test func aRangeBeforeTheRootThatNothingEndsCoversFindingsWithoutALine() {
        let finding = Diagnostic(ruleID: "VAST-2.0-url-http", severity: .warning, message: "m", position: nil)
        var whole = SourceDirectives(XMLParser.parse("<!-- conform-disable VAST-2.0-url-http -->\n<VAST version=\"4.2\"/>"))
        #expect(whole.apply(to: [finding]).kept.isEmpty)
        var inside = SourceDirectives(XMLParser.parse("<VAST version=\"4.2\"><!-- conform-disable VAST-2.0-url-http --></VAST>"))
        #expect(inside.apply(to: [finding]).kept.count == 1)
        var ended = SourceDirectives(XMLParser.parse(
            "<!-- conform-disable VAST-2.0-url-http -->\n<VAST version=\"4.2\"><!-- conform-enable --></VAST>"))
        #expect(ended.apply(to: [finding]).kept.count == 1)
    }

    @Test func problemsAreReportedAtTheComment() {
        let result = Self.result(Self.tag([
            2: "conform-disabel VAST-2.0-url-http",
            3: "conform-disable-next-line VAST-2.0-url-htp",
            4: "conform-disable-line",
            5: "conform-disable VAST-4.1-verification-vendor-domain",
        ]))
        let problems = result.findings.filter { $0.ruleID == "DIRECTIVE-invalid" }
        // Each comment goes before its original line, so they end up on every other line.
        #expect(problems.compactMap(\.position?.line) == [2, 4, 6, 8])
        #expect(problems.allSatisfy { $0.severity == .warning })
        #expect(problems[0].message.contains("not a conform directive"))
        #expect(problems[1].message.contains("did you mean VAST-2.0-url-http"))
        #expect(problems[3].message.contains("now VAST-4.1-verification-vendor-format"))
        // None of them switched anything off.
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http") == [10, 11, 13])
    }

    @Test func directiveFindingsCannotBeSwitchedOffByDirectives() {
        let result = Self.result(Self.tag([1: "conform-disable *", 2: "conform-disable-line NO-such-rule"]))
        #expect(Self.lines(result.findings, rule: "DIRECTIVE-invalid") == [3])
        #expect(!result.findings.contains { $0.ruleID == "VAST-2.0-url-http" })
    }

    @Test func unusedNamesAreReportedButNotThoseOfLaterChecks() {
        let result = Self.result(Self.tag([
            1: "conform-disable-next-line VAST-2.0-url-http, XSD-schema-violation, PROFILE-pause-image-size, CHAIN-loop",
        ]))
        let unused = result.findings.filter { $0.ruleID == "DIRECTIVE-unused" }
        #expect(unused.map(\.message) == ["conform-disable-next-line VAST-2.0-url-http: no finding of this rule on line 2"])
        #expect(unused.first?.severity == .info)
        #expect(!result.findings.contains { $0.ruleID == "DIRECTIVE-invalid" }, "\(result.findings.filter { $0.ruleID == "DIRECTIVE-invalid" })")
    }

    @Test func theConfigurationSettlesWhetherDirectivesCount() {
        let text = Self.tag([6: "conform-disable-next-line VAST-2.0-url-http", 1: "conform-disabel x"])
        var configuration = Configuration()
        configuration.inlineDirectives = false
        let result = Self.result(text, configuration: configuration)
        #expect(result.suppressed.isEmpty)
        #expect(!result.findings.contains { $0.ruleID.hasPrefix("DIRECTIVE-") })
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http").count == 3)
        // Severity settings apply to the directive rules as to any other.
        let quiet = Self.result(text, configuration: Configuration(rules: ["DIRECTIVE-invalid": .off]))
        #expect(!quiet.findings.contains { $0.ruleID == "DIRECTIVE-invalid" })
        #expect(quiet.suppressed.count == 1)
        // A directive naming only switched-off rules is not unused: those rules did not run.
        let off = Self.result(Self.tag([1: "conform-disable-next-line VAST-2.0-url-http"]),
                              configuration: Configuration(rules: ["VAST-2.0-url-http": .off]))
        #expect(!off.findings.contains { $0.ruleID == "DIRECTIVE-unused" })
    }

    @Test func aBatchGivesWhatEachInputGivesAlone() {
        let texts = [
            Self.tag([6: "conform-disable-next-line VAST-2.0-url-http"]),
            Self.tag([:]),
            Self.tag([1: "conform-disable VAST-2.0-url-*", 3: "conform-disable-line VAST-2.0-url-http"]),
        ]
        let inputs = texts.map { VASTDecoder.decode($0) }
        let batch = Validator.results(batch: inputs, files: ["a", "b", "c"])
        for (index, input) in inputs.enumerated() {
            let alone = Validator.results(batch: [input], files: [["a", "b", "c"][index]])[0]
            #expect(batch[index].findings == alone.findings)
            #expect(batch[index].suppressed == alone.suppressed)
            #expect(batch[index].suppressed.allSatisfy { $0.diagnostic.file == ["a", "b", "c"][index] })
        }
    }

    @Test func aTagWithThousandsOfDirectivesKeepsTheFirstOnes() {
        // Each Impression is preceded by a directive for it: 3,000 of them, far past what the parser keeps.
        var lines = ["<VAST version=\"4.2\"><Ad id=\"1\"><InLine><AdSystem version=\"1\">x</AdSystem><AdTitle>t</AdTitle>"]
        for k in 0 ..< 3000 {
            lines.append("<!-- conform-disable-next-line VAST-2.0-url-http -->")
            lines.append("<Impression><![CDATA[http://imp.adsrv.net/\(k)]]></Impression>")
        }
        lines.append("<Creatives/></InLine></Ad></VAST>")
        let input = VASTDecoder.decode(lines.joined(separator: "\n"))
        #expect(input.xml.directives.count == XMLDocument.maxDirectives && input.xml.directivesTruncated)
        let result = Validator.results(batch: [input])[0]
        #expect(result.suppressed.count == XMLDocument.maxDirectives)
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http").count == 3000 - XMLDocument.maxDirectives)
        let problems = result.findings.filter { $0.ruleID == "DIRECTIVE-invalid" }
        #expect(problems.count == 1 && problems[0].message.hasPrefix("more than 256 directive comments"))
        #expect(problems.first?.position?.line == 2 * XMLDocument.maxDirectives)
    }

    @Test func directivesInAVMAPCoverItsEmbeddedVAST() {
        let vmap = """
            <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
              <vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre">
                <vmap:AdSource id="a"><vmap:VASTAdData>
                  <VAST version="4.2"><Ad id="1"><InLine><AdSystem version="1">x</AdSystem><AdTitle>t</AdTitle>
                  <!-- conform-disable-next-line VAST-2.0-url-http -->
                  <Impression>http://ads.example.org/i</Impression><Creatives/></InLine></Ad></VAST>
                </vmap:VASTAdData></vmap:AdSource>
              </vmap:AdBreak>
            </vmap:VMAP>
            """
        let result = Self.result(vmap)
        #expect(Self.lines(result.findings, rule: "VAST-2.0-url-http").isEmpty)
        #expect(result.suppressed.map(\.diagnostic.ruleID) == ["VAST-2.0-url-http"])
    }
}
