import ConformCore
import VAST

/// A time offset of a progress event should not be later than the Linear Duration.
struct ProgressOffsetRangeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-progress-offset-range",
        name: "Progress offset within the ad",
        summary: "a time offset of a progress event should not be later than the Linear Duration",
        rationale: "A progress pixel at a time past the end of the ad never fires; the buyer who asked for it sees zero. Percentages are bounded by their format rule.",
        fix: "Use an offset within the ad, for example offset=\"00:00:10\" for a 15-second ad, or a percentage.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.3", quote: "When the progress of the Linear creative has matched the value specified, the included URI is triggered."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:15</Duration><TrackingEvents><Tracking event="progress" offset="00:00:10">https://t.example/p</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:15</Duration><TrackingEvents>↓<Tracking event="progress" offset="00:00:30">https://t.example/p</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear, let duration = linear.duration?.value else { continue }
            for event in linear.trackingEvents {
                guard case .time(let offset)? = event.offset?.value, offset > duration else { continue }
                context.report("the \(event.event ?? "tracking") event at offset \(event.offset!.raw) is after the end of the \(duration.seconds)-second ad and never fires", at: event.url)
            }
        }
    }
}
