import ConformCore
import VAST

/// A pod with stand-alone ads beside it.
struct AdSequenceMixedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-ad-sequence-mixed",
        name: "Pod mixed with stand-alone ads",
        summary: "some <Ad> elements have a sequence and others do not",
        rationale: "Sequenced ads form a pod; ads without sequence are a buffet the player may use only to replace a pod ad that fails. Mixing is allowed, but a response meant as a pod that left out one sequence attribute silently turns that ad into a substitute that may never play. Advice, so info.",
        fix: "Give every ad of the pod a sequence; leave it off only for ads meant as substitutes.",
        severity: .info,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.1", quote: "Stand-alone ads may be included in a VAST response with an Ad Pod and may be used to substitute an ad in the Pod when an ad cannot be played"),
        ],
        validExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad><Ad id=\"b\" sequence=\"2\"><InLine/></Ad>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad>\n↓<Ad id=\"b\"><InLine/></Ad>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard context.ads.contains(where: { $0.sequence != nil }) else { return }
        for ad in context.ads where ad.sequence == nil {
            context.report("<Ad\(ad.id.map { " id=\"\($0)\"" } ?? "")> has no sequence while other ads form a pod; it is a stand-alone substitute", at: ad.position, path: ad.path)
        }
    }
}
