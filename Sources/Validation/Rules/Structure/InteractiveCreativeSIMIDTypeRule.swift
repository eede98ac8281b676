import ConformCore
import VAST

/// SIMID creatives are HTML.
struct InteractiveCreativeSIMIDTypeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.2-interactive-creative-simid-type",
        name: "SIMID creative type",
        summary: "an <InteractiveCreativeFile apiFramework=\"SIMID\"> has a type other than text/html",
        rationale: "SIMID (supported from VAST 4.2) loads the interactive creative as an HTML document in an iframe; SIMID 1.x requires type text/html, and players refuse other types (error 409/902).",
        fix: "Serve the SIMID creative as an HTML page and set type=\"text/html\".",
        severity: .error,
        versions: VASTVersion.v4_2.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "VAST 4.2 Updates", quote: "Support for Secure Interactive Media Interface Definition (SIMID)"),
            SpecReference(document: .vast43, section: "3.9.3", quote: "type | Identifies the MIME type of the file provided"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[https://i.example/s.html]]></InteractiveCreativeFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles>↓<InteractiveCreativeFile type=\"application/javascript\" apiFramework=\"SIMID\"><![CDATA[https://i.example/s.js]]></InteractiveCreativeFile></MediaFiles>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for file in creative.linear?.interactiveCreativeFiles ?? [] where file.apiFramework?.uppercased() == "SIMID" {
                guard let type = file.type, !type.isBlank, type.lowercased() != "text/html" else { continue }
                context.report("<InteractiveCreativeFile> with apiFramework SIMID has type \(type); SIMID creatives are text/html", at: file.url)
            }
        }
    }
}
