import ConformCore
import VAST

/// <VASTAdData> must contain a <VAST> document as XML (not CDATA).
struct VASTAdDataRootRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-vastaddata-vast-root",
        name: "VASTAdData holds VAST",
        summary: "<VASTAdData> must contain a <VAST> document as XML (not CDATA)",
        rationale: "VASTAdData embeds the VAST response as XML. Text (often the VAST escaped in CDATA), another root, or nothing cannot be parsed as an ad by players or by conform, so the embedded ad is not checked either.",
        fix: "Put the <VAST> element itself inside <vmap:VASTAdData>, without CDATA.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "4", quote: "VASTAdData | VAST 3.0 document | A VAST document that comprises the ad response document. Not contained within a CDATA section."),
            SpecReference(document: .vmap1, section: "2.2", quote: "The VAST ads in a VMAP response are not wrapped in CDATA blocks."),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource><vmap:VASTAdData><VAST version="3.0"/></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:AdSource>↓<vmap:VASTAdData><![CDATA[<VAST version="3.0"/>]]></vmap:VASTAdData></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        guard let root = context.input.xml.root, context.input.vmap != nil else { return }
        for (adBreak, element) in zip(context.input.vmap?.adBreaks ?? [], root.children("AdBreak")) {
            guard let source = adBreak.adSource, source.vastAdData == nil, let vastRoot = source.vastAdDataRoot,
                  let data = element.child("AdSource").flatMap({ $0.child("VASTAdData") ?? $0.child("VASTData") }) else { continue }
            let what = vastRoot.isEmpty ? (data.trimmedText.isEmpty ? "nothing" : "text, not a <VAST> element") : "<\(vastRoot)>, not <VAST>"
            context.report("<VASTAdData> holds \(what)", at: data.position, path: data.path)
        }
    }
}
