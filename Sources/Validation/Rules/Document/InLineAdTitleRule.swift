import ConformCore
import VAST

/// Every <InLine> must contain an <AdTitle>.
struct InLineAdTitleRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-inline-adtitle",
        name: "InLine AdTitle",
        summary: "every <InLine> must contain an <AdTitle>",
        rationale: "AdTitle is required (minOccurs 1) in every VAST schema; it is the ad's common name, shown in ad-ops consoles and player logs.",
        fix: "Add <AdTitle>Spring campaign 15s</AdTitle> to the <InLine>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["InLine"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.2", quote: "The ad serving party must provide a title for the ad using the <AdTitle> element."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdTitle>t</AdTitle></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad>↓<InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "InLine", items: ["AdTitle"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "InLine/AdTitle minOccurs=\"1\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastInLine_type/AdTitle minOccurs=\"1\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.inLine, body.adTitle == nil else { continue }
            context.report("<InLine> has no <AdTitle>", at: body.position, path: body.path)
        }
    }
}
