import ConformCore
import VAST

/// MediaFile@delivery must be progressive or streaming.
struct MediaFileDeliveryValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-mediafile-delivery-value",
        name: "MediaFile delivery value",
        summary: "MediaFile@delivery must be progressive or streaming",
        rationale: "The schemas enumerate exactly two values, lower case. Anything else (Progressive, http, download) is a schema error and players drop the file.",
        fix: "Write delivery=\"progressive\" or delivery=\"streaming\".",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "delivery*: Either “progressive” for progressive download protocols (such as HTTP) or “streaming” for streaming protocols."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="streaming" type="application/x-mpegURL" width="0" height="0">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="Progressive" type="video/mp4" width="1" height="1">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="download" type="video/mp4" width="1" height="1">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["delivery"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "MediaFile@delivery use=\"required\" enumeration streaming, progressive", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "MediaFile@delivery type=\"vastDelivery_type\" (enumeration progressive, streaming)", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                guard let delivery = file.delivery, delivery != "progressive", delivery != "streaming" else { continue }
                context.report("MediaFile@delivery is \"\(delivery)\"; expected progressive or streaming", at: file.url)
            }
        }
    }
}
