import ConformCore
import VAST

/// Every <Mezzanine> must have width and height attributes.
struct MezzanineDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-mezzanine-dimensions",
        name: "Mezzanine width and height",
        summary: "every <Mezzanine> must have width and height attributes",
        rationale: "width and height are required on Mezzanine; stitching services use them to choose output renditions. The 4.0 XSD (every revision) declares Mezzanine as a bare anyURI; its attributes arrive, required, with the 4.1 XSD, so 4.0 documents are not checked. The draft VAST 4.4 schema declares Mezzanine@width and @height optional; the 4.4 text keeps them required, and the text wins.",
        fix: "Add width=\"1920\" height=\"1080\" with the source's native size.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Mezzanine"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.2", quote: "width*: The native width of the video file, in pixels."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><Mezzanine>https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><Mezzanine delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<Mezzanine delivery="progressive" type="video/mp4">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        deprecatedAliases: ["VAST-4.0-mezzanine-dimensions"],
        schemaBasis: SchemaBasis(element: "Mezzanine", items: ["width", "height"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "Mezzanine@width, @height use=\"required\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Mezzanine@width, @height use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mezzanines {
                guard file.width == nil || file.height == nil else { continue }
                context.report("<Mezzanine> lacks \(Missing.list(["width": file.width == nil, "height": file.height == nil])); both are required", at: file.url)
            }
        }
    }
}
