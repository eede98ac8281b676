import ConformCore
import VAST

/// The same click-tracking URL twice under one element.
struct ClickTrackingDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-clicktracking-duplicate",
        name: "Duplicate click-tracking URL",
        summary: "the same click-tracking URL appears twice under one VideoClicks, NonLinear, Companion or IconClicks",
        rationale: "Players request every click-tracking URI on a click, so a repeated one counts each click twice and inflates the click-through rate. Repeats usually come from a template merged twice. Practice, so warning.",
        fix: "Remove the repeated click-tracking element.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.10.2", quote: "Multiple <ClickTracking> elements can be used in the case where multiple parties would like to track the Linear ad clickthrough"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<VideoClicks><ClickTracking><![CDATA[https://a.example/c]]></ClickTracking><ClickTracking><![CDATA[https://b.example/c]]></ClickTracking></VideoClicks>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<VideoClicks><ClickTracking><![CDATA[https://a.example/c]]></ClickTracking>\n↓<ClickTracking><![CDATA[https://a.example/c]]></ClickTracking></VideoClicks>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for node in context.repeatedURLs(.clickTracking, key: { node in node.path.parentOfPath + "\u{1}" + node.elementName + "\u{1}" + node.value }) {
            context.report("<\(node.elementName)> \(node.value) is listed twice; each click would be counted twice", at: node)
        }
    }
}
