import ConformCore
import VAST

/// Every <MediaFile> must have width and height attributes.
struct MediaFileDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-mediafile-dimensions",
        name: "MediaFile width and height",
        summary: "every <MediaFile> must have width and height attributes",
        rationale: "width and height are required in every schema (0 for audio). Players choose the rendition that fits the screen by them; a file without them is skipped or scaled blindly. The draft VAST 4.4 schema declares them optional (its MediaFile type serves NonLinear images too); the 4.4 text keeps width and height required, and the text wins.",
        fix: "Add width=\"1280\" height=\"720\" with the video's native size (width=\"0\" height=\"0\" for audio).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "width*: The native width of the video file, in pixels. (0 for audio ads)"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="audio/mpeg" width="0" height="0">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="video/mp4" width="640">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["width", "height"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "MediaFile@width, @height use=\"required\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "MediaFile@width, @height use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                guard file.width == nil || file.height == nil else { continue }
                context.report("<MediaFile> lacks \([file.width == nil ? "width" : nil, file.height == nil ? "height" : nil].compactMap { $0 }.joined(separator: " and ")); both are required", at: file.url)
            }
        }
    }
}
