import ConformCore
import VAST

/// idValue after VAST 4.0.
struct UniversalAdIdValueRemovedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-universaladid-idvalue-removed",
        name: "UniversalAdId idValue removed",
        summary: "a <UniversalAdId> still has the idValue attribute removed in VAST 4.1",
        rationale: "VAST 4.1 removed idValue because it duplicated the content; players must not fail on it and use the content. It is harmless but can disagree with the content, so this is info. The draft VAST 4.4 schema (vast_4.4.xsd) lists idValue again as optional; the 4.4 text, like 4.1 to 4.3, has no idValue, and the text wins.",
        fix: "Remove idValue and keep the id as the element's content.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        elements: ["UniversalAdId"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "VAST 4.0 had an attribute “idValue” that was a duplicate of the node value and so was removed as of 4.1"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<UniversalAdId idRegistry=\"ad-id.org\">CNPA0484000H</UniversalAdId>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<UniversalAdId idRegistry=\"ad-id.org\" idValue=\"CNPA0484000H\">CNPA0484000H</UniversalAdId>"),
        ],
        schemaBasis: SchemaBasis(element: "UniversalAdId", items: ["idValue"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "UniversalAdId has no idValue attribute (4.0 declared it use=\"required\")", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "UniversalAdId@idValue use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for id in creative.universalAdIds where id.idValue != nil {
                let clash = id.idValue != id.value && !id.value.isEmpty ? " and differs from the content \"\(id.value)\"" : ""
                context.report("<UniversalAdId> has idValue, removed in VAST 4.1\(clash)", at: id.position, path: id.path)
            }
        }
    }
}
