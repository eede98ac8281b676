import ConformCore
import VAST

/// Every <Mezzanine> must have delivery progressive or streaming.
struct MezzanineDeliveryRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-mezzanine-delivery",
        name: "Mezzanine delivery",
        summary: "every <Mezzanine> must have delivery progressive or streaming",
        rationale: "delivery is required on Mezzanine with the same two values as MediaFile; stitching services that transcode the mezzanine skip it otherwise (406/411). The 4.0 XSD (every revision) declares Mezzanine as a bare anyURI; its attributes arrive, required, with the 4.1 XSD, so 4.0 documents are not checked. The draft VAST 4.4 schema declares Mezzanine@delivery optional but keeps its two values, so it rejects an unknown value and accepts a missing one; the 4.4 text keeps it required, and the text wins.",
        fix: "Add delivery=\"progressive\".",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Mezzanine"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.2", quote: "delivery*: Either progressive for progressive download protocols (such as HTTP) or streaming for streaming protocols."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><Mezzanine>https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><Mezzanine delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<Mezzanine type="video/mp4" width="1920" height="1080">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<Mezzanine delivery="download" type="video/mp4" width="1920" height="1080">https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        deprecatedAliases: ["VAST-4.0-mezzanine-delivery"],
        schemaBasis: SchemaBasis(element: "Mezzanine", items: ["delivery"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "Mezzanine@delivery use=\"required\" (progressive, streaming)", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Mezzanine@delivery use=\"optional\" (progressive, streaming)", .partial),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mezzanines {
                guard file.delivery != "progressive" && file.delivery != "streaming" else { continue }
                context.report(file.delivery.map { "Mezzanine@delivery is \"\($0)\"; expected progressive or streaming" } ?? "<Mezzanine> has no delivery attribute", at: file.url)
            }
        }
    }
}
