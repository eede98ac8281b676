import ConformCore
import Foundation
import Testing
import VAST
import XMLCore
@testable import Validation

/// `conform fix`'s repairs: only the rewritten elements change, every repair is checked, and nothing uncertain
/// is touched.
@Suite struct TagFixerTests {
    static func tag(_ body: String, version: String = "4.2", prefix: String = "") -> String {
        prefix + """
            <VAST version="\(version)">
              <Ad id="1">
                <InLine>
                  <AdSystem version="1">x</AdSystem>
                  <AdTitle>t</AdTitle>
                  <AdServingId>s</AdServingId>
            \(body)
                  <Creatives/>
                </InLine>
              </Ad>
            </VAST>
            """
    }

    static func repair(_ text: String, configuration: Configuration = .default) throws -> TagFixer.Outcome {
        try TagFixer.repair(Data(text.utf8), configuration: configuration)
    }

    static func ids(_ diagnostics: [Diagnostic]) -> Set<String> { Set(diagnostics.map(\.ruleID)) }

    @Test func aURLIsRepairedInPlaceAndNothingElseMoves() throws {
        let text = Self.tag("""
                  <!-- a comment that stays -->
                  <Impression id="a">
                    https://imp.adsrv.net/i?a=1&amp;cb=[cachebusting]&amp;k=a|b&amp;c=${CAMPAIGN}&amp;s=%%SITE%%&amp;d={{DEAL}}&amp;n=é
                  </Impression>
                  <Error><![CDATA[https://err.adsrv.net/e?code=[ERRORCODE]&amp;x=1]]></Error>
            """)
        let outcome = try Self.repair(text)
        let fixed = String(decoding: outcome.fixed, as: UTF8.self)
        let expected = text
            .replacingOccurrences(of: """
                <Impression id="a">
                        https://imp.adsrv.net/i?a=1&amp;cb=[cachebusting]&amp;k=a|b&amp;c=${CAMPAIGN}&amp;s=%%SITE%%&amp;d={{DEAL}}&amp;n=é
                      </Impression>
                """, with: """
                <Impression id="a"><![CDATA[https://imp.adsrv.net/i?a=1&cb=[CACHEBUSTING]&k=a%7Cb&c=${CAMPAIGN}&s=%%SITE%%&d={{DEAL}}&n=%C3%A9]]></Impression>
                """)
            .replacingOccurrences(of: "[ERRORCODE]&amp;x=1", with: "[ERRORCODE]&x=1")
        #expect(expected != text)
        #expect(fixed == expected)
        #expect(outcome.edits.map(\.ruleIDs) == [
            ["VAST-2.0-macro-case", "VAST-2.0-url-cdata", "VAST-2.0-url-unencoded"], ["VAST-2.0-url-cdata-escaped-ampersand"],
        ])
        #expect(outcome.edits.map(\.elementName) == ["Impression", "Error"])
        #expect(Self.ids(outcome.remaining).isDisjoint(with: TagFixer.fixes.keys))
        // Repairing again finds nothing to repair.
        #expect(try TagFixer.repair(outcome.fixed).edits.isEmpty)
    }

    @Test func positionsAreFoundPastMultibyteCharactersCRLFAndAByteOrderMark() throws {
        let text = "\u{FEFF}" + Self.tag("""
                  <AdDescription>ünïcödé</AdDescription><Impression>https://imp.adsrv.net/é</Impression>
            """).replacingOccurrences(of: "\n", with: "\r\n")
        let outcome = try Self.repair(text)
        let fixed = String(decoding: outcome.fixed, as: UTF8.self)
        #expect(fixed.contains("<AdDescription>ünïcödé</AdDescription><Impression><![CDATA[https://imp.adsrv.net/%C3%A9]]></Impression>\r\n"),
                "\(fixed)")
        #expect(fixed.hasPrefix("\u{FEFF}<VAST"))
        #expect(outcome.fixed.count == Data(text.utf8).count + "<![CDATA[]]>".utf8.count + "%C3%A9".utf8.count - "é".utf8.count)
    }

    @Test func uncertainElementsAreLeftAlone() throws {
        // A comment inside the element, and a directive-suppressed finding.
        let text = Self.tag("""
                  <Impression>https://imp.adsrv.net/a<!-- keep --></Impression>
                  <!-- conform-disable-next-line VAST-2.0-url-cdata -->
                  <Impression>https://imp.adsrv.net/c</Impression>
                  <Impression>https://imp.adsrv.net/d</Impression>
            """)
        let outcome = try Self.repair(text)
        #expect(outcome.edits.count == 1)
        #expect(outcome.edits.first?.after == "<![CDATA[https://imp.adsrv.net/d]]>")
        // The one with a comment is still reported; the switched-off one is not a finding, and stays as written.
        #expect(outcome.remaining.filter { $0.ruleID == "VAST-2.0-url-cdata" }.count == 1)
        let fixed = String(decoding: outcome.fixed, as: UTF8.self)
        #expect(fixed.contains("<Impression>https://imp.adsrv.net/a<!-- keep --></Impression>"))
        #expect(fixed.contains("<Impression>https://imp.adsrv.net/c</Impression>"))
        // A rule switched off has nothing to repair.
        let off = try Self.repair(text, configuration: Configuration(rules: ["VAST-2.0-url-cdata": .off]))
        #expect(off.edits.isEmpty && off.fixed == Data(text.utf8))
    }

    @Test func aValueHoldingTheEndOfCDATAIsNotPutInCDATA() throws {
        // In a URL, > is percent-encoded, so ]]> cannot stay; in an extension's value it would, and CDATA cannot hold it.
        let url = try Self.repair(Self.tag("      <Impression>https://imp.adsrv.net/b?x=]]&gt;</Impression>"))
        #expect(url.edits.map(\.after) == ["<![CDATA[https://imp.adsrv.net/b?x=]]%3E]]>"])
        let ext = Self.tag("""
                  <Extensions><Extension type="notes"><Note>a &lt; b</Note><Other>c &lt; ]]&gt;</Other></Extension></Extensions>
            """)
        let outcome = try Self.repair(ext)
        #expect(outcome.edits.map(\.after) == ["<![CDATA[a < b]]>"])
        #expect(outcome.remaining.filter { $0.ruleID == "VAST-2.0-extension-cdata" }.count == 1)
    }

    @Test func textOutsideCDATAStaysEscapedText() throws {
        // Only the macro case is repaired when CDATA is not asked for: the text stays text, escaped.
        let text = Self.tag("      <Impression>https://imp.adsrv.net/i?a=1&amp;cb=[cachebusting]</Impression>")
        let outcome = try Self.repair(text, configuration: Configuration(rules: ["VAST-2.0-url-cdata": .off]))
        #expect(outcome.edits.map(\.after) == ["https://imp.adsrv.net/i?a=1&amp;cb=[CACHEBUSTING]"])
    }

    @Test func refusals() throws {
        #expect(throws: TagFixer.Refusal.notWellFormed) { try Self.repair("<VAST version=\"4.2\"><Ad></VAST>") }
        let utf16 = try #require(Self.tag("<Impression>https://imp.adsrv.net/i</Impression>").data(using: .utf16))
        #expect(throws: TagFixer.Refusal.notUTF8) { try TagFixer.repair(utf16) }
        let clean = Self.tag("      <Impression><![CDATA[https://imp.adsrv.net/i]]></Impression>")
        let outcome = try Self.repair(clean)
        #expect(outcome.edits.isEmpty && outcome.fixed == Data(clean.utf8))
    }

    /// Every invalid example of every rule with a repair: the repair takes the rule's findings away, and adds none.
    @Test(arguments: TagFixer.fixes.keys.sorted())
    func everyInvalidExampleOfARepairableRuleIsRepaired(ruleID: String) throws {
        let description = try #require(AllRules.descriptions.first { $0.id == ruleID })
        for example in description.invalidExamples {
            let data = Data(example.cleanText.utf8)
            let before = Validator.validate(VASTDecoder.decode(data))
            #expect(before.contains { $0.ruleID == ruleID })
            let outcome = try TagFixer.repair(data)
            #expect(!outcome.edits.isEmpty, "\(example.sourceFile):\(example.sourceLine)")
            #expect(!outcome.remaining.contains { $0.ruleID == ruleID }, "\(example.sourceFile):\(example.sourceLine): \(outcome.remaining)")
            #expect(outcome.remaining.count < before.count)
        }
    }

    @Test(.enabled(if: IABSamples.available, "the IAB samples are not present"))
    func theIABSamplesAreRepairedWithoutARefusal() throws {
        var repaired = 0
        for relative in IABSamples.files {
            let data = try Data(contentsOf: IABSamples.directory.appendingPathComponent(relative))
            let before = Validator.validate(VASTDecoder.decode(data))
            let outcome = try TagFixer.repair(data)
            repaired += outcome.edits.count
            // Every finding of a repairable rule is gone; every other rule keeps its count.
            #expect(!outcome.remaining.contains { TagFixer.fixes[$0.ruleID] != nil }, "\(relative)")
            let others = { (found: [Diagnostic]) in Dictionary(grouping: found.filter { TagFixer.fixes[$0.ruleID] == nil }, by: \.ruleID).mapValues(\.count) }
            #expect(others(outcome.remaining) == others(before), "\(relative)")
        }
        #expect(repaired > 100)
    }
}
