import ConformCore
import VAST

/// VPAID as the interactive file, from VAST 4.1.
struct InteractiveCreativeVPAIDRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-interactive-creative-vpaid",
        name: "VPAID interactive file",
        summary: "an <InteractiveCreativeFile> uses apiFramework=\"VPAID\", deprecated in VAST 4.1",
        rationale: "VAST 4.1 deprecated VPAID; InteractiveCreativeFile exists so that interactivity moves to SIMID, and measurement to OMID in <AdVerifications>. Many CTV, app and SSAI players do not run VPAID at all (error 901), so a VPAID interactive file is skipped. Deprecated, so a warning. VPAID declared on a <MediaFile> is reported by the MediaFile apiFramework deprecation rule. The XSDs type apiFramework as xs:string and so accept VPAID: the deprecation is in the text only.",
        fix: "Rebuild the interactive unit as SIMID (type text/html, apiFramework=\"SIMID\"), and move measurement to <AdVerifications>.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["InteractiveCreativeFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "1.8", quote: "VPAID is being replaced by OMID for verification/measurement and SIMID for interactivity"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[https://i.example/s.html]]></InteractiveCreativeFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles>↓<InteractiveCreativeFile type=\"application/javascript\" apiFramework=\"VPAID\"><![CDATA[https://m.example/vpaid.js]]></InteractiveCreativeFile></MediaFiles>"),
        ],
        schemaBasis: SchemaBasis(element: "InteractiveCreativeFile", items: ["apiFramework"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "InteractiveCreativeFile@apiFramework type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for file in creative.linear?.interactiveCreativeFiles ?? [] where file.apiFramework?.uppercased() == "VPAID" {
                context.report("<InteractiveCreativeFile> uses VPAID, deprecated since VAST 4.1; use SIMID", at: file.url)
            }
        }
    }
}
