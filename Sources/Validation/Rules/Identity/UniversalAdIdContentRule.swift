import ConformCore
import VAST

/// From 4.1 the UniversalAdId content is the id.
struct UniversalAdIdContentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-universaladid-content",
        name: "UniversalAdId content",
        summary: "a <UniversalAdId> is empty; from VAST 4.1 its content is the creative id",
        rationale: "VAST 4.1 removed the 4.0 idValue attribute and made the element's content the id (\"unknown\" when there is none). An empty element carries no id at all.",
        fix: "Put the creative id in the element: <UniversalAdId idRegistry=\"ad-id.org\">CNPA0484000H</UniversalAdId>, or \"unknown\".",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "Media players ... should always use the Content as the source of truth for the creative ID value"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<UniversalAdId idRegistry=\"ad-id.org\">CNPA0484000H</UniversalAdId>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<UniversalAdId idRegistry=\"ad-id.org\" idValue=\"CNPA0484000H\"/>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for id in creative.universalAdIds where id.value.isBlank {
                context.report("<UniversalAdId> is empty; its content must be the creative id (or \"unknown\")", at: id.position, path: id.path)
            }
        }
    }
}
