import ConformCore
import VAST

/// In VAST 4.0 every <UniversalAdId> must have an idValue attribute.
struct UniversalAdIdValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-idvalue",
        name: "UniversalAdId idValue in VAST 4.0",
        summary: "in VAST 4.0 every <UniversalAdId> must have an idValue attribute",
        rationale: "VAST 4.0 carried the creative id in the required idValue attribute; VAST 4.1 moved it into the element's content and removed the attribute (VAST-4.1-universaladid-idvalue-removed reports idValue in 4.1 and later).",
        fix: "Add idValue=\"ABCD1234000H\", or declare VAST 4.1+ and put the id in the content.",
        severity: .error,
        versions: VASTVersion.v4_0...VASTVersion.v4_0,
        elements: ["UniversalAdId"],
        specReferences: [
            SpecReference(document: .vast4, section: "3.7.1", quote: "idValue: the value for the unique creative ID ... required"),
            SpecReference(document: .vast43, section: "3.7.1", quote: "VAST 4.0 had an attribute “idValue” that was a duplicate of the node value and so was removed as of 4.1."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Creatives><Creative><UniversalAdId idRegistry="ad-id.org" idValue="X"/><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Creatives><Creative>↓<UniversalAdId idRegistry="ad-id.org">X</UniversalAdId><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "UniversalAdId", items: ["idValue"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_0, "UniversalAdId@idValue use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for id in creative.universalAdIds where (id.idValue ?? "").isEmpty {
                context.report("<UniversalAdId> has no idValue attribute, which VAST 4.0 requires", at: id.position, path: id.path)
            }
        }
    }
}
