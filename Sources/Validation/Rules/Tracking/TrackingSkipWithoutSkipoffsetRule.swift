import ConformCore
import VAST

/// A skip event on a Linear that cannot be skipped.
struct TrackingSkipWithoutSkipoffsetRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-tracking-skip-skipoffset",
        name: "Skip event without skipoffset",
        summary: "an InLine <Linear> tracks skip but has no skipoffset",
        rationale: "Players show a skip control only for a Linear with skipoffset (VAST 3.0 §2.3.1.4); without it the skip pixel can never fire, which usually means the skipoffset was lost in trafficking. A Wrapper's Linear has no skipoffset, so only InLine Linears are checked.",
        fix: "Add skipoffset=\"HH:MM:SS\" (or \"n%\") to <Linear>, or remove the skip tracking if the ad is not skippable.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.8", quote: "skipoffset | Time value that identifies when skip controls are made available to the end user"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<Linear skipoffset=\"00:00:05\"><TrackingEvents><Tracking event=\"skip\"><![CDATA[https://t.example/k]]></Tracking></TrackingEvents></Linear>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<Linear><TrackingEvents>\n↓<Tracking event=\"skip\"><![CDATA[https://t.example/k]]></Tracking></TrackingEvents></Linear>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let linear = creative.linear, linear.skipoffset == nil else { continue }
            for event in linear.trackingEvents where event.event?.isSameName("skip") == true {
                context.report("<Linear> tracks skip but has no skipoffset, so players never offer a skip", at: event.url)
            }
        }
    }
}
