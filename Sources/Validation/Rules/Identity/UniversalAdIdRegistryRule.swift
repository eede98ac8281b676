import ConformCore
import VAST

/// UniversalAdId needs idRegistry.
struct UniversalAdIdRegistryRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-idregistry",
        name: "UniversalAdId idRegistry",
        summary: "every <UniversalAdId> must have an idRegistry attribute",
        rationale: "idRegistry names the registry that issued the id (ad-id.org, clearcast.co.uk); it is required, with \"unknown\" allowed when no common registry is used. Without it the id cannot be interpreted.",
        fix: "Add idRegistry=\"ad-id.org\" (or the registry used, or \"unknown\").",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "idRegistry* | A string used to identify the URL for the registry website where the unique creative ID is cataloged"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<UniversalAdId idRegistry=\"unknown\">unknown</UniversalAdId>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<UniversalAdId>CNPA0484000H</UniversalAdId>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for id in creative.universalAdIds where id.idRegistry == nil {
                context.report("<UniversalAdId> has no idRegistry", at: id.position, path: id.path)
            }
        }
    }
}
