import ConformCore
import VAST

/// A VAST 4.4 NonLinear `<MediaFile>` needs the attributes every MediaFile needs: delivery, type, width, height.
struct NonLinearMediaFileAttributesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.4-nonlinear-mediafile-attributes",
        name: "NonLinear MediaFile attributes",
        summary: "every <MediaFile> under a <NonLinear> must have delivery, type, width and height attributes",
        rationale: "VAST 4.4 lets a NonLinear deliver its image or video through <MediaFiles>, and says those use the MediaFile definitions of §3.9, where delivery, type, width and height are required. A CTV player picks the asset it can show from type (an image for a static pause ad, a video for a cinemagraph) and fits it to the screen by width and height; without them it skips the file or guesses. The draft 4.4 schema declares all four optional (one MediaFile type serves Linear and NonLinear); the 4.4 text keeps them required, and the text wins.",
        fix: "Add delivery=\"progressive\", the MIME type (image/png, video/mp4) and the asset's width and height in pixels.",
        severity: .error,
        versions: VASTVersion.v4_4.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast44, section: "3.12.3", quote: "<MediaFiles> under <NonLinear> uses the definitions in section 3.9 except where this section provides CTV NonLinear-specific guidance."),
            SpecReference(document: .vast44, section: "3.9.1", quote: "type*: MIME type for the file container."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles><MediaFile delivery="progressive" type="image/jpeg" width="1920" height="1080">https://m.example/pause.jpg</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles>↓<MediaFile delivery="progressive" width="1920" height="1080">https://m.example/pause.jpg</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles>↓<MediaFile type="video/mp4">https://m.example/cine.mp4</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["delivery", "type", "width", "height"], [
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "MediaFile@delivery, @type, @width, @height use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] {
                for file in nonLinear.mediaFiles {
                    let missing = Missing.list(["delivery": file.delivery == nil, "type": file.type == nil,
                                                "width": file.width == nil, "height": file.height == nil])
                    guard !missing.isEmpty else { continue }
                    context.report("the NonLinear <MediaFile> lacks \(missing); delivery, type, width and height are required", at: file.url)
                }
            }
        }
    }
}
