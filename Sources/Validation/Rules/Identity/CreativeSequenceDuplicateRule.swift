import ConformCore
import VAST

/// Two creatives of one ad with the same sequence.
struct CreativeSequenceDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-creative-sequence-duplicate",
        name: "Creative sequence repeated",
        summary: "two creatives of the same kind in one ad have the same sequence value",
        rationale: "Creative@sequence orders the creatives of one ad (it is unrelated to pods); two Linear creatives (or two NonLinear, or two Companion creatives) at one position leave the order to the player. A Linear and its Companion creative commonly share a sequence number, because they are shown together, so creatives of different kinds are not compared. No spec sentence forbids repeats, so this is a warning from practice.",
        fix: "Number the creatives of the ad 1, 2, 3, … or leave sequence off when order does not matter.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.7", quote: "sequence | a number representing the numerical order in which each sequenced creative within an ad should play"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Creatives><Creative sequence=\"1\"><Linear/></Creative><Creative sequence=\"2\"><Linear/></Creative></Creatives>"),
            SketchTag.inLine("4.2", "<Creatives><Creative sequence=\"1\"><Linear/></Creative><Creative sequence=\"1\"><CompanionAds/></Creative></Creatives>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Creatives><Creative sequence=\"1\"><Linear/></Creative>\n↓<Creative sequence=\"1\"><Linear/></Creative></Creatives>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            // (kind, sequence) pairs seen in this ad, hashed as they are (no key string per creative).
            struct Key: Hashable {
                let kind: CreativeKind
                let sequence: Int
            }
            guard let creatives = ad.body?.creatives, creatives.count > 1 else { continue }
            var seen = Set<Key>()
            for creative in creatives {
                guard let sequence = creative.sequence?.value, let kind = creative.kind else { continue }
                if !seen.insert(Key(kind: kind, sequence: sequence)).inserted {
                    context.report("<Creative> sequence \(sequence) is used by another \(kind.rawValue) creative of this ad", at: creative.position, path: creative.path)
                }
            }
        }
    }
}
