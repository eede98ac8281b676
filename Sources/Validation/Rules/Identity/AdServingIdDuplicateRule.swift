import ConformCore
import VAST

/// Two InLine ads with the same AdServingId.
struct AdServingIdDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-adservingid-duplicate",
        name: "AdServingId repeated",
        summary: "two <InLine> ads of one response share an <AdServingId>",
        rationale: "Each InLine of a response (each ad of a pod or buffet) should carry a distinct AdServingId, otherwise their impressions merge in every system that keys on it. Should-wording, so warning.",
        fix: "Generate a separate AdServingId for each <InLine>.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["AdServingId"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.3", quote: "This value should be different for each <InLine> in a VAST"),
        ],
        validExamples: [
            SketchTag.vast("4.2", "<Ad id=\"1\" sequence=\"1\"><InLine><AdServingId>a</AdServingId></InLine></Ad>\n<Ad id=\"2\" sequence=\"2\"><InLine><AdServingId>b</AdServingId></InLine></Ad>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "<Ad id=\"1\" sequence=\"1\"><InLine><AdServingId>a</AdServingId></InLine></Ad>\n<Ad id=\"2\" sequence=\"2\"><InLine>↓<AdServingId>a</AdServingId></InLine></Ad>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard context.ads.count > 1 else { return }
        var seen: [String: String] = [:]
        for ad in context.ads {
            guard let id = ad.inLine?.adServingId, !id.value.isEmpty else { continue }
            if let first = seen[id.value] {
                context.report("<AdServingId> \(id.value) is already used by the ad at \(first)", at: id)
            } else {
                seen[id.value] = ad.id.map { "id \"\($0)\"" } ?? ad.path
            }
        }
    }
}
