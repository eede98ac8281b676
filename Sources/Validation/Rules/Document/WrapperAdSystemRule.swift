import ConformCore
import VAST

/// Every <Wrapper> must contain an <AdSystem>.
struct WrapperAdSystemRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-adsystem",
        name: "Wrapper AdSystem",
        summary: "every <Wrapper> must contain an <AdSystem>",
        rationale: "AdSystem is required in Wrapper in every schema; in a chain of redirects it is how ad-ops tell which hop came from which server.",
        fix: "Add <AdSystem>Your ad server</AdSystem> to the <Wrapper>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Wrapper"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.19", quote: "AdSystem ... Required"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><AdSystem>x</AdSystem></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad>↓<Wrapper><VASTAdTagURI><![CDATA[https://n.example/v]]></VASTAdTagURI></Wrapper></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Wrapper", items: ["AdSystem"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Wrapper/AdSystem minOccurs=\"1\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastWrapper_type/AdSystem minOccurs=\"1\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.wrapper, body.adSystem == nil else { continue }
            context.report("<Wrapper> has no <AdSystem>", at: body.position, path: body.path)
        }
    }
}
