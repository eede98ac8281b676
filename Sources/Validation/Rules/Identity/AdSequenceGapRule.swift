import ConformCore
import VAST

/// Pod sequence numbers with gaps.
struct AdSequenceGapRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-ad-sequence-gap",
        name: "Pod sequence gap",
        summary: "the sequence values of a pod do not run 1, 2, 3, … without gaps",
        rationale: "Players play pod ads in numerical order, so gaps do not break playback, but a pod numbered 1, 2, 4 usually means an ad was lost when the response was assembled, and [PODSEQUENCE] reports positions that do not match what viewers saw. Advice, so info.",
        fix: "Renumber the pod's ads 1 to n, or check which ad is missing.",
        severity: .info,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.1", quote: "If the player supports Ad Pods, sequenced ads are played in numerical order"),
        ],
        validExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad><Ad id=\"b\" sequence=\"2\"><InLine/></Ad>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad>\n↓<Ad id=\"b\" sequence=\"3\"><InLine/></Ad>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        // Only a sequence above 1 can follow a gap.
        guard context.ads.contains(where: { ($0.sequence?.value ?? 0) > 1 }) else { return }
        let pod = context.ads.compactMap { ad in ad.sequence?.value.map { (ad, $0) } }.filter { $0.1 > 0 }
        guard !pod.isEmpty else { return }
        let values = Set(pod.map(\.1))
        let sorted = values.sorted()
        // The largest existing value below each value (0 for the lowest), found once by walking the sorted values.
        var previous: [Int: Int] = [:]
        for (index, value) in sorted.enumerated() { previous[value] = index == 0 ? 0 : sorted[index - 1] }
        // Report each ad whose number skips past a missing predecessor.
        for (ad, sequence) in pod {
            let below = previous[sequence] ?? 0
            guard sequence - below > 1 else { continue }
            let missing = sequence - below == 2 ? "\(below + 1)" : "\(below + 1)–\(sequence - 1)"
            context.report("pod ad with sequence \(sequence) follows a gap: no ad has sequence \(missing)", at: ad.position, path: ad.path)
        }
    }
}
