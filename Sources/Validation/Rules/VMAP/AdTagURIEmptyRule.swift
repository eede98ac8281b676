import ConformCore
import VAST

/// <AdTagURI> must contain a URI.
struct AdTagURIEmptyRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adtaguri-empty",
        name: "AdTagURI not empty",
        summary: "<AdTagURI> must contain a URI",
        rationale: "An empty AdTagURI is a break with no ad request: the player waits for nothing and fires error 1008 or silently skips the break.",
        fix: "Put the ad request URL in CDATA: <vmap:AdTagURI templateType=\"vast3\"><![CDATA[https://...]]></vmap:AdTagURI>.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.2", quote: "<AdTagURI>: a URI that references an ad response from another system."),
            SpecReference(document: .vmap1, section: "2.5", quote: "1008 Ad response document retrieval error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:AdTagURI templateType="vast3"><![CDATA[ ]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard let uri = adBreak.adSource?.adTagURI, uri.value.isEmpty else { continue }
            context.report("<AdTagURI> is empty", at: uri)
        }
    }
}
