import ConformCore
import VAST

/// Two creatives of one ad with the same sequence.
struct CreativeSequenceDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-creative-sequence-duplicate",
        name: "Creative sequence repeated",
        summary: "two <Creative> elements of one ad have the same sequence value",
        rationale: "Creative@sequence orders the creatives of one ad (it is unrelated to pods); two creatives at one position leave the order to the player. No spec sentence forbids it, so this is a warning from practice.",
        fix: "Number the creatives of the ad 1, 2, 3, … or leave sequence off when order does not matter.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.7", quote: "sequence | a number representing the numerical order in which each sequenced creative within an ad should play"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Creatives><Creative sequence=\"1\"><Linear/></Creative><Creative sequence=\"2\"><CompanionAds/></Creative></Creatives>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Creatives><Creative sequence=\"1\"><Linear/></Creative>\n↓<Creative sequence=\"1\"><CompanionAds/></Creative></Creatives>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            var seen = Set<Int>()
            for creative in ad.body?.creatives ?? [] {
                guard let sequence = creative.sequence?.value else { continue }
                if !seen.insert(sequence).inserted {
                    context.report("<Creative> sequence \(sequence) is used by another creative of this ad", at: creative.position, path: creative.path)
                }
            }
        }
    }
}
