import ConformCore
import VAST

/// A CTV NonLinear event the declared version's schema lacks goes in the `ctv_ad_portfolio` Extension, not in
/// `<NonLinearAds><TrackingEvents>`.
struct CTVTrackingInExtensionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ctv-tracking-in-extension",
        name: "CTV tracking event outside the extension",
        summary: "a NonLinear event of the CTV Ad Portfolio that the declared version does not define belongs in the ctv_ad_portfolio <Extension>'s <TrackingEvents>, not under <NonLinearAds>",
        rationale: """
            VAST 4.4 measures NonLinear ads (pause, screensaver, overlay, squeezeback, in-scene) with events such \
            as overlayViewDuration, adExpand, adCollapse, minimize, otherAdInteraction and, for time-based media, \
            loaded and progress. Earlier schemas enumerate the tracking events and lack some of these (VAST 2.0 \
            and 3.0 have no overlayViewDuration; 4.0 has no loaded), so a tag placing them under \
            <NonLinearAds><TrackingEvents> fails schema validation and players that follow the schema drop the \
            pixel. The CTV Ad Portfolio extension document keeps the schema-valid events under NonLinearAds and \
            gives such events a place of their own: the TrackingEvents of the ctv_ad_portfolio Extension. \
            VAST-2.0-tracking-event-value reports the unknown name; this rule says where the event belongs. \
            Decision: a warning, from VAST 2.0 to 4.0 (4.1, 4.2 and 4.3 define every one of these events, and in 4.4 \
            they are native); the event set is the 4.4 NonLinear and time-based NonLinear metrics, less the \
            declared version's schema list.
            """,
        fix: "Move the <Tracking> into <Extensions><Extension type=\"ctv_ad_portfolio\"><TrackingEvents> (with a <CreativeId> when the InLine has several creatives), or declare VAST 4.4.",
        severity: .warning,
        versions: VASTVersion.v2_0...VASTVersion.v4_0,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .ctvAdPortfolio, section: "Duration and tracking", quote: "CTV-specific tracking events, such as overlayViewDuration, may be declared inside the ctv_ad_portfolio extension."),
            SpecReference(document: .ctvAdPortfolio, section: "Extension structure", quote: "Optional tracking for CTV-specific events or events that are not valid in strict VAST 2.0 schema validation."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><TrackingEvents><Tracking event="creativeView">https://t.example/cv</Tracking></TrackingEvents><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><TrackingEvents><Tracking event="overlayViewDuration">https://t.example/ovd</Tracking></TrackingEvents></Extension></Extensions></InLine></Ad></VAST>"#),
            // 4.0 defines overlayViewDuration: native placement is schema-valid.
            SketchTag.creative("4.0", "<NonLinearAds><TrackingEvents><Tracking event=\"overlayViewDuration\"><![CDATA[https://t.example/ovd]]></Tracking></TrackingEvents><NonLinear/></NonLinearAds>"),
        ],
        invalidExamples: [
            SketchTag.creative("2.0", "<NonLinearAds><TrackingEvents>\n↓<Tracking event=\"overlayViewDuration\"><![CDATA[https://t.example/ovd]]></Tracking></TrackingEvents><NonLinear/></NonLinearAds>"),
            SketchTag.creative("3.0", "<NonLinearAds><TrackingEvents><Tracking event=\"creativeView\"><![CDATA[https://t.example/cv]]></Tracking>\n↓<Tracking event=\"minimize\"><![CDATA[https://t.example/min]]></Tracking></TrackingEvents><NonLinear/></NonLinearAds>"),
            SketchTag.creative("4.0", "<NonLinearAds><TrackingEvents>\n↓<Tracking event=\"loaded\"><![CDATA[https://t.example/l]]></Tracking></TrackingEvents><NonLinear/></NonLinearAds>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_0, "Tracking@event enumeration (the events of the version)", .enforced),
        ]))

    /// The events VAST 4.4 lists for NonLinear ads: the NonLinear metrics and the time-based ones that apply to
    /// a NonLinear with a known Duration (VAST 4.4 §3.14.1).
    static let ctvNonLinearEvents: Set<String> = [
        "creativeView", "acceptInvitation", "adExpand", "adCollapse", "minimize", "close", "overlayViewDuration",
        "otherAdInteraction", "loaded", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "progress",
    ]

    func check(_ context: RuleContext) {
        let defined = TrackingEvents.names(for: context.version)
        let events = context.trackingEvents
        for index in events.indices where events[index].parent == .nonLinear {
            let event = events[index].event
            guard let name = event.event, Self.ctvNonLinearEvents.contains(name), !defined.contains(name) else { continue }
            context.report("<NonLinearAds> tracks \"\(name)\", which the VAST \(context.version.rawValue) schema does not define; the CTV Ad Portfolio extension carries it in <Extension type=\"ctv_ad_portfolio\"><TrackingEvents>",
                           at: event.url)
        }
    }
}
