import ConformCore
import VAST

/// A <VAST> with neither <Ad> nor <Error> is a no-ad response the player cannot report on.
struct EmptyResponseRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-empty-response",
        name: "Empty response",
        summary: "a <VAST> with neither <Ad> nor <Error> is a no-ad response the player cannot report on",
        rationale: "An empty <VAST/> is the schema-valid way to say \"no ad\" (Ad and Error are both optional in every XSD, and VAST 3.0 shows the empty response as the no-ad answer), so this is not an error as some validators make it. But with no <Error> URI the ad server never learns the player had nothing to show (303); in a wrapper chain the empty answer surfaces as a no-fill. Reported as information. The XSDs accept an empty VAST root; the rule notes it, as information.",
        fix: "When there is no ad, answer with <VAST version=\"4.2\"><Error><![CDATA[https://...?code=[ERRORCODE]]]></Error></VAST> so the no-ad is measured.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast3, section: "2.4.2.4", quote: "the ad server should respond with a VAST document that contains no Ad element"),
            SpecReference(document: .vast43, section: "3.2.1", quote: "When the ad server does not or cannot return an Ad, the VAST response should contain only the root <VAST> element with one or more <Error> elements"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Error><![CDATA[https://e.example/noad?c=[ERRORCODE]]]></Error></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<VAST version="4.2"></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "VAST", [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "VAST/Ad minOccurs=\"0\", VAST/Error minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        guard let vast = context.input.vast, vast.ads.isEmpty, vast.errors.isEmpty else { return }
        context.report("<VAST> has neither <Ad> nor <Error>: an empty no-ad response that gives the ad server no error URI to learn why no ad played",
                       at: vast.position, path: vast.path)
    }
}
