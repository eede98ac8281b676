import ConformCore
import VAST

/// Every <UniversalAdId> must have an idRegistry attribute.
struct UniversalAdIdRegistryRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-idregistry",
        name: "UniversalAdId idRegistry",
        summary: "every <UniversalAdId> must have an idRegistry attribute",
        rationale: "idRegistry names the registry that issued the id (ad-id.org, clearcast.co.uk, ...); without it the id cannot be resolved. The 4.x schemas make it required; \"unknown\" is the documented value when there is no registry. The draft VAST 4.4 schema declares idRegistry optional with the default \"unknown\"; the 4.4 text keeps it required, and the text wins.",
        fix: "Add idRegistry=\"ad-id.org\" (or idRegistry=\"unknown\").",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        elements: ["UniversalAdId"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "idRegistry*: A string used to identify the URL for the registry website where the unique creative ID is cataloged. Default value is “unknown.”"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/><UniversalAdId idRegistry="unknown">unknown</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/>↓<UniversalAdId>X</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "UniversalAdId", items: ["idRegistry"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "UniversalAdId@idRegistry use=\"required\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "UniversalAdId@idRegistry use=\"optional\" default=\"unknown\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for id in creative.universalAdIds where id.idRegistry == nil {
                context.report("<UniversalAdId> has no idRegistry attribute", at: id.position, path: id.path)
            }
        }
    }
}
