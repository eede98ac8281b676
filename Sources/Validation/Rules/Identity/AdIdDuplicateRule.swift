import ConformCore
import VAST

/// Two Ads with the same id.
struct AdIdDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ad-id-duplicate",
        name: "Ad id repeated",
        summary: "two <Ad> elements of one response have the same id",
        rationale: "Ad@id is the ad server's identifier for the ad; players and SDKs key ad events, caps and error reports on it, so two ads with one id in a pod or buffet are merged or dropped. The spec does not demand uniqueness in words, so this follows industry practice and is a warning.",
        fix: "Give every <Ad> in the response its own id.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.2", quote: "id | An ad server-defined identifier string for the ad"),
        ],
        validExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad><Ad id=\"b\" sequence=\"2\"><InLine/></Ad>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\" sequence=\"1\"><InLine/></Ad>\n↓<Ad id=\"a\" sequence=\"2\"><InLine/></Ad>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard context.ads.count > 1 else { return }
        var seen = Set<String>()
        for ad in context.ads {
            guard let id = ad.id, !id.isEmpty else { continue }
            if !seen.insert(id).inserted {
                context.report("<Ad> id \"\(id)\" is used by an earlier <Ad> in this response", at: ad.position, path: ad.path)
            }
        }
    }
}
