import ConformCore
import VAST

/// Every <AdTagURI> and <CustomAdData> must have a templateType attribute.
struct TemplateTypeRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-templatetype",
        name: "templateType declared",
        summary: "every <AdTagURI> and <CustomAdData> must have a templateType attribute",
        rationale: "templateType is required on AdTagURI and CustomAdData: it tells the player which parser the ad response needs (VASTAdData needs none). Players skip an ad source whose template they cannot identify (VMAP error 1005).",
        fix: "Add templateType=\"vast3\" (or vast, vast1, vast2, or the name of a proprietary template).",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "4", quote: "templateType | vast1, vast2, vast3 or proprietary. | Yes"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1005 Ad response template type not supported"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:AdTagURI><![CDATA[https://a.example/v]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:CustomAdData><![CDATA[x]]></vmap:CustomAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for element in VMAPTree.adSourceContent(context) where element.name != "VASTAdData" && element.name != "VASTData" {
            guard element.attribute("templateType") == nil else { continue }
            context.report("<\(element.name)> has no templateType attribute", at: element.position, path: element.path)
        }
    }
}
