import ConformCore
import VAST

/// MediaFile@codec should be an RFC 6381 codecs value such as avc1.64001F, not a MIME type.
struct MediaFileCodecValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-mediafile-codec-value",
        name: "MediaFile codec value",
        summary: "MediaFile@codec should be an RFC 6381 codecs value such as avc1.64001F, not a MIME type",
        rationale: "codec tells the player which decoder the file needs (RFC 4281/6381 \"codecs\" parameter). A MIME type or free text there (video/mp4, H.264 High) is meaningless to players that check it and may make them skip a playable file. The XSDs type codec as xs:string, which takes any text; the rule checks the codecs-parameter form by decision.",
        fix: "Write the codecs value, for example codec=\"avc1.64001F,mp4a.40.2\", or drop the attribute.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "codec: The codec used to encode the file which can take values as specified by RFC 4281"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" codec="avc1.64001F,mp4a.40.2">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" codec="video/mp4">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" codec="H.264 High">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["codec"], [
            .init(VASTVersion.v3_0...VASTVersion.v4_4, "MediaFile@codec type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                // Only a codec with a / or space byte can contain either.
                guard let codec = file.codec, codec.utf8.contains(where: { $0 == 0x2F || $0 == 0x20 }),
                      codec.utf8.contains(UInt8(ascii: "/")) || codec.utf8.contains(UInt8(ascii: " ")) else { continue }
                context.report("MediaFile@codec is \"\(codec)\", not an RFC 6381 codecs value (such as avc1.64001F)", at: file.url)
            }
        }
    }
}
