import ConformCore
import VAST

/// `<Tracking>` must have an `event` attribute.
struct TrackingEventPresentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-tracking-event-present",
        name: "Tracking event attribute",
        summary: "every <Tracking> must have an event attribute",
        rationale: "The event attribute is required (use=\"required\") in every VAST schema: without it a player cannot tell when to fire the pixel, so it never fires.",
        fix: "Add event=\"…\" naming the moment to track (start, firstQuartile, complete, ...), or remove the element.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.3", quote: "event | A string that defines the event being tracked"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"complete\"><![CDATA[https://t.example/c]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking><![CDATA[https://t.example/c]]></Tracking></TrackingEvents>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "Tracking@event use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        for index in events.indices where events[index].event.event == nil {
            let parent = events[index].parent, event = events[index].event
            context.report("<Tracking> under <\(parent.rawValue)> has no event attribute", at: event.url)
        }
    }
}
