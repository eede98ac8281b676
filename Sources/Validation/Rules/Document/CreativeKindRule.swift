import ConformCore
import VAST

/// An InLine <Creative> should contain one of <Linear>, <NonLinearAds> or <CompanionAds>.
struct CreativeKindRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-creative-kind",
        name: "Creative has a kind",
        summary: "an InLine <Creative> should contain one of <Linear>, <NonLinearAds> or <CompanionAds>",
        rationale: "A creative with none of Linear, NonLinearAds or CompanionAds has nothing to play or show, so players skip it. No schema requires one: the 2.0.1 and 3.0 XSDs make the kinds an xs:choice of elements that are each minOccurs=\"0\", the 4.0 and 4.1 XSDs an xs:all and the 4.2 XSD an xs:sequence of optional elements, so every XSD accepts an empty Creative. The 4.3 text asks for one in two sentences that disagree with each other and with companion-only creatives (§3.7: at least one Linear; §3.12: at least one of Linear or NonLinearAds), and neither uses must. Decision: a warning in every version, not an error, because no schema rejects it and the text's wording is not a requirement; the ad's other creatives may still play. Wrapper creatives may be empty, as the XSDs allow. More than one kind in a 2.0 or 3.0 creative is VAST-2.0-creative-single-kind's.",
        fix: "Give the <Creative> its <Linear>, <NonLinearAds> or <CompanionAds>, or remove it.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.12", quote: "Within an InLine ad, at least one of <Linear> or <NonLinearAds> needs to be provided within the <Creative> element."),
            SpecReference(document: .vast42, section: "XSD", quote: "Creative_Inline_type: an xs:sequence of CompanionAds, CreativeExtensions, Linear, NonLinearAds, each minOccurs=\"0\""),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/></Creative><Creative><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><NonLinearAds/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative/></Creatives></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives>↓<Creative id="c1"></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative><Linear/></Creative>↓<Creative/></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Creative", items: ["Linear", "NonLinearAds", "CompanionAds"], [
            .init(VASTVersion.v2_0...VASTVersion.v3_0, "Creative: xs:choice of Linear, CompanionAds, NonLinearAds, each minOccurs=\"0\"", .looser),
            .init(VASTVersion.v4_0...VASTVersion.v4_1, "Creative_Inline_type: xs:all of CompanionAds, Linear, NonLinearAds, each minOccurs=\"0\"", .looser),
            .init(VASTVersion.v4_2...VASTVersion.v4_3, "Creative_Inline_type: xs:sequence of CompanionAds, CreativeExtensions, Linear, NonLinearAds, each minOccurs=\"0\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastCreative_type: xs:choice of UniversalAdId, CreativeExtensions, Linear, NonLinearAds, CompanionAds, minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            if creative.linear == nil && creative.nonLinearAds == nil && creative.companionAds == nil {
                context.report("<Creative> has none of <Linear>, <NonLinearAds> or <CompanionAds>: it has nothing to play", at: creative.position, path: creative.path)
            }
        }
    }
}
