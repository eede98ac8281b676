import ConformCore
import VAST

/// Every <Mezzanine> must have a type attribute (its MIME type).
struct MezzanineTypeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-mezzanine-type",
        name: "Mezzanine type",
        summary: "every <Mezzanine> must have a type attribute (its MIME type)",
        rationale: "type is required on Mezzanine; the transcoding service needs the container type before it downloads a multi-gigabyte file. The 4.0 XSD (every revision) declares Mezzanine as a bare anyURI; its attributes arrive, required, with the 4.1 XSD, so 4.0 documents are not checked.",
        fix: "Add type=\"video/mp4\" (or the mezzanine's MIME type, often video/quicktime).",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Mezzanine"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.2", quote: "type*: MIME type for the file container."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><Mezzanine>https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><Mezzanine delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<Mezzanine delivery="progressive" width="1920" height="1080">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        deprecatedAliases: ["VAST-4.0-mezzanine-type"],
        schemaBasis: SchemaBasis(element: "Mezzanine", items: ["type"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "Mezzanine@type use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mezzanines {
                guard file.type == nil else { continue }
                context.report("<Mezzanine> has no type attribute", at: file.url)
            }
        }
    }
}
