import ConformCore
import VAST

/// InLine must carry an AdTitle.
struct InLineAdTitleRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-inline-adtitle",
        name: "InLine AdTitle",
        summary: "every <InLine> must contain an <AdTitle>",
        rationale: "AdTitle is required in every VAST schema; it is the common name ad-ops and publishers see in reports and ad-quality tools.",
        fix: "Add <AdTitle>Campaign – creative name</AdTitle> to the <InLine>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.2", quote: "The ad serving party must provide a title for the ad using the <AdTitle> element"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdTitle>Spring sale 15s</AdTitle>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad id=\"1\">↓<InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let inLine = ad.inLine, inLine.adTitle == nil else { continue }
            context.report("<InLine> has no <AdTitle>", at: inLine.position, path: inLine.path)
        }
    }
}
