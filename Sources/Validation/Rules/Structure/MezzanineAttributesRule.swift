import ConformCore
import VAST

/// Mezzanine needs delivery, type, width and height.
struct MezzanineAttributesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-mezzanine-attributes",
        name: "Mezzanine attributes",
        summary: "every <Mezzanine> must have delivery, type, width and height",
        rationale: "The four attributes are required: the stitching server uses them to decide whether it can transcode the file (error 411 when out of spec).",
        fix: "Add delivery=\"progressive\" type=\"video/mp4\" width=\"…\" height=\"…\" to the <Mezzanine>.",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.2", quote: "delivery* ... type* ... width* ... height*"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><Mezzanine delivery=\"progressive\" type=\"video/mp4\" width=\"1920\" height=\"1080\"><![CDATA[https://m.example/raw.mp4]]></Mezzanine></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles>↓<Mezzanine type=\"video/mp4\"><![CDATA[https://m.example/raw.mp4]]></Mezzanine></MediaFiles>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for file in creative.linear?.mezzanines ?? [] {
                var missing: [String] = []
                if file.delivery?.isBlank ?? true { missing.append("delivery") }
                if file.type?.isBlank ?? true { missing.append("type") }
                if file.width == nil { missing.append("width") }
                if file.height == nil { missing.append("height") }
                guard !missing.isEmpty else { continue }
                context.report("<Mezzanine> has no \(missing.joined(separator: ", "))", at: file.url)
            }
        }
    }
}
