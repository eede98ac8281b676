import ConformCore
import VAST

/// Every <Mezzanine> must have width and height attributes.
struct MezzanineDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-mezzanine-dimensions",
        name: "Mezzanine width and height",
        summary: "every <Mezzanine> must have width and height attributes",
        rationale: "width and height are required on Mezzanine; stitching services use them to choose output renditions.",
        fix: "Add width=\"1920\" height=\"1080\" with the source's native size.",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        elements: ["Mezzanine"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.2", quote: "width*: The native width of the video file, in pixels."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><Mezzanine delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<Mezzanine delivery="progressive" type="video/mp4">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for creative in context.creativeList {
            guard let linear = creative.linear else { continue }
            for file in linear.mezzanines {
                guard file.width == nil || file.height == nil else { continue }
                context.report("<Mezzanine> lacks \(Missing.list(["width": file.width == nil, "height": file.height == nil])); both are required", at: file.url)
            }
        }
    }
}
