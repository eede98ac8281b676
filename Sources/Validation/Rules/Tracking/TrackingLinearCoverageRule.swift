import ConformCore
import VAST

/// An InLine Linear that measures no playback at all.
struct TrackingLinearCoverageRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-tracking-linear-coverage",
        name: "Linear playback tracking",
        summary: "an InLine <Linear> has none of the start, quartile and complete events",
        rationale: "Start, the quartiles and complete are how buyers measure delivery of a video ad; the spec names them as the core linear metrics and IMA requires players to fire them. An InLine Linear without any of them reports impressions but no views, which usually breaks billing.",
        fix: "Add <Tracking> for start, firstQuartile, midpoint, thirdQuartile and complete.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.4", quote: "Advertisers and publishers depend on accurate tracking records for billing"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<Linear><TrackingEvents><Tracking event=\"start\"><![CDATA[https://t.example/s]]></Tracking></TrackingEvents></Linear>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<Linear><TrackingEvents><Tracking event=\"mute\"><![CDATA[https://t.example/m]]></Tracking></TrackingEvents></Linear>"),
            SketchTag.creative("4.2", "↓<Linear><Duration>00:00:15</Duration></Linear>"),
        ])

    func check(_ context: RuleContext) {
        for (body, creative) in context.creatives where body.kind == .inLine {
            guard let linear = creative.linear else { continue }
            let names = Set(linear.trackingEvents.compactMap(\.event))
            if !TrackingFacts.quartiles.contains(where: names.contains) {
                context.report("<Linear> tracks none of start, firstQuartile, midpoint, thirdQuartile, complete", at: linear.position, path: linear.path)
            }
        }
    }
}
