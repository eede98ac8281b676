import ConformCore
import VAST

/// progress needs an offset.
struct TrackingProgressOffsetRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-tracking-progress-offset",
        name: "Progress offset",
        summary: "a progress <Tracking> must have an offset attribute",
        rationale: "A progress event fires when playback reaches its offset; VAST 3.0 requires the offset for progress events, and without one players cannot fire the pixel.",
        fix: "Add offset=\"HH:MM:SS\" or offset=\"n%\" to the progress <Tracking>.",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast42, section: "XSD TrackingEvents_type", quote: "Must be present for progress event."),
            SpecReference(document: .vast43, section: "3.14.1", quote: "progress: The creative played for a duration at normal speed that is equal to or greater than the value provided in an additional offset attribute"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"progress\" offset=\"00:00:10.000\"><![CDATA[https://t.example/p]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"progress\"><![CDATA[https://t.example/p]]></Tracking></TrackingEvents>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        for index in events.indices where events[index].event.event?.isSameName("progress") == true && events[index].event.offset == nil {
            let parent = events[index].parent, event = events[index].event
            context.report("progress <Tracking> under <\(parent.rawValue)> has no offset; players cannot tell when to fire it", at: event.url)
        }
    }
}
