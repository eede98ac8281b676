import ConformCore
import VAST

/// Two UniversalAdIds from one registry.
struct UniversalAdIdRegistryDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.2-universaladid-registry-duplicate",
        name: "UniversalAdId registry repeated",
        summary: "a <Creative> has two <UniversalAdId> elements with the same idRegistry",
        rationale: "VAST 4.2 allows several UniversalAdIds so that a creative can carry its id in several registries (Ad-ID and Clearcast, say). Two ids from the same registry contradict each other, and systems that read one id per registry pick either.",
        fix: "Keep one id per registry.",
        severity: .warning,
        versions: VASTVersion.v4_2.andLater,
        elements: ["UniversalAdId"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "With VAST 4.2 we now allow multiple UniversalAdID elements to be passed in a VAST response"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<UniversalAdId idRegistry=\"ad-id.org\">A</UniversalAdId><UniversalAdId idRegistry=\"clearcast.co.uk\">B</UniversalAdId>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<UniversalAdId idRegistry=\"ad-id.org\">A</UniversalAdId>\n↓<UniversalAdId idRegistry=\"ad-id.org\">B</UniversalAdId>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for creative in context.creatives where creative.universalAdIds.count > 1 {
            var seen = Set<String>()
            for id in creative.universalAdIds {
                guard let registry = id.idRegistry?.lowercasedIfNeeded(), registry != "unknown" else { continue }
                if !seen.insert(registry).inserted {
                    context.report("<UniversalAdId> repeats idRegistry \(id.idRegistry ?? registry) in this creative", at: id.position, path: id.path)
                }
            }
        }
    }
}
