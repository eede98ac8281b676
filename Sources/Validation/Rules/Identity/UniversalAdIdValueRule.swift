import ConformCore
import VAST

/// VAST 4.0 carried the id in idValue.
struct UniversalAdIdValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-idvalue",
        name: "UniversalAdId idValue (4.0)",
        summary: "in VAST 4.0 a <UniversalAdId> must have an idValue attribute",
        rationale: "VAST 4.0 carried the creative id in the idValue attribute, required beside idRegistry. VAST 4.1 made the content the id and removed idValue (see VAST-4.1-universaladid-idvalue-removed), so this rule applies to 4.0 documents only.",
        fix: "Add idValue=\"…\" with the creative id (or declare VAST 4.1+ and put the id in the content).",
        severity: .error,
        versions: VASTVersion.v4_0...VASTVersion.v4_0,
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "VAST 4.0 had an attribute “idValue” that was a duplicate of the node value"),
        ],
        validExamples: [
            SketchTag.creative("4.0", "<UniversalAdId idRegistry=\"ad-id.org\" idValue=\"CNPA0484000H\">CNPA0484000H</UniversalAdId>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.0", "↓<UniversalAdId idRegistry=\"ad-id.org\">CNPA0484000H</UniversalAdId>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for id in creative.universalAdIds where id.idValue == nil {
                context.report("<UniversalAdId> has no idValue, which VAST 4.0 requires", at: id.position, path: id.path)
            }
        }
    }
}
