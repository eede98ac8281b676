import ConformCore
import VAST

/// A progress offset past the end of the ad.
struct TrackingProgressBeyondDurationRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-tracking-progress-beyond-duration",
        name: "Progress offset beyond duration",
        summary: "a progress offset lies after the end of the Linear's Duration",
        rationale: "A progress event fires when playback reaches its offset; an offset later than the ad's Duration is never reached, so the pixel never fires. Usually the offset was written for a longer cut of the creative.",
        fix: "Set the offset within the ad's Duration, or use a percentage.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.1", quote: "progress: The creative played for a duration at normal speed that is equal to or greater than the value provided in an additional offset attribute"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<Duration>00:00:15</Duration><TrackingEvents><Tracking event=\"progress\" offset=\"00:00:10\"><![CDATA[https://t.example/p]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<Duration>00:00:15</Duration><TrackingEvents>\n↓<Tracking event=\"progress\" offset=\"00:00:30\"><![CDATA[https://t.example/p]]></Tracking></TrackingEvents>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            guard let linear = creative.linear, let duration = linear.duration?.value else { continue }
            for event in linear.trackingEvents where event.event == "progress" {
                guard case .time(let time)? = event.offset?.value, time > duration else { continue }
                context.report("progress offset \(time) is after the end of the ad (Duration \(duration))", at: event.url)
            }
        }
    }
}
