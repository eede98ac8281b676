import ConformCore
import VAST

/// Every VMAP <Tracking> must have event breakStart, breakEnd or error.
struct VMAPTrackingEventValueRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-tracking-event-value",
        name: "VMAP tracking events",
        summary: "every VMAP <Tracking> must have event breakStart, breakEnd or error",
        rationale: "VMAP defines three break-level events; any other name (start, impression, breakstart) is never fired, so the pixel silently reports nothing.",
        fix: "Write event=\"breakStart\", \"breakEnd\" or \"error\".",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.3", quote: "VMAP tracking events: breakStart, breakEnd, error"),
            SpecReference(document: .vmap1, section: "4", quote: "Event | breakStart, breakEnd, error | Yes"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:TrackingEvents><vmap:Tracking event="breakEnd">https://t.example/e</vmap:Tracking></vmap:TrackingEvents></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:TrackingEvents>↓<vmap:Tracking event="start">https://t.example/s</vmap:Tracking>↓<vmap:Tracking>https://t.example/x</vmap:Tracking></vmap:TrackingEvents></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            for event in adBreak.trackingEvents {
                guard let name = event.event else {
                    context.report("VMAP <Tracking> has no event attribute (breakStart, breakEnd or error)", at: event.url)
                    continue
                }
                if !["breakStart", "breakEnd", "error"].contains(name) {
                    context.report("VMAP <Tracking> event \"\(name)\" is not breakStart, breakEnd or error and never fires", at: event.url)
                }
            }
        }
    }
}
