import ConformCore
import VAST

/// Every <AdSource> must contain exactly one of <VASTAdData>, <AdTagURI> or <CustomAdData>.
struct AdSourceContentRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adsource-content",
        name: "AdSource content",
        summary: "every <AdSource> must contain exactly one of <VASTAdData>, <AdTagURI> or <CustomAdData>",
        rationale: "AdSource is a choice: the ad response inline (VASTAdData), a URI to fetch it from (AdTagURI) or proprietary data (CustomAdData). With none there is nothing to play; with several, players take one and ignore the rest.",
        fix: "Keep exactly one of the three.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.2", quote: "If the <adSource> element is provided, it must define the source for ads with one of the following elements"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear">↓<vmap:AdSource id="a"/></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard let source = adBreak.adSource, source.contentCount != 1 else { continue }
            let message = source.contentCount == 0 ? "<AdSource> has none of <VASTAdData>, <AdTagURI> or <CustomAdData>"
                : "<AdSource> has \(source.contentCount) of <VASTAdData>, <AdTagURI> and <CustomAdData>; exactly one is allowed"
            context.report(message, at: source.position, path: source.path)
        }
    }
}
