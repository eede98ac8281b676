import ConformCore
import VAST

/// <TrackingEvents> may contain only <Tracking>.
struct VMAPTrackingEventsUnknownChildRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-trackingevents-unknown-child",
        name: "Children of <TrackingEvents>",
        summary: "<TrackingEvents> may contain only <Tracking>",
        rationale: "The VMAP schema defines what <TrackingEvents> contains (<Tracking>); anything else is a schema error (VMAP 1000) that players skip, usually a misspelling or an element in the wrong place. Extension content is not checked.",
        fix: "Fix the element name (names are case-sensitive) or move it under the parent that defines it.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.3", quote: "The <TrackingEvents> element contains <Tracking> elements"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:TrackingEvents><vmap:Tracking event="breakStart">https://t.example/s</vmap:Tracking></vmap:TrackingEvents></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:TrackingEvents>↓<vmap:Impression>https://t.example/s</vmap:Impression></vmap:TrackingEvents></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for node in context.input.vmap?.unknownNodes ?? [] where node.kind == .element && node.parent == "TrackingEvents" {
            context.report("<\(node.name)> is not a child of <TrackingEvents> in VMAP 1.0; expected <Tracking>", at: node.position, path: node.path)
        }
    }
}
