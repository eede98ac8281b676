import ConformCore
import VAST

/// The same Impression URL twice in one ad.
struct ImpressionDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-impression-duplicate",
        name: "Duplicate impression URL",
        summary: "the same <Impression> URL appears twice in one InLine or Wrapper",
        rationale: "Players request every Impression URI, so a repeated one counts the impression twice and inflates delivery against the buyer's numbers. Repeats usually come from a template merged twice. Practice, so warning.",
        fix: "Remove the repeated <Impression>.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.4", quote: "When multiple impression elements are included in a VAST response, the media player is required to request all impressions"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://a.example/i]]></Impression><Impression><![CDATA[https://b.example/i]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://a.example/i]]></Impression>\n↓<Impression><![CDATA[https://a.example/i]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let impressions = ad.body?.impressions, impressions.count > 1 else { continue }
            var seen = Set<String>()
            for impression in impressions where !impression.value.isEmpty && impression.value != "about:blank" {
                if !seen.insert(impression.value).inserted {
                    context.report("<Impression> \(impression.value) is listed twice in this ad", at: impression)
                }
            }
        }
    }
}
