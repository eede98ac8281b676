import ConformCore
import VAST
import XMLCore

/// A `ctv_ad_portfolio` Extension names its Creative by `CreativeId` when the ad has several creatives.
struct CTVExtensionCreativeIdRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ctv-extension-creative-id",
        name: "CTV Ad Portfolio extension CreativeId",
        summary: "a ctv_ad_portfolio <Extension> must name its creative with a <CreativeId> equal to a Creative@id when the InLine has more than one <Creative>",
        rationale: "The CTV Ad Portfolio extension carries the media, duration and CTV tracking of a NonLinear creative in VAST 2.0 to 4.3, but sits in the InLine's Extensions, not in the creative. With one creative it applies to that creative; with several, the extension document requires a CreativeId, and a player joins it to the Creative whose id matches. Without it, or with an id no Creative has, the player cannot tell which creative the media and tracking belong to and drops them (or joins them to the wrong one).",
        fix: "Add <CreativeId> with the id of the Creative the extension describes, and give that <Creative> the id.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension"],
        specReferences: [
            SpecReference(document: .ctvAdPortfolio, section: "Implementation", quote: "a CreativeId child element is required when the VAST response contains more than one Creative. The CreativeId value should match the id attribute of the associated Creative element."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear/></NonLinearAds></Creative><Creative id="b"><CompanionAds/></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><CreativeId>a</CreativeId></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear/></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><plcmt>6</plcmt></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear/></NonLinearAds></Creative><Creative id="b"><CompanionAds/></Creative></Creatives><Extensions>↓<Extension type="ctv_ad_portfolio"><plcmt>6</plcmt></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear/></NonLinearAds></Creative><Creative id="b"><Linear/></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio">↓<CreativeId>c</CreativeId></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.inLine else { continue }
            for ext in body.extensions where ext.type == "ctv_ad_portfolio" {
                let ids = Set(body.creatives.compactMap(\.id))
                if let creativeId = ext.element.child("CreativeId") {
                    let value = creativeId.text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !ids.contains(value) {
                        context.report("<CreativeId> is \"\(value)\", but no <Creative> of this InLine has that id\(ids.isEmpty ? "" : " (ids: \(ids.sorted().joined(separator: ", ")))")", at: creativeId.position, path: creativeId.path)
                    }
                } else if body.creatives.count > 1 {
                    context.report("the ctv_ad_portfolio <Extension> has no <CreativeId>, and the InLine has \(body.creatives.count) creatives; a player cannot tell which one it describes", at: ext.element.position, path: ext.element.path)
                }
            }
        }
    }
}
