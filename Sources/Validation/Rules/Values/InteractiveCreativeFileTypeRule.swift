import ConformCore
import VAST

/// Every <InteractiveCreativeFile> should have a type, and a SIMID one must be text/html.
struct InteractiveCreativeFileTypeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-interactivecreativefile-type",
        name: "InteractiveCreativeFile type",
        summary: "every <InteractiveCreativeFile> should have a type, and a SIMID one must be text/html",
        rationale: "type is the MIME type of the interactive file; SIMID creatives are HTML documents loaded in an iframe and the SIMID spec requires type=\"text/html\". A missing or other type makes SIMID players skip the interactive layer (error 409/902). The 4.0 to 4.2 XSDs leave type optional and take any string; the draft 4.4 schema requires it but takes any string, so neither asks for text/html: that rests on the SIMID text.",
        fix: "Write type=\"text/html\" apiFramework=\"SIMID\".",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        elements: ["InteractiveCreativeFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.3", quote: "type: Identifies the MIME type of the file provided."),
            SpecReference(document: .vast43, section: "2.4.3", quote: "Interactive Linear Creative Files"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><InteractiveCreativeFile type="text/html" apiFramework="SIMID">https://i.example/s.html</InteractiveCreativeFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<InteractiveCreativeFile apiFramework="SIMID">https://i.example/s.html</InteractiveCreativeFile>↓<InteractiveCreativeFile type="application/javascript" apiFramework="SIMID">https://i.example/s.js</InteractiveCreativeFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "InteractiveCreativeFile", items: ["type"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "InteractiveCreativeFile@type type=\"xs:string\" (optional)", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "InteractiveCreativeFile@type use=\"required\"", .partial),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for file in creative.linear?.interactiveCreativeFiles ?? [] {
                if file.type == nil {
                    context.report("<InteractiveCreativeFile> has no type attribute", at: file.url)
                } else if let type = file.type, file.apiFramework?.uppercased() == "SIMID", type.lowercased() != "text/html" {
                    context.report("SIMID <InteractiveCreativeFile> has type \"\(type)\"; SIMID creatives are text/html", at: file.url)
                }
            }
        }
    }
}
