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
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        // The (kind, sequence) pairs seen in one ad. An ad has a handful of creatives: a scan of the pairs
        // seen, in one array reused for every ad, costs less than hashing each into a set. Ads with many
        // creatives (hostile tags have thousands) use a set, so the check stays linear.
        struct Key: Hashable {
            let kind: CreativeKind
            let sequence: Int
        }
        var seen: [Key] = []
        for ad in context.ads {
            guard let creatives = ad.body?.creatives, creatives.count > 1 else { continue }
            seen.removeAll(keepingCapacity: true)
            var seenSet = Set<Key>()
            let scans = creatives.count <= 16
            for creative in creatives {
                guard let sequence = creative.sequence?.value, let kind = creative.kind else { continue }
                let key = Key(kind: kind, sequence: sequence)
                let repeated: Bool
                if scans {
                    repeated = seen.contains(key)
                    if !repeated { seen.append(key) }
                } else {
                    repeated = !seenSet.insert(key).inserted
                }
                if repeated {
                    context.report("<Creative> sequence \(sequence) is used by another \(kind.rawValue) creative of this ad", at: creative.position, path: creative.path)
                }
            }
        }
    }
}
