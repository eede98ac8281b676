import ConformCore
import VAST

/// Integer attributes (width, height, bitrate, sequence, ...) and Expires must be whole numbers.
struct IntegerValueRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VAST-2.0-integer-value",
        name: "Integer values",
        summary: "integer attributes (width, height, bitrate, sequence, ...) and Expires must be whole numbers",
        rationale: "The XSDs type these as xs:integer; a value like \"640px\" or \"auto\" is a schema error and players read it as 0 or drop the file. The decoder makes this finding wherever the value occurs, VMAP playlists and the VAST embedded in them included, so the rule carries no version range.",
        fix: "Write digits only: width=\"640\".",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "width*: The native width of the video file, in pixels."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="video/mp4" width="640px" height="360">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["width"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "MediaFile@width type=\"xs:integer\"", .enforced),
        ]))
}
