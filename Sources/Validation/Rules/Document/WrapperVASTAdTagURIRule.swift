import ConformCore
import VAST

/// Every <Wrapper> must contain exactly one <VASTAdTagURI>.
struct WrapperVASTAdTagURIRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-vastadtaguri",
        name: "Wrapper VASTAdTagURI",
        summary: "every <Wrapper> must contain exactly one <VASTAdTagURI>",
        rationale: "VASTAdTagURI is the next hop of the chain: without it the wrapper is a dead end (error 303 after the timeout); with two, players follow the first and the second is silently lost. The 2.0.1 XSD and every later one declare VASTAdTagURI with minOccurs=\"1\" maxOccurs=\"1\" in Wrapper. The legacy VAST 1.0 form <VASTAdTagURL><URL> does not count: no VAST 2.0 or later schema has it, and players of those versions do not follow it (conform's chain resolution still follows it, with CHAIN-legacy-adtag-url).",
        fix: "Give the <Wrapper> one <VASTAdTagURI><![CDATA[https://...]]></VASTAdTagURI>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Wrapper"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.19.1", quote: "VASTAdTagURI ... Required ... a URI to a secondary VAST response"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><VASTAdTagURI><![CDATA[https://n.example/v]]></VASTAdTagURI></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad>↓<Wrapper><AdSystem>x</AdSystem></Wrapper></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad>↓<Wrapper><VASTAdTagURI>https://a.example/1</VASTAdTagURI><VASTAdTagURI>https://a.example/2</VASTAdTagURI></Wrapper></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad>↓<Wrapper><VASTAdTagURL><URL><![CDATA[https://n.example/v]]></URL></VASTAdTagURL></Wrapper></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Wrapper", items: ["VASTAdTagURI"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Wrapper/VASTAdTagURI minOccurs=\"1\" maxOccurs=\"1\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastWrapper_type/VASTAdTagURI minOccurs=\"1\" maxOccurs=\"1\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.wrapper else { continue }
            if body.vastAdTagURICount == 0 {
                context.report(body.usesLegacyAdTagURL
                    ? "<Wrapper> has no <VASTAdTagURI>, only the VAST 1.0 form <VASTAdTagURL><URL>, which VAST 2.0 and later players do not follow"
                    : "<Wrapper> has no <VASTAdTagURI>: the chain has nowhere to go", at: body.position, path: body.path)
            } else if body.vastAdTagURICount > 1 {
                context.report("<Wrapper> has \(body.vastAdTagURICount) <VASTAdTagURI> elements; exactly one is allowed and players follow only the first", at: body.position, path: body.path)
            }
        }
    }
}
