import ConformCore
import VAST
import XMLCore

/// A ctv_ad_portfolio extension's `<MediaFile>` has the attributes a MediaFile needs: delivery, type, width, height.
struct CTVExtensionMediaFileAttributesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ctv-extension-mediafile-attributes",
        name: "CTV extension MediaFile attributes",
        summary: "every <MediaFile> of a ctv_ad_portfolio <Extension> must have delivery, type, width and height attributes",
        rationale: "The ctv_ad_portfolio extension gives VAST 2.0 to 4.3 the NonLinear media delivery that VAST 4.4 has natively, with the VAST MediaFile element, whose delivery, type, width and height every version requires. A CTV player picks the file it renders by type (an image for a static unit, a video for a cinemagraph) and fits it by width and height; without them it skips the file or guesses. The native 4.4 form is checked by VAST-4.4-nonlinear-mediafile-attributes; this rule reads the extension's own MediaFiles, so a file is reported once, by the rule of its form.",
        fix: "Add delivery=\"progressive\", the MIME type (image/png, video/mp4) and the asset's width and height in pixels to the extension's <MediaFile>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension"],
        specReferences: [
            SpecReference(document: .ctvAdPortfolio, section: "Media file delivery", quote: "For CTV Ad Portfolio ad units, MediaFiles in this extension provides the media delivery model that VAST 2.0 does not natively provide under NonLinear."),
            SpecReference(document: .vast44, section: "3.9.1", quote: "type*: MIME type for the file container."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080">https://c.example/p.png</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><MediaFiles>↓<MediaFile type="video/mp4">https://c.example/cine.mp4</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080">https://c.example/p.png</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><MediaFiles>↓<MediaFile delivery="progressive" width="1920" height="1080">https://c.example/p.png</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (_, portfolio, _) in CTVExtensionMedia.portfolios(context) {
            for file in portfolio.nonLinear?.mediaFiles ?? [] {
                let missing = Missing.list(["delivery": file.delivery == nil, "type": file.type == nil,
                                            "width": file.width == nil, "height": file.height == nil])
                guard !missing.isEmpty else { continue }
                context.report("the ctv_ad_portfolio <MediaFile> lacks \(missing); delivery, type, width and height are required", at: file.url)
            }
        }
    }
}
