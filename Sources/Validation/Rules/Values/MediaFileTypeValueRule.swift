import ConformCore
import VAST

/// MediaFile@type should be a MIME type of the form type/subtype.
struct MediaFileTypeValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-mediafile-type-value",
        name: "MediaFile type is a MIME type",
        summary: "MediaFile@type should be a MIME type of the form type/subtype",
        rationale: "Players compare type with the MIME types they can play; a value such as \"mp4\" or \"MP4 video\" matches nothing and the file is skipped. The XSDs type it as xs:string, which takes any text; the rule checks the MIME type form by decision, since a player can match nothing else.",
        fix: "Write the MIME type, for example video/mp4, video/webm, application/x-mpegURL or audio/mpeg.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "type*: MIME type for the file container. Popular MIME types include, but are not limited to “video/mp4” for MP4"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="mp4" width="1" height="1">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["type"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "MediaFile@type type=\"xs:string\" use=\"required\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                guard let type = file.type, !MIMEType.isWellFormed(type) else { continue }
                context.report("MediaFile@type is \"\(type)\", not a MIME type of the form type/subtype", at: file.url)
            }
        }
    }
}
