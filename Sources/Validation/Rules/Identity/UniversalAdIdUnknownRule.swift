import ConformCore
import VAST

/// UniversalAdId left as "unknown".
struct UniversalAdIdUnknownRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-unknown",
        name: "UniversalAdId unknown",
        summary: "a <UniversalAdId> has the placeholder \"unknown\" as its registry or id",
        rationale: "The spec allows \"unknown\" when no common registry is used, but broadcasters and clearance systems (Ad-ID, Clearcast) match creatives by this id; an unknown id means the creative cannot be cleared or deduplicated and may be rejected by publishers who require it. Allowed by the spec, so info. The XSDs take any string, \"unknown\" included; the text allows the placeholder, and the rule only notes it.",
        fix: "Use the creative's registered id, for example <UniversalAdId idRegistry=\"ad-id.org\">CNPA0484000H</UniversalAdId>.",
        severity: .info,
        versions: VASTVersion.v4_0.andLater,
        elements: ["UniversalAdId"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "If no common registry is used, a value of \"unknown\" may be used"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<UniversalAdId idRegistry=\"ad-id.org\">CNPA0484000H</UniversalAdId>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<UniversalAdId idRegistry=\"unknown\">unknown</UniversalAdId>"),
        ],
        schemaBasis: SchemaBasis(element: "UniversalAdId", items: ["idRegistry"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_4, "UniversalAdId@idRegistry and content xs:string", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for id in creative.universalAdIds {
                let registryUnknown = id.idRegistry?.lowercasedIfNeeded() == "unknown"
                let valueUnknown = id.value.lowercasedIfNeeded() == "unknown" || id.idValue?.lowercasedIfNeeded() == "unknown"
                guard registryUnknown || valueUnknown else { continue }
                let what = registryUnknown && valueUnknown ? "registry and id are" : registryUnknown ? "registry is" : "id is"
                context.report("<UniversalAdId> \(what) \"unknown\"; the creative cannot be matched across systems", at: id.position, path: id.path)
            }
        }
    }
}
