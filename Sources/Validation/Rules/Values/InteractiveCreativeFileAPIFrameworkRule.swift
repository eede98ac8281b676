import ConformCore
import VAST

/// Every <InteractiveCreativeFile> should name its apiFramework (such as SIMID).
struct InteractiveCreativeFileAPIFrameworkRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-interactivecreativefile-apiframework",
        name: "InteractiveCreativeFile apiFramework",
        summary: "every <InteractiveCreativeFile> should name its apiFramework (such as SIMID)",
        rationale: "The player must know which API (SIMID, or VPAID in older setups) the interactive file speaks before it loads it; without apiFramework it cannot, and skips the interactive layer (error 409). The spec asks tag authors to specify the framework, a should-level request, so warning. A blank value counts as none. The 4.0 to 4.2 XSDs leave apiFramework optional; the draft 4.4 schema requires it but takes a blank value, which the rule reports too.",
        fix: "Add apiFramework=\"SIMID\" (with type=\"text/html\").",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        elements: ["InteractiveCreativeFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.3", quote: "apiFramework: Identifies the API needed to execute the resource file if applicable."),
            SpecReference(document: .vast43, section: "3.9.3", quote: "the <InteractiveCreativeFile> element is used to identify the file and the framework needed for execution"),
            SpecReference(document: .vast43, section: "3.9", quote: "use the <InteractiveCreativeFile> element (section 3.9.3) to include a URI to the interactive media file, specifying the API framework required to execute the file"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><InteractiveCreativeFile type="text/html" apiFramework="SIMID">https://i.example/s.html</InteractiveCreativeFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<InteractiveCreativeFile type="text/html">https://i.example/s.html</InteractiveCreativeFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            SketchTag.linear("4.2", "<MediaFiles>↓<InteractiveCreativeFile type=\"text/html\" apiFramework=\" \"><![CDATA[https://i.example/s.html]]></InteractiveCreativeFile></MediaFiles>"),
        ],
        deprecatedAliases: ["VAST-4.0-interactive-creative-apiframework"],
        schemaBasis: SchemaBasis(element: "InteractiveCreativeFile", items: ["apiFramework"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "InteractiveCreativeFile@apiFramework type=\"xs:string\" (optional)", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "InteractiveCreativeFile@apiFramework use=\"required\"", .partial),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for file in creative.linear?.interactiveCreativeFiles ?? [] where file.apiFramework?.isBlank ?? true {
                context.report("<InteractiveCreativeFile> has no apiFramework; the player cannot tell which API runs it", at: file.url)
            }
        }
    }
}
