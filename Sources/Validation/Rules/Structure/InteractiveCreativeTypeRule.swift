import ConformCore
import VAST

/// InteractiveCreativeFile without type.
struct InteractiveCreativeTypeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-interactive-creative-type",
        name: "InteractiveCreativeFile type",
        summary: "an <InteractiveCreativeFile> has no type attribute",
        rationale: "type is the MIME type of the interactive file; players decide from it whether they can load the file (SIMID creatives are text/html). Without it the player must guess or skip the file. The attribute is optional in the schema but needed in practice: warning.",
        fix: "Add type=\"text/html\" (or the file's MIME type).",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.3", quote: "type | Identifies the MIME type of the file provided"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[https://i.example/s.html]]></InteractiveCreativeFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles>↓<InteractiveCreativeFile apiFramework=\"SIMID\"><![CDATA[https://i.example/s.html]]></InteractiveCreativeFile></MediaFiles>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for file in creative.linear?.interactiveCreativeFiles ?? [] where file.type?.isBlank ?? true {
                context.report("<InteractiveCreativeFile> has no type", at: file.url)
            }
        }
    }
}
