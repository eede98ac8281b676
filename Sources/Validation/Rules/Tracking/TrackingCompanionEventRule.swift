import ConformCore
import VAST

/// Companion tracking has one event: creativeView.
struct TrackingCompanionEventRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-tracking-companion-event",
        name: "Companion tracking event",
        summary: "a <Companion> may track only the creativeView event",
        rationale: """
            Companions have no playback: the only event a player fires for one is creativeView, when it is \
            shown (VAST 4.3 §3.14.1: "the only VAST event available for tracking companion creative"). A start or complete pixel on a companion never fires, and the \
            report counts it as missing delivery. Decision: applied to every version, because no version \
            defines another companion event. Through 4.2 the XSDs give a Companion's TrackingEvents the event list \
            every TrackingEvents shares, and the draft 4.4 schema any string, so they accept start or complete \
            there; the rule follows the text, which names creativeView as the companion's one event.
            """,
        fix: "Track creativeView on the companion; move playback events to the Linear creative's <TrackingEvents>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Companion"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.1", quote: "The only VAST event available for tracking companion creative is the creativeView event"),
            SpecReference(document: .vast42, section: "XSD CompanionAd_type", quote: "For Companions creativeView is the only supported event."),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\"><StaticResource creativeType=\"image/png\"><![CDATA[https://c.example/a.png]]></StaticResource><TrackingEvents><Tracking event=\"creativeView\"><![CDATA[https://t.example/cv]]></Tracking></TrackingEvents></Companion></CompanionAds>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\"><TrackingEvents>\n↓<Tracking event=\"start\"><![CDATA[https://t.example/s]]></Tracking></TrackingEvents></Companion></CompanionAds>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Companion/TrackingEvents/Tracking@event: the event list every TrackingEvents shares", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastTracking_type@event type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        let valid = TrackingEvents.names(for: context.version)
        let events = context.trackingEvents
        for index in events.indices where events[index].parent == .companion {
            let event = events[index].event
            guard let name = event.event, name != "creativeView", valid.contains(name) else { continue }
            context.report("<Companion> tracks \"\(name)\"; a companion's only tracking event is creativeView", at: event.url)
        }
    }
}
