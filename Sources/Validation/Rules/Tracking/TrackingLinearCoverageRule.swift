import ConformCore
import VAST

/// An InLine Linear that measures no playback at all.
struct TrackingLinearCoverageRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-tracking-linear-coverage",
        name: "Linear playback tracking",
        summary: "an InLine <Linear> has none of the start, quartile, complete and progress events",
        rationale: "Start, the quartiles and complete are how buyers measure delivery of a video ad; the spec names them as the core linear metrics and IMA requires players to fire them. Progress events may replace them. An InLine Linear with none of these reports impressions but no views, which usually breaks billing.",
        fix: "Add <Tracking> for start, firstQuartile, midpoint, thirdQuartile and complete (or progress events at the points the buyer measures).",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.4", quote: "Advertisers and publishers depend on accurate tracking records for billing"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<Linear><TrackingEvents><Tracking event=\"start\"><![CDATA[https://t.example/s]]></Tracking></TrackingEvents></Linear>"),
            SketchTag.creative("4.2", "<Linear><TrackingEvents><Tracking event=\"progress\" offset=\"00:00:10\"><![CDATA[https://t.example/10s]]></Tracking></TrackingEvents></Linear>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<Linear><TrackingEvents><Tracking event=\"mute\"><![CDATA[https://t.example/m]]></Tracking></TrackingEvents></Linear>"),
            SketchTag.creative("4.2", "↓<Linear><Duration>00:00:15</Duration></Linear>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let linear = creative.linear else { continue }
            let measuresProgress = linear.trackingEvents.contains { $0.event?.isSameName("progress") == true }
            if !measuresProgress && TrackingFacts.measuredQuartileMask(linear) == 0 {
                context.report("<Linear> tracks none of start, firstQuartile, midpoint, thirdQuartile, complete", at: linear.position, path: linear.path)
            }
        }
    }
}
