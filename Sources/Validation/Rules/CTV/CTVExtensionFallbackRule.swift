import ConformCore
import VAST
import XMLCore

/// The creative a `ctv_ad_portfolio` Extension describes keeps a native NonLinear for players that ignore it.
struct CTVExtensionFallbackRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ctv-extension-fallback",
        name: "CTV Ad Portfolio extension fallback",
        summary: "the creative a ctv_ad_portfolio <Extension> describes should have a native <NonLinear> for players that ignore the extension",
        rationale: "Players that do not know the CTV Ad Portfolio extension ignore it, as VAST tells them to do with any extension, so for them the ad is whatever the native elements hold. The extension document asks ad servers to keep a native NonLinear resource (a StaticResource) beside the extension's media as the fallback. A creative with no NonLinear at all leaves those players nothing to show. A NonLinear present but without a resource is reported by VAST-2.0-nonlinear-resource. A warning: the document says \"when practical\".",
        fix: "Give the described <Creative> a <NonLinearAds><NonLinear> with a <StaticResource> of the still image (the same asset as the extension's image MediaFile, or a poster frame of its video).",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension"],
        specReferences: [
            SpecReference(document: .ctvAdPortfolio, section: "Overview", quote: "When practical, ad servers should also include a VAST 2.0-native NonLinear resource, such as a StaticResource, as a fallback."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><CreativeId>a</CreativeId></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative id="a"><Linear/></Creative></Creatives><Extensions>↓<Extension type="ctv_ad_portfolio"><MediaFiles><MediaFile type="image/png">https://c.example/p.png</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.inLine else { continue }
            for ext in body.extensions where ext.type == "ctv_ad_portfolio" {
                let creative: Creative?
                if let id = ext.element.child("CreativeId")?.text.trimmingCharacters(in: .whitespacesAndNewlines) {
                    creative = body.creatives.first { $0.id == id }
                } else {
                    creative = body.creatives.first { $0.nonLinearAds != nil } ?? (body.creatives.count == 1 ? body.creatives.first : nil)
                }
                // An unknown CreativeId is reported by VAST-2.0-ctv-extension-creative-id.
                guard let creative, creative.nonLinearAds?.nonLinears.isEmpty ?? true else { continue }
                context.report("the creative this ctv_ad_portfolio <Extension> describes\(creative.id.map { " (\($0))" } ?? "") has no native <NonLinear>; players that ignore the extension show nothing", at: ext.element.position, path: ext.element.path)
            }
        }
    }
}
