import ConformCore
import VAST

/// Every <AdTagURI> must have templateType vast, vast1, vast2, vast3, vast4 or proprietary.
struct AdTagURITemplateTypeRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adtaguri-templatetype",
        name: "AdTagURI templateType",
        summary: "every <AdTagURI> must have templateType vast, vast1, vast2, vast3, vast4 or proprietary",
        rationale: "templateType is required: it tells the player which parser the fetched response needs. Players skip an ad source whose template type they do not support (VMAP error 1005). vast4 is accepted as the common extension of the 1.0.1 list.",
        fix: "Add templateType=\"vast3\" (or the VAST major version served).",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .vmap1, section: "2.4.1.2", quote: "templateType: ... “vast1”, “vast2”, “vast3”, “proprietary” ... Required"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1005 Ad response template type not supported"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:AdTagURI><![CDATA[https://a.example/v]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:AdTagURI templateType="VAST 3"><![CDATA[https://a.example/v]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ])

    func check(_ context: RuleContext) {
        for adBreak in context.vmap?.adBreaks ?? [] {
            guard let source = adBreak.adSource, let uri = source.adTagURI else { continue }
            guard let type = source.adTagTemplateType else {
                context.report("<AdTagURI> has no templateType attribute", at: uri)
                continue
            }
            if !["vast", "vast1", "vast2", "vast3", "vast4", "proprietary"].contains(type) {
                context.report("AdTagURI@templateType is \"\(type)\"; expected vast1, vast2, vast3, vast4 or proprietary", at: uri)
            }
        }
    }
}
