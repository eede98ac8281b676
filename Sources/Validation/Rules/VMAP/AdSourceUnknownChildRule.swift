import ConformCore
import VAST

/// <AdSource> may contain only <VASTAdData>, <AdTagURI> or <CustomAdData>.
struct AdSourceUnknownChildRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adsource-unknown-child",
        name: "Children of <AdSource>",
        summary: "<AdSource> may contain only <VASTAdData>, <AdTagURI> or <CustomAdData>",
        rationale: "The VMAP schema defines what <AdSource> contains (<VASTAdData>, <AdTagURI> or <CustomAdData>); anything else is a schema error (VMAP 1000) that players skip, usually a misspelling or an element in the wrong place. Extension content is not checked.",
        fix: "Fix the element name (names are case-sensitive) or move it under the parent that defines it.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.2", quote: "If the <adSource> element is provided, it must define the source for ads with one of the following elements: <VASTAdData> ... <AdTagURI> ... <CustomAdData>"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:VASTTag>https://a.example</vmap:VASTTag></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for node in context.input.vmap?.unknownNodes ?? [] where node.kind == .element && node.parent == "AdSource" {
            context.report("<\(node.name)> is not a child of <AdSource> in VMAP 1.0; expected <VASTAdData>, <AdTagURI> or <CustomAdData>", at: node.position, path: node.path)
        }
    }
}
