import ConformCore
import VAST

/// Every <InLine> must contain at least one <Impression>.
struct InLineImpressionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-inline-impression",
        name: "InLine Impression",
        summary: "every <InLine> must contain at least one <Impression>",
        rationale: "Impression is required (minOccurs 1) in every VAST schema: without it the ad can play but nobody is paid for it. VAST 4.3 allows about:blank as a placeholder when impressions are counted elsewhere.",
        fix: "Add <Impression><![CDATA[https://imp.example/i]]></Impression> (or about:blank when no pixel is needed).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["InLine"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.4", quote: "Bounded: 1+ ... If there is no reason to include an Impression element, the placeholder \"about:blank\" should be used instead of a tracking URL."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Impression><![CDATA[about:blank]]></Impression></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad>↓<InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "InLine", items: ["Impression"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "InLine/Impression minOccurs=\"1\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastInLine_type/Impression minOccurs=\"1\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.inLine, body.impressions.isEmpty else { continue }
            context.report("<InLine> has no <Impression>; at least one is required", at: body.position, path: body.path)
        }
    }
}
