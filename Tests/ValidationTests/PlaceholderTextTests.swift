import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// The placeholder rules compare whole values only: a real name that contains a placeholder word, or brackets
/// around ordinary words, is not a placeholder.
@Suite struct PlaceholderTextTests {
    @Test(arguments: [
        ("test", true), ("TEST", true), (" Ad_Title ", true), ("ad-title", true), ("Lorem   Ipsum", true), ("N/A", true),
        ("${AD_TITLE}", true), ("{{title}}", true), ("%%TITLE%%", true), ("[TITLE]", true), ("[AD_TITLE_2]", true),
        ("VAST 2.0 Instream Test 1", false), ("Test drive the new model", false), ("[Spring] sale", false), ("[title]", false),
        ("${}", false), ("{{ two words }}", false), ("%%%%", false), ("iabtechlab video ad", false), ("5773100", false), ("NA", false), ("", false),
    ])
    func titles(value: String, isPlaceholder: Bool) {
        #expect(PlaceholderText.isPlaceholder(value.trimmingCharacters(in: .whitespaces), words: PlaceholderText.titles) == isPlaceholder)
    }

    @Test func foldingReadsSeparatorsAsOneSpace() {
        #expect(PlaceholderText.folded("  Ad__Server - X ") == "ad server x")
        #expect(PlaceholderText.folded("AdSystem") == "adsystem")
        #expect(PlaceholderText.folded("test   \t  server") == "test server")
        // Longer than every placeholder word, or not ASCII: no folded form to compare.
        #expect(PlaceholderText.folded("iabtechlab video ad") == nil)
        #expect(PlaceholderText.folded("tést") == nil)
        #expect(PlaceholderText.isTemplateSlot("${AD_TITLE}") && !PlaceholderText.isTemplateSlot("${A B}"))
    }

    @Test func systemsAndTitlesKeepTheirOwnWords() {
        #expect(PlaceholderText.isPlaceholder("Ad Server", words: PlaceholderText.systems))
        #expect(!PlaceholderText.isPlaceholder("Ad Server", words: PlaceholderText.titles))
        #expect(PlaceholderText.isPlaceholder("Untitled", words: PlaceholderText.titles))
        #expect(!PlaceholderText.isPlaceholder("Untitled", words: PlaceholderText.systems))
        #expect(!PlaceholderText.isPlaceholder("Acudeo Compatible", words: PlaceholderText.systems))
    }

    /// The rules read the values the decoder trimmed: a placeholder title surrounded by white space and written in
    /// CDATA is found, and the finding points at the element.
    @Test func rulesReadDecodedValues() {
        let tag = "<VAST version=\"4.2\"><Ad id=\"1\"><InLine><AdSystem>  unknown </AdSystem>\n<AdTitle>\n  <![CDATA[ Test ]]>\n</AdTitle></InLine></Ad></VAST>"
        let findings = Validator.validate(VASTDecoder.decode(Data(tag.utf8)))
        let title = findings.filter { $0.ruleID == "VAST-2.0-adtitle-placeholder" }
        let system = findings.filter { $0.ruleID == "VAST-2.0-adsystem-placeholder" }
        #expect(title.map(\.position) == [SourcePosition(line: 2, column: 1)])
        #expect(system.count == 1)
        #expect(findings.contains { $0.ruleID == "VAST-2.0-adsystem-version" })
    }

    /// The escaped-text rule walks an extension's payload to its leaves, however deep, and reports each leaf
    /// once; the VAST-element rule reads only the payload's top level.
    @Test func extensionPayloadsAreWalkedToTheirLeaves() {
        let depth = 200
        let payload = String(repeating: "<n>", count: depth) + "a &amp; b" + String(repeating: "</n>", count: depth)
        let tag = "<VAST version=\"4.2\"><Ad id=\"1\"><InLine><AdSystem version=\"1\">s</AdSystem><Extensions><Extension type=\"v\">"
            + payload + "<Impression>https://t.example/i</Impression><x><Tracking>https://t.example/t</Tracking></x></Extension></Extensions></InLine></Ad></VAST>"
        let findings = Validator.validate(VASTDecoder.decode(Data(tag.utf8)))
        let escaped = findings.filter { $0.ruleID == "VAST-2.0-extension-cdata" }
        #expect(escaped.count == 1)
        #expect(escaped.first?.path?.hasSuffix(String(repeating: "/n", count: depth)) == true)
        let placed = findings.filter { $0.ruleID == "VAST-2.0-extension-vast-element" }
        #expect(placed.map(\.message) == ["<Impression> inside <Extension type=\"v\"> is read only by players that know this extension; the others never see it"])
    }
}
