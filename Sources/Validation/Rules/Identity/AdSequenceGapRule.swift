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
        ])

    func check(_ context: RuleContext) {
        let pod = context.ads.compactMap { ad in ad.sequence?.value.map { (ad, $0) } }.filter { $0.1 > 0 }
        guard !pod.isEmpty else { return }
        let values = Set(pod.map(\.1))
        // Report each ad whose number skips past a missing predecessor.
        for (ad, sequence) in pod where sequence > 1 && !values.contains(sequence - 1) {
            let missing = (1..<sequence).reversed().prefix { !values.contains($0) }.reversed()
            let list = missing.map(String.init).joined(separator: ", ")
            context.report("pod ad with sequence \(sequence) follows a gap: no ad has sequence \(list)", at: ad.position, path: ad.path)
        }
    }
}
