import ConformCore
import VAST

/// InLine must carry an Impression.
struct InLineImpressionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-inline-impression",
        name: "InLine Impression",
        summary: "every <InLine> must contain at least one <Impression>",
        rationale: "Impression is required (1 or more) in every VAST schema: it is the pixel that counts the ad as delivered and the basis of billing. Use about:blank when no impression URI is needed (VAST 4.3).",
        fix: "Add <Impression><![CDATA[https://…]]></Impression> to the <InLine>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.4", quote: "Required in Response Yes ... Bounded 1+"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[about:blank]]></Impression>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad id=\"1\">↓<InLine><AdTitle>t</AdTitle></InLine></Ad></VAST>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let inLine = ad.inLine, inLine.impressions.isEmpty else { continue }
            context.report("<InLine> has no <Impression>", at: inLine.position, path: inLine.path)
        }
    }
}
