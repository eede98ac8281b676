import ConformCore
import VAST

/// InteractiveCreativeFile without apiFramework.
struct InteractiveCreativeAPIFrameworkRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-interactive-creative-apiframework",
        name: "InteractiveCreativeFile apiFramework",
        summary: "an <InteractiveCreativeFile> has no apiFramework attribute",
        rationale: "The interactive file is run through an API (SIMID); the spec asks tag authors to specify the framework required to execute it. Without it a player cannot tell whether it can run the file and skips it (error 409). Should-level, so warning.",
        fix: "Add apiFramework=\"SIMID\" (or the framework the file uses).",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        elements: ["InteractiveCreativeFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9", quote: "use the <InteractiveCreativeFile> element (section 3.9.3) to include a URI to the interactive media file, specifying the API framework required to execute the file"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[https://i.example/s.html]]></InteractiveCreativeFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles>↓<InteractiveCreativeFile type=\"text/html\"><![CDATA[https://i.example/s.html]]></InteractiveCreativeFile></MediaFiles>"),
        ])

    func check(_ context: RuleContext) {
        for creative in context.creativeList {
            for file in creative.linear?.interactiveCreativeFiles ?? [] where file.apiFramework?.isBlank ?? true {
                context.report("<InteractiveCreativeFile> has no apiFramework", at: file.url)
            }
        }
    }
}
