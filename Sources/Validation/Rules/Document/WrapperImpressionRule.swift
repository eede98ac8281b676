import ConformCore
import VAST

/// Every <Wrapper> must contain at least one <Impression>.
struct WrapperImpressionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-impression",
        name: "Wrapper Impression",
        summary: "every <Wrapper> must contain at least one <Impression>",
        rationale: "Impression is minOccurs 1 in Wrapper in every schema: each hop of a chain that wants to be paid records its impression, and every hop's impressions fire together with the InLine's.",
        fix: "Add <Impression><![CDATA[https://imp.example/w]]></Impression> to the <Wrapper>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Wrapper"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.19", quote: "Impression ... Required"),
            SpecReference(document: .vast43, section: "3.4.4", quote: "All <Impression> URIs in the InLine response and any Wrapper responses preceding it should be triggered at the same time when the impression for the ad occurs"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Impression><![CDATA[https://i.example/w]]></Impression></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad>↓<Wrapper><AdSystem>x</AdSystem></Wrapper></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Wrapper", items: ["Impression"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "Wrapper/Impression minOccurs=\"1\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.wrapper, body.impressions.isEmpty else { continue }
            context.report("<Wrapper> has no <Impression>; at least one is required", at: body.position, path: body.path)
        }
    }
}
