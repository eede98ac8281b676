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

    static let attributeTag = tag("""
              <Pricing model="Cpm" currency="USD">1.5</Pricing>
              <Impression><![CDATA[https://imp.adsrv.net/i]]></Impression>
        """).replacingOccurrences(of: "<Creatives/>", with: """
        <Creatives><Creative><Linear><Duration>00:00:15</Duration><TrackingEvents>
                  <Tracking event="start"><![CDATA[https://t.adsrv.net/0]]></Tracking>
                  <Tracking event="FirstQuartile"><![CDATA[https://t.adsrv.net/25]]></Tracking>
                  <Tracking event="midpoint"><![CDATA[https://t.adsrv.net/50]]></Tracking>
                  <Tracking event="thirdQuartile"><![CDATA[https://t.adsrv.net/75]]></Tracking>
                  <Tracking event="complete"><![CDATA[https://t.adsrv.net/100]]></Tracking>
                  <Tracking event="bogus"><![CDATA[https://t.adsrv.net/x]]></Tracking>
                </TrackingEvents><MediaFiles>
                  <MediaFile delivery = 'Progressive' type="video/mp4" width="640" height="360"><![CDATA[https://cdn.adsrv.net/a.mp4]]></MediaFile>
                </MediaFiles></Linear></Creative></Creatives>
        """)

    @Test func anAttributeSpeltInAnotherCaseIsRewrittenAndNothingElse() throws {
        let outcome = try Self.repair(Self.attributeTag)
        let fixed = String(decoding: outcome.fixed, as: UTF8.self)
        let expected = Self.attributeTag
            .replacingOccurrences(of: #"model="Cpm""#, with: #"model="cpm""#)
            .replacingOccurrences(of: #"event="FirstQuartile""#, with: #"event="firstQuartile""#)
            .replacingOccurrences(of: "delivery = 'Progressive'", with: "delivery = 'progressive'")
        #expect(fixed == expected)
        #expect(outcome.edits.map(\.attribute) == ["model", "event", "delivery"])
        #expect(outcome.edits.map { "\($0.before)>\($0.after)" } == ["Cpm>cpm", "FirstQuartile>firstQuartile", "Progressive>progressive"])
        // "bogus" is no event in any case: left, and still reported.
        #expect(outcome.remaining.filter { $0.ruleID == "VAST-2.0-tracking-event-value" }.count == 1)
        #expect(try TagFixer.repair(outcome.fixed).edits.isEmpty)
        // What `check` counts as repairable is what was repaired: the bogus event is not.
        let input = VASTDecoder.decode(Data(Self.attributeTag.utf8))
        #expect(TagFixer.repairableCount(Validator.validate(input), in: input) == 3)
    }

    @Test func anAttributeWrittenWithAReferenceOrLeavingAGapIsLeftAlone() throws {
        // The value is "Cpm" once read, but rewriting its bytes would drop the reference: left for a hand.
        let referenced = Self.tag(#"      <Pricing model="C&#112;m" currency="USD">1.5</Pricing>"#)
        let outcome = try Self.repair(referenced)
        #expect(outcome.edits.isEmpty && outcome.fixed == Data(referenced.utf8))
        #expect(outcome.remaining.contains { $0.ruleID == "VAST-3.0-pricing-model-case" })
        // A repair that brings a finding of another rule at another element (a lone quartile then leaves gaps at
        // its Linear) is made: the new finding is among those left.
        let lone = Self.tag("").replacingOccurrences(of: "<Creatives/>", with: """
            <Creatives><Creative><Linear><Duration>00:00:15</Duration><TrackingEvents>
            <Tracking event="FirstQuartile"><![CDATA[https://t.adsrv.net/25]]></Tracking>
            </TrackingEvents></Linear></Creative></Creatives>
            """)
        let repaired = try Self.repair(lone)
        #expect(repaired.edits.map(\.after) == ["firstQuartile"])
        #expect(repaired.remaining.contains { $0.ruleID == "VAST-2.0-tracking-quartile-gaps" })
    }

    /// A tab or line break in an attribute value is read as a space; the value is still repaired, from its bytes
    /// as written, and what `check` counts as repairable is what `fix` repairs.
    @Test func anAttributeWithATabOrLineBreakIsRepaired() throws {
        let text = Self.attributeTag.replacingOccurrences(of: "delivery = 'Progressive'", with: "delivery = '\tProgressive\r\n'")
        #expect(text != Self.attributeTag)
        let outcome = try Self.repair(text)
        #expect(outcome.edits.map { "\($0.before)>\($0.after)" }.last == "\tProgressive\r\n>progressive")
        #expect(String(decoding: outcome.fixed, as: UTF8.self).contains("delivery = 'progressive'"))
        let input = VASTDecoder.decode(Data(text.utf8))
        #expect(TagFixer.repairableCount(Validator.validate(input), in: input) == outcome.edits.count)
        #expect(TagFixer.normalizedAttributeValue("a\r\nb\rc\nd\te") == "a b c d e")
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

    /// A repair may let another rule see the ad better: "Start" spelt right counts as start, so the quartiles the
    /// Linear lacks now show (an info finding new to the parent). That is no reason to refuse the repair; the
    /// finding is among those left. A new finding at the repaired element would be.
    @Test func aNewFindingElsewhereDoesNotBlockTheRepair() throws {
        let text = """
            <VAST version="4.2"><Ad id="1"><InLine><AdSystem version="1">x</AdSystem><AdTitle>t</AdTitle><AdServingId>0f9c8a52-6b1e-4c1a-9d3e-7a2b5c8e1f40</AdServingId>
            <Impression><![CDATA[https://i.adsrv.net/i?sid=0f9c8a52-6b1e-4c1a-9d3e-7a2b5c8e1f40]]></Impression>
            <Creatives><Creative><UniversalAdId idRegistry="ad-id.org">CNFM0001000H</UniversalAdId><Linear><Duration>00:00:10</Duration>
            <TrackingEvents><Tracking event="Start"><![CDATA[https://t.adsrv.net/s]]></Tracking></TrackingEvents>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://c.adsrv.net/a.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let before = Validator.validate(VASTDecoder.decode(text)).map(\.ruleID)
        #expect(before.contains("VAST-2.0-tracking-linear-coverage") && !before.contains("VAST-2.0-tracking-quartile-gaps"))
        let outcome = try Self.repair(text)
        #expect(outcome.edits.map(\.after) == ["start"])
        let after = outcome.remaining.map(\.ruleID)
        #expect(after.contains("VAST-2.0-tracking-quartile-gaps") && !after.contains("VAST-2.0-tracking-event-value")
                && !after.contains("VAST-2.0-tracking-linear-coverage"), "\(after)")
    }

    @Test func refusals() throws {
        #expect(throws: TagFixer.Refusal.notWellFormed) { try Self.repair("<VAST version=\"4.2\"><Ad></VAST>") }
        let utf16 = try #require(Self.tag("<Impression>https://imp.adsrv.net/i</Impression>").data(using: .utf16))
        #expect(throws: TagFixer.Refusal.notUTF8) { try TagFixer.repair(utf16) }
        // An ISO-8859-1 tag with a finding to repair: writing UTF-8 bytes would corrupt its "é" (0xE9), so it is
        // refused whether or not its bytes happen to be valid UTF-8.
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + Self.tag("<Impression>https://imp.adsrv.net/i?t=caf\u{E9}&amp;cb=[cachebusting]</Impression>")
        #expect(throws: TagFixer.Refusal.notUTF8) { try TagFixer.repair(try #require(latin1.data(using: .isoLatin1))) }
        let ascii = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + Self.tag("<Impression>https://imp.adsrv.net/i?cb=[cachebusting]</Impression>")
        #expect(throws: TagFixer.Refusal.notUTF8) { try TagFixer.repair(Data(ascii.utf8)) }
        // Bytes that are not UTF-8 without any declaration, and a declaration naming UTF-8 in single quotes.
        #expect(throws: TagFixer.Refusal.notUTF8) { try TagFixer.repair(Data([0x3C, 0x56, 0xE9, 0x3E])) }
        let declared = "<?xml version='1.0' encoding='utf-8'?>\n" + Self.tag("<Impression>https://imp.adsrv.net/i?cb=[cachebusting]</Impression>")
        #expect(!(try Self.repair(declared)).edits.isEmpty)
        let clean = Self.tag("      <Impression><![CDATA[https://imp.adsrv.net/i]]></Impression>")
        let outcome = try Self.repair(clean)
        #expect(outcome.edits.isEmpty && outcome.fixed == Data(clean.utf8))
    }

    /// Every invalid example of every rule with a repair: the repair takes the rule's findings away, and adds none.
    /// A rule that rewrites an attribute repairs only values with a certain repair (a spelling in another case), and
    /// leaves the others as they are; each such rule has examples of both kinds, all of another rule's are repaired.
    @Test(arguments: TagFixer.fixes.keys.sorted())
    func everyInvalidExampleOfARepairableRuleIsRepaired(ruleID: String) throws {
        let description = try #require(AllRules.descriptions.first { $0.id == ruleID })
        var repairedExamples = 0
        for example in description.invalidExamples {
            let data = Data(example.cleanText.utf8)
            let input = VASTDecoder.decode(data)
            let before = Validator.validate(input)
            #expect(before.contains { $0.ruleID == ruleID })
            let outcome = try TagFixer.repair(data)
            let where_ = "\(example.sourceFile):\(example.sourceLine)"
            if TagFixer.repairableCount(before.filter { $0.ruleID == ruleID }, in: input) > 0 {
                repairedExamples += 1
                #expect(!outcome.edits.isEmpty, "\(where_)")
                #expect(!outcome.remaining.contains { $0.ruleID == ruleID }, "\(where_): \(outcome.remaining)")
                #expect(outcome.remaining.count < before.count)
            } else {
                #expect(TagFixer.attributeFixes[ruleID] != nil, "\(where_): every finding of a content rule has a repair")
                #expect(!outcome.edits.contains { $0.ruleIDs.contains(ruleID) }, "\(where_)")
                #expect(outcome.remaining.contains { $0.ruleID == ruleID }, "\(where_)")
            }
        }
        #expect(repairedExamples > 0)
        if TagFixer.attributeFixes[ruleID] != nil, ruleID != "VAST-3.0-pricing-model-case" {
            #expect(repairedExamples < description.invalidExamples.count, "an example the repair leaves alone")
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
