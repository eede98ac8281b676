import ConformCore
import VAST
import XMLCore

/// A VAST 4.4 NonLinear's `<MediaFiles>` holds media and interactive files only: no Mezzanine, no closed captions.
struct NonLinearMediaFilesContentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.4-nonlinear-mediafiles-content",
        name: "NonLinear MediaFiles content",
        summary: "a <NonLinear>'s <MediaFiles> should hold <MediaFile> and <InteractiveCreativeFile> only, not <Mezzanine> or <ClosedCaptionFiles>",
        rationale: "VAST 4.4 reuses the Linear <MediaFiles> element under NonLinear but says that mezzanine files and closed-caption files are not used for CTV Ad Portfolio NonLinear ads: a server-side stitcher does not transcode a pause or overlay asset from a mezzanine, and a player has no caption track to show over a still image. A player ignores them, so whatever they were meant to deliver is lost. A warning: the schema accepts them (one MediaFiles type serves both), and a later version may define them. A NonLinear whose MediaFiles holds neither a MediaFile nor an InteractiveCreativeFile is reported too: it delivers nothing.",
        fix: "Deliver the asset itself as a <MediaFile> (an image or video rendition) or an <InteractiveCreativeFile apiFramework=\"SIMID\">, and drop the <Mezzanine> and <ClosedCaptionFiles>.",
        severity: .warning,
        versions: VASTVersion.v4_4.andLater,
        elements: ["NonLinear"],
        specReferences: [
            SpecReference(document: .vast44, section: "3.12.3", quote: "Mezzanine files and closed caption files are not used for CTV Ad Portfolio NonLinearAds unless otherwise defined by a future version of this specification."),
            SpecReference(document: .vast44, section: "3.12.3", quote: "When <MediaFiles> is used for a non-interactive NonLinear ad, the sender should include one or more <MediaFile> elements."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080">https://m.example/p.png</MediaFile><InteractiveCreativeFile type="text/html" apiFramework="SIMID">https://m.example/simid.html</InteractiveCreativeFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080">https://m.example/m.mp4</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://m.example/c.mp4</MediaFile>↓<Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080">https://m.example/m.mp4</Mezzanine>↓<ClosedCaptionFiles><ClosedCaptionFile type="text/vtt">https://m.example/c.vtt</ClosedCaptionFile></ClosedCaptionFiles></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080">↓<MediaFiles></MediaFiles><StaticResource creativeType="image/png">https://m.example/p.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] where nonLinear.mediaFilesPosition != nil {
                guard let element = VASTStructure.element(at: nonLinear.path, in: context),
                      let mediaFiles = element.child("MediaFiles") else { continue }
                NonLinearMediaFilesContent.report(mediaFiles, placedAs: "under a NonLinear's <MediaFiles>",
                                                  named: "the NonLinear's <MediaFiles>", in: context)
            }
        }
    }
}

/// What a CTV Ad Portfolio NonLinear's `<MediaFiles>` may hold, for the native 4.4 form and the
/// ctv_ad_portfolio extension alike: Mezzanine and ClosedCaptionFiles are reported where they stand, and a
/// MediaFiles without a MediaFile or InteractiveCreativeFile delivers nothing.
enum NonLinearMediaFilesContent {
    static func report(_ mediaFiles: XMLElement, placedAs place: String, named name: String, in context: RuleContext) {
        var delivers = false
        for child in mediaFiles.children {
            switch child.name {
            case "Mezzanine", "ClosedCaptionFiles":
                context.report("<\(child.name)> \(place) is not used for CTV Ad Portfolio NonLinear ads", at: child.position, path: child.path)
            case "MediaFile", "InteractiveCreativeFile":
                delivers = true
            default:
                break
            }
        }
        if !delivers {
            context.report("\(name) holds no <MediaFile> or <InteractiveCreativeFile>; it delivers nothing", at: mediaFiles.position, path: mediaFiles.path)
        }
    }
}
