import ConformCore
import VAST

/// Elements that carry a value (URIs, times, names) must not contain child elements.
struct TextOnlyElementRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-text-only-element",
        name: "Text-only elements hold text",
        summary: "elements that carry a value (URIs, times, names) must not contain child elements",
        rationale: "Impression, Tracking, MediaFile, Duration, AdSystem and the other leaf elements are simple types in every schema. A child element inside one is a schema error, and the value players read is whatever text surrounds it, usually nothing.",
        fix: "Move the child element out, or put markup meant as text into CDATA.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.4", quote: "The ad server provides an impression-tracking URI for either the InLine ad or the Wrapper using the <Impression> element."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Impression><![CDATA[<img src="x">]]></Impression></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Impression>↓<URL>https://i.example/i</URL></Impression></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Impression", [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Impression type=\"xs:anyURI\" (simple content), as every element the rule lists", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Impression type=\"vastImpression_type\" (simple content)", .enforced),
        ]))

    func check(_ context: RuleContext) {
        context.report(context.structureScan.textOnly)
    }
}
