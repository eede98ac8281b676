import ConformCore
import VAST

/// Pod sequence values must be unique.
struct AdSequenceDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-ad-sequence-duplicate",
        name: "Pod sequence repeated",
        summary: "two <Ad> elements of one response have the same sequence value",
        rationale: "Ad@sequence orders the ads of a pod; the spec requires every sequence value in a response to be unique, and players given two ads at one position play one of them or reject the pod.",
        fix: "Number the ads of the pod 1, 2, 3, … without repeats.",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.1", quote: "All sequence values in a VAST response must be unique"),
        ],
        validExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad><Ad id=\"b\" sequence=\"2\"><InLine/></Ad>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad>\n↓<Ad id=\"b\" sequence=\"1\"><InLine/></Ad>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard context.ads.count > 1 else { return }
        var seen: [Int: String] = [:]
        for ad in context.ads {
            guard let sequence = ad.sequence?.value else { continue }
            if let first = seen[sequence] {
                context.report("<Ad> sequence \(sequence) is already used by \(first)", at: ad.position, path: ad.path)
            } else {
                seen[sequence] = ad.id.map { "the ad with id \"\($0)\"" } ?? "an earlier ad"
            }
        }
    }
}
