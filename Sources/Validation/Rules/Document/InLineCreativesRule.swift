import ConformCore
import VAST

/// Every <InLine> must contain <Creatives> with at least one <Creative>.
struct InLineCreativesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-inline-creatives",
        name: "InLine Creatives",
        summary: "every <InLine> must contain <Creatives> with at least one <Creative>",
        rationale: "An InLine without creatives has nothing to show; the schemas require Creatives and at least one Creative in it (the IAB XSDs themselves once accepted an empty InLine, vast#58, so this is enforced by rule).",
        fix: "Add <Creatives><Creative>...</Creative></Creatives> with the Linear, NonLinearAds or CompanionAds of the ad.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["InLine"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.6", quote: "Creatives ... Required in Response: Yes ... Bounded: 1 for InLine"),
            SpecReference(document: .vast43, section: "3.7", quote: "Creative ... Parent: Creatives for both InLine and Wrapper formats; Bounded: 1+"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad>↓<InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle><Category authority="https://iabtechlab.com/standards/content-taxonomy/">IAB1</Category></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad>↓<InLine><Creatives/></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "InLine", items: ["Creatives", "Creative"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "InLine/Creatives minOccurs=\"1\", Creatives/Creative minOccurs=\"1\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "InLine/Creatives, vastCreatives_type/Creative (minOccurs 1 by default)", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.inLine, body.creatives.isEmpty else { continue }
            context.report(body.hasCreativesElement ? "<InLine> has an empty <Creatives>; at least one <Creative> is required" : "<InLine> has no <Creatives>", at: body.position, path: body.path)
        }
    }
}
