import ConformCore
import VAST

/// Linear playback metrics under NonLinearAds.
struct TrackingNonLinearEventRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-tracking-nonlinear-event",
        name: "Linear-only event on a NonLinear ad",
        summary: "<NonLinearAds> tracks a linear playback event (start, quartiles, complete, progress, loaded, closeLinear)",
        rationale: """
            VAST 4.1 and later list the metrics per ad kind: start, the quartiles, complete, progress, loaded \
            and closeLinear are Linear metrics; a NonLinear ad is measured with creativeView, \
            acceptInvitation, adExpand, adCollapse, minimize, close and overlayViewDuration. Players do not \
            fire Linear metrics for an overlay, so these pixels report nothing. Decision: a warning from 4.1 on, \
            where the per-kind table exists; earlier versions used one shared list. The 4.1 and 4.2 XSDs give \
            NonLinearAds the event list every TrackingEvents shares, linear playback events included, and the draft \
            4.4 schema takes any string; the rule follows the text's list of non-linear events.
            """,
        fix: "Track creativeView (and the NonLinear metrics) on <NonLinearAds>; keep playback events on Linear creatives.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["NonLinearAds"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.3", quote: "Accepted values are listed in section 3.14.1 and differ for <Linear>, <NonLinear>, and <Companion>"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<NonLinearAds><TrackingEvents><Tracking event=\"creativeView\"><![CDATA[https://t.example/cv]]></Tracking></TrackingEvents></NonLinearAds>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<NonLinearAds><TrackingEvents>\n↓<Tracking event=\"midpoint\"><![CDATA[https://t.example/m]]></Tracking></TrackingEvents></NonLinearAds>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "NonLinearAds/TrackingEvents/Tracking@event: the event list every TrackingEvents shares", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastTracking_type@event type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        for index in events.indices where events[index].parent == .nonLinear {
            let event = events[index].event
            guard let name = event.event, TrackingFacts.linearOnly.contains(name) else { continue }
            context.report("<NonLinearAds> tracks \"\(name)\", a Linear metric that players do not fire for NonLinear ads", at: event.url)
        }
    }
}
