import ConformCore
import VAST
import XMLCore

/// A ctv_ad_portfolio extension of an InLine delivers its media in `<MediaFiles>`: MediaFile and InteractiveCreativeFile only.
struct CTVExtensionMediaFilesContentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ctv-extension-mediafiles-content",
        name: "CTV extension MediaFiles content",
        summary: "the <MediaFiles> of an InLine's ctv_ad_portfolio <Extension> should hold <MediaFile> or <InteractiveCreativeFile>, not <Mezzanine> or <ClosedCaptionFiles>",
        rationale: "The extension document makes MediaFiles required for the CTV Ad Portfolio units it delivers (every one but Menu ads, which are not VAST), with MediaFile for image and video creatives and InteractiveCreativeFile for interactive ones; VAST 4.4, whose native form the extension mirrors, adds that mezzanine and closed-caption files are not used for these units. MediaFiles that hold nothing a player renders deliver nothing through the extension, and a Mezzanine or ClosedCaptionFiles there is ignored. Decision: an extension without MediaFiles is not reported: the document's own QR code and tracking examples use the extension for the AdCOM signals and CTV tracking of a unit the native NonLinear delivers, which is not a unit delivered through this extension. A Wrapper's extension is not checked. The native 4.4 form is VAST-4.4-nonlinear-mediafiles-content's. A warning: the native NonLinear may still deliver the ad.",
        fix: "Put the asset in the extension's <MediaFiles> as a <MediaFile> (image or video) or an <InteractiveCreativeFile apiFramework=\"SIMID\">, and drop the <Mezzanine> and <ClosedCaptionFiles>.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension"],
        specReferences: [
            SpecReference(document: .ctvAdPortfolio, section: "Extension structure", quote: "Required for CTV Ad Portfolio ad units delivered through this extension, except Menu Ads."),
            SpecReference(document: .vast44, section: "3.12.3", quote: "Mezzanine files and closed caption files are not used for CTV Ad Portfolio NonLinearAds unless otherwise defined by a future version of this specification."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><MediaFiles><InteractiveCreativeFile type="text/html" apiFramework="SIMID">https://c.example/s.html</InteractiveCreativeFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><plcmt>6</plcmt></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><Wrapper><VASTAdTagURI>https://a.example/next</VASTAdTagURI><Extensions><Extension type="ctv_ad_portfolio"><TrackingEvents><Tracking event="overlayViewDuration">https://t.example/ovd</Tracking></TrackingEvents></Extension></Extensions></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://c.example/v.mp4</MediaFile>↓<Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080">https://c.example/m.mp4</Mezzanine></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio">↓<MediaFiles></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (_, _, element) in CTVExtensionMedia.portfolios(context) {
            // No MediaFiles: the extension signals a unit the native NonLinear delivers.
            guard let mediaFiles = element.child("MediaFiles") else { continue }
            NonLinearMediaFilesContent.report(mediaFiles, placedAs: "in a ctv_ad_portfolio <MediaFiles>",
                                              named: "the ctv_ad_portfolio <MediaFiles>", in: context)
        }
    }
}
