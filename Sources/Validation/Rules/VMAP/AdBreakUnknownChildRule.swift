import ConformCore
import VAST

/// <AdBreak> may contain only <AdSource>, <TrackingEvents> and <Extensions>.
struct AdBreakUnknownChildRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adbreak-unknown-child",
        name: "Children of <AdBreak>",
        summary: "<AdBreak> may contain only <AdSource>, <TrackingEvents> and <Extensions>",
        rationale: "The VMAP schema defines what <AdBreak> contains (<AdSource>, <TrackingEvents> and <Extensions>); anything else is a schema error (VMAP 1000) that players skip, usually a misspelling or an element in the wrong place. Extension content is not checked.",
        fix: "Fix the element name (names are case-sensitive) or move it under the parent that defines it.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "Each <adBreak> element may contain any of the following elements: <AdSource> ... <TrackingEvents> ... <Extensions>"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource><vmap:TrackingEvents/></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear">↓<vmap:AdTagURI>https://a.example</vmap:AdTagURI></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for node in context.input.vmap?.unknownNodes ?? [] where node.kind == .element && node.parent == "AdBreak" {
            context.report("<\(node.name)> is not a child of <AdBreak> in VMAP 1.0; expected <AdSource>, <TrackingEvents> and <Extensions>", at: node.position, path: node.path)
        }
    }
}
