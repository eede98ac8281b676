import ConformCore
import VAST

/// Several UniversalAdIds before VAST 4.2.
struct UniversalAdIdMultipleRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-multiple",
        name: "Several UniversalAdIds before 4.2",
        summary: "a <Creative> has more than one <UniversalAdId>, which only VAST 4.2 and later allow",
        rationale: "The 4.0 and 4.1 schemas allow exactly one UniversalAdId per creative; VAST 4.2 allowed several (one per registry). A 4.0/4.1 player reads only one of them.",
        fix: "Keep one UniversalAdId, or declare VAST 4.2 or later.",
        severity: .error,
        versions: VASTVersion.v4_0...VASTVersion.v4_1,
        elements: ["UniversalAdId"],
        specReferences: [
            SpecReference(document: .vast43, section: "VAST 4.2 Updates", quote: "Allow multiple UniversalAdID nodes to be provided"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<UniversalAdId idRegistry=\"ad-id.org\">A</UniversalAdId><UniversalAdId idRegistry=\"clearcast.co.uk\">B</UniversalAdId>"),
            SketchTag.creative("4.1", "<UniversalAdId idRegistry=\"ad-id.org\">A</UniversalAdId>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.1", "<UniversalAdId idRegistry=\"ad-id.org\">A</UniversalAdId>↓<UniversalAdId idRegistry=\"clearcast.co.uk\">B</UniversalAdId>"),
        ],
        schemaBasis: SchemaBasis(element: "Creative", items: ["UniversalAdId"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_1, "Creative_Inline_type/UniversalAdId maxOccurs=\"1\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives where creative.universalAdIds.count > 1 {
            for id in creative.universalAdIds.dropFirst() {
                context.report("<Creative> has a second <UniversalAdId>; VAST \(context.version.rawValue) allows one (several from 4.2)", at: id.position, path: id.path)
            }
        }
    }
}
