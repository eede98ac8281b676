import ConformCore
import VAST

/// A templateType meant as VAST should be spelled vast, vast1, vast2, vast3 or vast4.
struct TemplateTypeValueRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-templatetype-value",
        name: "templateType spelling",
        summary: "a templateType meant as VAST should be spelled vast, vast1, vast2, vast3 or vast4",
        rationale: "VMAP accepts vast, vast1, vast2, vast3 or any string naming a proprietary template, so a value like \"VAST3\" or \"vast 3\" is read as an unknown proprietary template and most players skip the ad source (1005). vast4 is not in the 1.0.1 list but is what VAST 4 servers write; it is accepted.",
        fix: "Write templateType=\"vast3\" (lower case, no space).",
        severity: .warning,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.2", quote: "The values accepted for templateType are: \"vast\", \"vast1\", \"vast2\", \"vast3\", or any string identifying a proprietary template."),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:CustomAdData templateType="acme-v2"><![CDATA[x]]></vmap:CustomAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:AdTagURI templateType="VAST 3"><![CDATA[https://a.example/v]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    private static let known: Set<String> = ["vast", "vast1", "vast2", "vast3", "vast4"]

    func check(_ context: RuleContext) {
        for element in VMAPTree.adSourceContent(context) {
            guard let type = element.attribute("templateType"), !Self.known.contains(type), type.lowercasedIfNeeded().hasPrefix("vast") else { continue }
            context.report("templateType \"\(type)\" looks like VAST but is not vast, vast1, vast2, vast3 or vast4; players read it as a proprietary template", at: element.position, path: element.path)
        }
    }
}
