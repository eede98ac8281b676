import ConformCore
import VAST

/// `offset` exists only on Linear tracking.
struct TrackingOffsetParentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-tracking-offset-parent",
        name: "Tracking offset outside Linear",
        summary: "the offset attribute is allowed only on <Tracking> under <Linear>",
        rationale: "VAST 3.0 added offset for progress events of Linear ads: it is a point in the linear playback. NonLinear, Companion and Verification tracking have no playback timeline, so the schema for them has no offset and players ignore it. The XSDs declare offset on the one Tracking type every TrackingEvents shares, so they accept it under NonLinearAds or a Companion too; the rule follows the text, which defines it for Linear tracking only.",
        fix: "Remove offset from the <Tracking> element, or move the progress event to the Linear creative.",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.3", quote: "The offset attribute is only available for the <Tracking> element under <Linear>"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"progress\" offset=\"00:00:05\"><![CDATA[https://t.example/p]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<NonLinearAds><TrackingEvents>\n↓<Tracking event=\"creativeView\" offset=\"00:00:05\"><![CDATA[https://t.example/cv]]></Tracking></TrackingEvents></NonLinearAds>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["offset"], [
            .init(VASTVersion.v3_0...VASTVersion.v4_4, "Tracking@offset on the Tracking type every TrackingEvents shares", .looser),
        ]))

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        for index in events.indices where events[index].parent != .linear && events[index].event.offset != nil {
            let parent = events[index].parent, event = events[index].event
            context.report("<Tracking event=\"\(event.event ?? "")\"> under <\(parent.rawValue)> has an offset; offset applies only to Linear progress events", at: event.url)
        }
    }
}
