import ConformCore
import Foundation
import Testing
@testable import Validation

/// The generated rule reference and the helpers behind `conform rules` and `conform explain`.
@Suite struct RuleDocumentationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func referenceListsEveryRuleWithAnchorAndExamples() {
        let markdown = RuleDocumentation.markdown(AllRules.descriptions)
        for description in AllRules.descriptions {
            #expect(markdown.contains("\n### \(description.id)\n"), "\(description.id) has no entry")
            #expect(markdown.contains("(#\(RuleDocumentation.anchor(description.id)))"), "\(description.id) is not linked from its table")
        }
        #expect(markdown.contains("```xml\n"))
        #expect(!markdown.hasSuffix("\n\n"))
    }

    @Test func traffickingSectionAppearsOnlyWhenRulesExist() {
        let parameter = RuleDescription(
            id: "PARAM-duplicate-key", name: "Duplicate key", summary: "a key appears twice", rationale: "r", fix: "f",
            severity: .error, specReferences: [SpecReference(document: .companionAds, section: "2", quote: "q")],
            validExamples: [RuleExample("a=1")], invalidExamples: [RuleExample("a=1&↓a=2")])
        let vast = AllRules.descriptions.filter { $0.id.hasPrefix("VAST-") }.prefix(2)
        let without = RuleDocumentation.markdown(Array(vast), traffickingIDs: [])
        #expect(!without.contains("Trafficking-parameter rules"))
        let with = RuleDocumentation.markdown(Array(vast) + [parameter], traffickingIDs: [parameter.id])
        #expect(with.contains("## Trafficking-parameter rules"))
        #expect(with.contains("### PARAM-duplicate-key"))
        #expect(with.contains("```text\na=1&↓a=2\n```"))
    }

    @Test func proseAndCellsAreEscaped() {
        #expect(RuleDocumentation.escape("<Ad> & <InLine>") == "&lt;Ad&gt; &amp; &lt;InLine&gt;")
        #expect(RuleDocumentation.escape("*.example, vendor*, a_b, `x`, \\") == "\\*.example, vendor\\*, a\\_b, \\`x\\`, \\\\")
        #expect(RuleDocumentation.escapeCell("a | b\nc") == "a \\| b c")
        #expect(RuleDocumentation.anchor("VAST-2.0-url-http") == "vast-20-url-http")
    }

    @Test func versionLabels() {
        #expect(RuleDocumentation.versionsLabel(nil) == "all inputs")
        #expect(RuleDocumentation.versionsLabel(VASTVersion.v2_0.andLater) == "VAST 2.0+")
        #expect(RuleDocumentation.versionsLabel(VASTVersion.v4_0...VASTVersion.v4_1) == "VAST 4.0–4.1")
        #expect(RuleDocumentation.versionsLabel(VASTVersion.v4_0...VASTVersion.v4_0) == "VAST 4.0")
    }

    @Test func suggestionsFindCloseIDs() {
        let ids = AllRules.descriptions.map(\.id)
        #expect(RuleDocumentation.suggestions(for: "VAST-4.0-adservingid-empty", in: ids).first == "VAST-4.1-adservingid-empty")
        #expect(RuleDocumentation.suggestions(for: "url-http", in: ids).contains("VAST-2.0-url-http"))
        #expect(RuleDocumentation.suggestions(for: "zzzzzzzzzzzzzzzzzzzzzzzzz", in: ids).isEmpty)
        // Without the version, or with words left out, the id is still found, ahead of ids a few edits away.
        let versionless = RuleDocumentation.suggestions(for: "VAST-adservingid", in: ids)
        #expect(!versionless.isEmpty && versionless.allSatisfy { $0.contains("adservingid") })
        #expect(RuleDocumentation.suggestions(for: "vast-url-htp", in: ids).first == "VAST-2.0-url-http")
        #expect(RuleDocumentation.suggestions(for: "PARAM-carousel-title", in: ids).first == "PARAM-carousel-title-required")
        #expect("kitten".editDistance(to: "sitting") == 3)
    }

    @Test func tableAndExplanationCarryTheFacts() throws {
        let rule = try #require(AllRules.description(for: "VAST-2.0-tracking-event-value"))
        let table = RuleDocumentation.table(AllRules.descriptions)
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix("VAST-2.0-tracking-event-value ") })
        #expect(line.contains("error") && line.contains("VAST 2.0+") && line.contains(rule.summary))
        let page = RuleDocumentation.explanation(rule)
        #expect(page.hasPrefix("VAST-2.0-tracking-event-value — Tracking event name\n"))
        #expect(page.contains("Why:\n") && page.contains("Fix:\n") && page.contains("Invalid example (↓ marks where the finding points):"))
        #expect(page.contains(rule.specReferences[0].quote))
    }

    @Test func everyEntryStatesItsSchemaBasis() throws {
        let mezzanine = try #require(AllRules.description(for: "VAST-4.1-mezzanine-type"))
        let entry = RuleDocumentation.entry(mezzanine)
        #expect(entry.contains("**Schema basis:** `Mezzanine` · `type`, proven against the IAB XSDs:\n\n- VAST 4.1+ (vast_4.1.xsd, vast_4.2.xsd, vast_4.4.xsd): Mezzanine@type use=\"required\"; enforced"))
        let kind = try #require(AllRules.description(for: "VAST-2.0-creative-kind"))
        #expect(RuleDocumentation.entry(kind).contains("VAST 2.0–3.0 (vast_2.0.1.xsd, vast3_draft.xsd)"))
        #expect(RuleDocumentation.entry(kind).contains("looser than the rule"))
        let http = try #require(AllRules.description(for: "VAST-2.0-url-http"))
        #expect(RuleDocumentation.entry(http).contains("**Schema basis:** spec text only"))
        #expect(RuleDocumentation.explanation(http).contains("Schema basis:\n  spec text only"))
        let vmap = try #require(AllRules.description(for: "VMAP-1.0-adbreak-breaktype"))
        #expect(RuleDocumentation.entry(vmap).contains("**Schema basis:** outside the VAST XSDs: the rule checks a VMAP playlist"))
        #expect(RuleDocumentation.explanation(vmap).contains("Schema basis:\n  outside the VAST XSDs: the rule checks a VMAP playlist"))
        for rule in AllRules.descriptions {
            #expect(RuleDocumentation.entry(rule).contains("**Schema basis:** "), "\(rule.id)")
        }
        // The counts in the reference's introduction come from the descriptions.
        let proven = Dictionary(uniqueKeysWithValues: RuleDocumentation.rulesProvenPerSchema(AllRules.descriptions).map { ($0.file, $0.count) })
        #expect(proven.keys.sorted() == ["vast3_draft.xsd", "vast4.xsd", "vast_2.0.1.xsd", "vast_4.1.xsd", "vast_4.2.xsd", "vast_4.4.xsd"])
        let withBasis = AllRules.descriptions.filter { $0.schemaBasis?.hasDeclarations == true }
        #expect(proven["vast_4.2.xsd"] == withBasis.filter { $0.versions?.contains(.v4_2) ?? true }.count)
        #expect(RuleDocumentation.markdown().contains("Rules proven per XSD: vast_2.0.1.xsd \(proven["vast_2.0.1.xsd"]!),"))
    }
}
