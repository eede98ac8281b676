import ConformCore
import VAST

/// Every InLine <Creative> must contain a <UniversalAdId> (VAST 4.0 on).
struct UniversalAdIdPresentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-present",
        name: "UniversalAdId for InLine creatives",
        summary: "every InLine <Creative> must contain a <UniversalAdId>",
        rationale: "UniversalAdId identifies the creative across systems (the Ad-ID a broadcaster clears, the key a stitching service caches transcodes under). The 4.0, 4.1 and 4.2 XSDs declare it with minOccurs=\"1\" in Creative_Inline_type, whatever the creative holds, and the 4.3 text lists it as a required sub-element of Creative (§3.7) and calls it \"a required element\" (§3.7.1); only the 4.0 overview (§1.3.2) speaks of it as required for linear ads, describing why it was added rather than narrowing where it is required. Decision: required in every InLine Creative from 4.0, linear, non-linear or companion, as every schema and the element reference say; an earlier linear-only scope had no basis in the schemas or the text. Wrapper creatives do not carry it (Creative_Wrapper_type has no UniversalAdId). The draft VAST 4.4 schema makes every Creative child optional; the 4.4 text still requires UniversalAdId, and the text wins.",
        fix: "Add <UniversalAdId idRegistry=\"ad-id.org\">ABCD1234000H</UniversalAdId> (idRegistry=\"unknown\" with the value \"unknown\" when there is none).",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "A required element for the purpose of tracking ad creative"),
            SpecReference(document: .vast42, section: "XSD", quote: "Creative_Inline_type: UniversalAdId minOccurs=\"1\""),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/><UniversalAdId idRegistry="ad-id.org">X</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds/><UniversalAdId idRegistry="unknown">unknown</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative><NonLinearAds/></Creative></Creatives></Wrapper></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives>↓<Creative><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Creatives>↓<Creative><NonLinearAds/></Creative>↓<Creative><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Creative", items: ["UniversalAdId"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "Creative_Inline_type/UniversalAdId minOccurs=\"1\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastCreative_type: xs:choice of UniversalAdId, CreativeExtensions, Linear, NonLinearAds, CompanionAds, minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine && creative.universalAdIds.isEmpty {
            context.report("InLine <Creative\(creative.id.map { " id=\"\($0)\"" } ?? "")> has no <UniversalAdId>", at: creative.position, path: creative.path)
        }
    }
}
