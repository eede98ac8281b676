import ConformCore
import VAST

/// Every <MediaFile> must have a delivery attribute.
struct MediaFileDeliveryRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-mediafile-delivery",
        name: "MediaFile delivery",
        summary: "every <MediaFile> must have a delivery attribute",
        rationale: "delivery is required in every schema; players choose between progressive download and streaming with it and skip files without it (403 when none is left). The draft VAST 4.4 schema declares MediaFile@delivery optional; the 4.4 text keeps it required, and the text wins.",
        fix: "Add delivery=\"progressive\" (or \"streaming\" for HLS/DASH).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["MediaFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "delivery*: Either “progressive” for progressive download protocols (such as HTTP) or “streaming” for streaming protocols."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile type="video/mp4" width="1280" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["delivery"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "MediaFile@delivery use=\"required\" (progressive, streaming)", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "MediaFile@delivery use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles {
                guard file.delivery == nil else { continue }
                context.report("<MediaFile> has no delivery attribute (progressive or streaming)", at: file.url)
            }
        }
    }
}
