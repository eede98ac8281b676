import ConformCore
import VAST

/// An <AdBreak> may contain at most one <AdSource>.
struct AdBreakMultipleAdSourceRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adbreak-multiple-adsource",
        name: "One AdSource per AdBreak",
        summary: "an <AdBreak> may contain at most one <AdSource>",
        rationale: "VMAP allows zero or one AdSource per break; with two, players use the first and the second ad request is never made.",
        fix: "Split the break into two <AdBreak> elements, or merge the sources into one ad response.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.2", quote: "Each <AdBreak> may contain up to one <AdSource> element, but is not required."),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard adBreak.adSourceCount > 1 else { continue }
            context.report("<AdBreak> has \(adBreak.adSourceCount) <AdSource> elements; at most one is allowed", at: adBreak.position, path: adBreak.path)
        }
    }
}
