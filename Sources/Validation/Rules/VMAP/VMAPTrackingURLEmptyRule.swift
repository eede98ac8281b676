import ConformCore
import VAST

/// Every VMAP <Tracking> must contain a URI.
struct VMAPTrackingURLEmptyRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-tracking-url-empty",
        name: "VMAP tracking URI not empty",
        summary: "every VMAP <Tracking> must contain a URI",
        rationale: "When a break event occurs the player must request every Tracking URI of that event; an empty one is a request to nowhere, and the party that asked for the break pixel sees nothing.",
        fix: "Put the tracking URL in the element, in CDATA: <vmap:Tracking event=\"breakStart\"><![CDATA[https://...]]></vmap:Tracking>.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "4", quote: "Tracking | URI | URI to track for specified event type."),
            SpecReference(document: .vmap1, section: "2.3.3", quote: "the video player must send a request to the tracking URI provided within the <Tracking> elements"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:TrackingEvents><vmap:Tracking event="breakStart"><![CDATA[https://t.example/s]]></vmap:Tracking></vmap:TrackingEvents></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:TrackingEvents>↓<vmap:Tracking event="breakStart"></vmap:Tracking></vmap:TrackingEvents></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            for event in adBreak.trackingEvents where event.url.value.isEmpty {
                context.report("VMAP <Tracking\(event.event.map { " event=\"\($0)\"" } ?? "")> has no URI", at: event.url)
            }
        }
    }
}
