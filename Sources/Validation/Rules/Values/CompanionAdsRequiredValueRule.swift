import ConformCore
import VAST

/// CompanionAds@required must be all, any or none.
struct CompanionAdsRequiredValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-companionads-required-value",
        name: "CompanionAds required value",
        summary: "CompanionAds@required must be all, any or none",
        rationale: "The 3.0 and 4.x schemas enumerate all, any and none: whether the player must show every companion, at least one, or may show none. Another value is a schema error and players fall back to \"none\", so a sponsor's required companion may never show. The draft 4.4 schema types required as a plain string; the 4.4 text keeps the three values, and the text wins.",
        fix: "Write required=\"all\", \"any\" or \"none\".",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["CompanionAds"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.13", quote: "The value for required can be one of three values: all, any, or none."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds required="any"/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative>↓<CompanionAds required="true"/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "CompanionAds", items: ["required"], [
            .init(VASTVersion.v3_0...VASTVersion.v4_3, "CompanionAds@required enumeration all, any, none", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "CompanionAds@required type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let ads = creative.companionAds, let value = ads.required, !["all", "any", "none"].contains(value) else { continue }
            context.report("CompanionAds@required is \"\(value)\"; expected all, any or none", at: ads.position, path: ads.path)
        }
    }
}
