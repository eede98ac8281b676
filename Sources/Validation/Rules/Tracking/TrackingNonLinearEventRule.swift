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
            where the per-kind table exists; earlier versions used one shared list. VAST 4.4 makes start, the \
            quartiles, complete, progress and loaded time-based events of a NonLinear with a known Duration (a \
            CTV Ad Portfolio video, an overlay's timed display), so from 4.4 on only closeLinear is reported; a \
            NonLinear without the Duration they need is VAST-4.4-nonlinear-duration-required's. Before 4.4, a \
            creative whose ctv_ad_portfolio Extension gives a Duration is measured the same way and not reported. The 4.1 and 4.2 XSDs \
            give NonLinearAds the event list every TrackingEvents shares, linear playback events included, and the \
            draft 4.4 schema takes any string; the rule follows the text's list of non-linear events.
            """,
        fix: "Track creativeView (and the NonLinear metrics) on <NonLinearAds>; keep playback events on Linear creatives.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["NonLinearAds"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.3", quote: "Accepted values are listed in section 3.14.1 and differ for <Linear>, <NonLinear>, and <Companion>"),
            SpecReference(document: .vast44, section: "3.14.1", quote: "The following time-based events apply to Linear ads and to NonLinear ads when the NonLinear creative has a known <Duration> and the player can determine playback or display progress for the creative."),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<NonLinearAds><TrackingEvents><Tracking event=\"creativeView\"><![CDATA[https://t.example/cv]]></Tracking></TrackingEvents></NonLinearAds>"),
            SketchTag.creative("4.4", "<NonLinearAds><NonLinear><Duration>00:00:10</Duration><StaticResource creativeType=\"image/png\"><![CDATA[https://c.example/o.png]]></StaticResource></NonLinear><TrackingEvents><Tracking event=\"midpoint\"><![CDATA[https://t.example/m]]></Tracking></TrackingEvents></NonLinearAds>"),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative id="c"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/o.png</StaticResource></NonLinear><TrackingEvents><Tracking event="complete">https://t.example/c</Tracking></TrackingEvents></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><CreativeId>c</CreativeId><Duration>00:00:10</Duration></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<NonLinearAds><TrackingEvents>\n↓<Tracking event=\"midpoint\"><![CDATA[https://t.example/m]]></Tracking></TrackingEvents></NonLinearAds>"),
            SketchTag.creative("4.4", "<NonLinearAds><TrackingEvents><Tracking event=\"start\"><![CDATA[https://t.example/s]]></Tracking>\n↓<Tracking event=\"closeLinear\"><![CDATA[https://t.example/cl]]></Tracking></TrackingEvents></NonLinearAds>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "NonLinearAds/TrackingEvents/Tracking@event: the event list every TrackingEvents shares", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastTracking_type@event type=\"xs:string\"", .looser),
        ]))

    /// The events VAST 4.4 makes time-based NonLinear metrics (§3.14.1) among the Linear-only ones.
    static let timeBased: Set<String> = ["loaded", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "progress"]

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        // Before 4.4: the Tracking of creatives whose ctv_ad_portfolio Extension gives a Duration.
        var timed: Set<SourcePosition> = []
        if context.version < .v4_4 {
            for ad in context.ads {
                guard let body = ad.body else { continue }
                for creative in body.creatives {
                    guard let nonLinearAds = creative.nonLinearAds,
                          body.ctvAdPortfolios.contains(where: { $0.nonLinear?.duration != nil && $0.creative(in: body)?.path == creative.path }) else { continue }
                    for event in nonLinearAds.trackingEvents + nonLinearAds.repeatedTrackingEvents { timed.insert(event.url.position) }
                }
            }
        }
        for index in events.indices where events[index].parent == .nonLinear {
            let event = events[index].event
            guard let name = event.event, TrackingFacts.linearOnly.contains(name) else { continue }
            if Self.timeBased.contains(name) && (context.version >= .v4_4 || timed.contains(event.url.position)) { continue }
            context.report("<NonLinearAds> tracks \"\(name)\", a Linear metric that players do not fire for NonLinear ads", at: event.url)
        }
    }
}
