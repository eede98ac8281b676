import ConformCore
import VAST

/// Every <MediaFile> must have a type attribute (its MIME type).
struct MediaFileTypeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-mediafile-type",
        name: "MediaFile type",
        summary: "every <MediaFile> must have a type attribute (its MIME type)",
        rationale: "type is required in every schema: players pick the file they can decode by MIME type without fetching it; a file without one is skipped. The draft VAST 4.4 schema declares MediaFile@type optional; the 4.4 text keeps it required, and the text wins.",
        fix: "Add type=\"video/mp4\" (or the file's real MIME type).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "type*: MIME type for the file container."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" width="1" height="1">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["type"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "MediaFile@type use=\"required\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "MediaFile@type use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                guard file.type == nil else { continue }
                context.report("<MediaFile> has no type attribute (a MIME type such as video/mp4)", at: file.url)
            }
        }
    }
}
