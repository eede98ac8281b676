import ConformCore
import VAST

/// The content of <AdTagURI> and <CustomAdData> must be in a CDATA section.
struct CDATARequiredRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-cdata-required",
        name: "AdTagURI and CustomAdData in CDATA",
        summary: "the content of <AdTagURI> and <CustomAdData> must be in a CDATA section",
        rationale: "VMAP requires the ad tag URI and custom ad data in CDATA: ad tag URIs carry & and macros that break XML when written raw, and custom ad data is a document of its own. Unescaped content either fails to parse or reaches the player altered.",
        fix: "Wrap the content: <vmap:AdTagURI templateType=\"vast3\"><![CDATA[https://...]]></vmap:AdTagURI>.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.2", quote: "<AdTagURI>: a URI that references an ad response from another system. The URI must be contained within a CDATA block."),
            SpecReference(document: .vmap1, section: "2.3.2", quote: "<CustomAdData>: ... The data must be contained within a CDATA block."),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:AdTagURI templateType="vast3">https://a.example/v?a=1&amp;b=2</vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard let source = adBreak.adSource else { continue }
            for (name, node) in [("AdTagURI", source.adTagURI), ("CustomAdData", source.customAdData)] {
                guard let node, !node.value.isEmpty, !node.inCDATA || node.hasTextOutsideCDATA else { continue }
                context.report("the content of <\(name)> is not in a CDATA section", at: node)
            }
        }
    }
}
