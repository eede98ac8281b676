import ConformCore
import VAST

/// The click-through URL also listed as click tracking.
struct ClickThroughTrackedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-clickthrough-tracked",
        name: "Click-through also tracked",
        summary: "a creative's click-through URL is also one of its click-tracking URLs",
        rationale: "On a click the player requests every click-tracking URI and opens the click-through; when both are the same URL the server is hit twice per click (once as a pixel, once as the landing redirect) and the click is counted twice. Practice, so warning.",
        fix: "Keep the URL as the click-through only, and track clicks with a separate pixel.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.10.2", quote: "A URI for tracking when the ClickThrough is triggered"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<VideoClicks><ClickThrough><![CDATA[https://adv.example/]]></ClickThrough><ClickTracking><![CDATA[https://t.example/click]]></ClickTracking></VideoClicks>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<VideoClicks><ClickThrough><![CDATA[https://adv.example/]]></ClickThrough>\n↓<ClickTracking><![CDATA[https://adv.example/]]></ClickTracking></VideoClicks>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        func inspect(_ through: TextNode?, _ trackings: [TextNode]) {
            guard let through, !through.value.isEmpty else { return }
            for tracking in trackings where tracking.value == through.value {
                context.report("<\(tracking.elementName)> repeats the click-through URL; each click is counted twice", at: tracking)
            }
        }
        for creative in context.creatives {
            if let linear = creative.linear {
                if let clicks = linear.videoClicks { inspect(clicks.clickThrough, clicks.clickTrackings) }
                for icon in linear.icons { inspect(icon.clickThrough, icon.clickTrackings) }
            }
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] { inspect(nonLinear.clickThrough, nonLinear.clickTrackings) }
            for icon in creative.nonLinearAds?.icons ?? [] { inspect(icon.clickThrough, icon.clickTrackings) }
            for companion in creative.companionAds?.companions ?? [] { inspect(companion.clickThrough, companion.clickTrackings) }
        }
    }
}
