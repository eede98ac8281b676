import ConformCore
import VAST

/// `offset` on a Linear event other than progress.
struct TrackingOffsetEventRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-tracking-offset-event",
        name: "Tracking offset on a non-progress event",
        summary: "the offset attribute is used only with the progress event",
        rationale: "Only progress events are fired at an offset; every other event fires at its own moment (start, midpoint, ...) and players ignore an offset there. An offset on another event usually means the event should have been progress, so the pixel fires at the wrong time. The spec text describes offset for progress only, so this is a warning.",
        fix: "Change the event to progress, or remove the offset.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.3", quote: "When using the progress event, an offset attribute for linear ads can be used"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"progress\" offset=\"25%\"><![CDATA[https://t.example/p]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"start\" offset=\"00:00:05\"><![CDATA[https://t.example/s]]></Tracking></TrackingEvents>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        for index in events.indices where events[index].parent == .linear && events[index].event.offset != nil {
            let event = events[index].event
            guard let name = event.event, name != "progress" else { continue }
            context.report("<Tracking event=\"\(name)\"> has an offset; offset is only used with progress events", at: event.url)
        }
    }
}
