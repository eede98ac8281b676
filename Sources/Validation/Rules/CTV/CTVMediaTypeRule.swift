import ConformCore
import VAST
import XMLCore

/// The MediaFiles of a CTV Ad Portfolio NonLinear, native (VAST 4.4) or in the ctv_ad_portfolio extension, are
/// images or videos: the media every CTV unit takes.
struct CTVMediaTypeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ctv-media-type",
        name: "CTV NonLinear media type",
        summary: "a <MediaFile> of a CTV NonLinear (native in VAST 4.4, or in a ctv_ad_portfolio <Extension>) should be an image or a video; interactive files go in <InteractiveCreativeFile>, and audio has no place there",
        rationale: """
            VAST 4.4 lets the CTV Ad Portfolio units (pause, screensaver, overlay, squeezeback, in-scene) deliver \
            image or video media files, or an InteractiveCreativeFile for an interactive creative, and the \
            extension document gives VAST 2.0 to 4.3 the same choice. Decision, per unit: neither text restricts \
            the media of one unit more than another (the extension document names static images for pause, \
            screensaver and overlay ads only to let them leave their Duration unknown, which \
            PROFILE-ctv-duration-missing applies per unit), so every unit takes image/* and video/* MediaFiles, \
            whatever plcmt the ad signals. An audio file has no place in NonLinearAds ("not applicable to Audio use \
            cases"); HTML or JavaScript delivered as a MediaFile is an interactive creative that belongs in \
            InteractiveCreativeFile, where the player knows to execute it; any other type is "other supported \
            media" that a CTV player renders only by agreement. A MediaFile without a type is \
            VAST-4.4-nonlinear-mediafile-attributes' or VAST-2.0-ctv-extension-mediafile-attributes'. A warning: \
            the text allows other media where both sides support them.
            """,
        fix: "Deliver the unit's asset as an image (image/png, image/jpeg) or video (video/mp4, video/webm) <MediaFile>, and an interactive creative as <InteractiveCreativeFile apiFramework=\"SIMID\">.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast44, section: "3.12", quote: "When <MediaFiles> is used under <NonLinear>, the creative may include image or video media files, or an <InteractiveCreativeFile> for secure interactive creative delivery."),
            SpecReference(document: .vast44, section: "3.12", quote: "NonLinearAds are not applicable to Audio use cases."),
            SpecReference(document: .ctvAdPortfolio, section: "Overview", quote: "video, image, or interactive creative files for a NonLinear creative"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080">https://m.example/p.png</MediaFile><MediaFile delivery="progressive" type="video/webm" width="1920" height="1080">https://m.example/v.webm</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><plcmt>8</plcmt><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://c.example/v.mp4</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles>↓<MediaFile delivery="progressive" type="audio/mp4" width="0" height="0">https://m.example/jingle.m4a</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><plcmt>7</plcmt><MediaFiles>↓<MediaFile delivery="progressive" type="text/html" width="1920" height="1080">https://c.example/overlay.html</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.inLine else { continue }
            let unit = body.placementSignals.lazy.compactMap(\.unit).first
            var files: [MediaFile] = []
            for creative in body.creatives {
                for nonLinear in creative.nonLinearAds?.nonLinears ?? [] { files += nonLinear.mediaFiles }
            }
            for portfolio in body.ctvAdPortfolios { files += portfolio.nonLinear?.mediaFiles ?? [] }
            for file in files {
                guard let raw = file.type, !raw.isEmpty else { continue }
                let type = raw.lowercased()
                if type.hasPrefix("image/") || type.hasPrefix("video/") { continue }
                let forUnit = unit.map { " (the \($0.title) unit the ad signals takes images and videos)" } ?? ""
                let why: String
                if type.hasPrefix("audio/") {
                    why = "an audio file has no place in a CTV NonLinear: NonLinearAds are not for audio"
                } else if type == "text/html" || type.contains("javascript") {
                    why = "an interactive file belongs in <InteractiveCreativeFile>, where the player knows to execute it"
                } else {
                    why = "a CTV player renders image and video MediaFiles; other media only by agreement"
                }
                context.report("the NonLinear <MediaFile> is of type \"\(raw)\": \(why)\(forUnit)", at: file.url)
            }
        }
    }
}
