import ConformCore
import VAST

/// A root <Error> belongs only in a response without <Ad>.
struct RootErrorWithAdRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-root-error-with-ad",
        name: "Root Error only without ads",
        summary: "a root <Error> belongs only in a response without <Ad>",
        rationale: "In VAST 4.x the root holds either ads or a no-ad <Error>: the 4.x XSDs make the root a choice of Ad elements or Error elements, so a schema-validating player rejects a response with both (101), and the others ignore the root <Error>, so errors about those ads are never reported there. VAST 2.0 and 3.0 are silent on the combination, so the rule starts at 4.0. The draft 4.4 schema accepts a root Error beside Ad; the 4.4 text keeps it for a response without ads, and the text wins.",
        fix: "Move the <Error> URI into each <Ad>'s <InLine> or <Wrapper>.",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.2", quote: "Ad ... Required in Response: Yes (unless there is no ad to return; in which case <Error> should be used to provide the error URI)"),
            SpecReference(document: .vast41, section: "XSD", quote: "VAST: xs:choice of Ad (0..unbounded) or Error (0..unbounded)"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Error><![CDATA[https://e.example/noad]]></Error></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2">↓<Error><![CDATA[https://e.example/e]]></Error><Ad><InLine/></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "VAST", items: ["Error"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "VAST: xs:choice of Ad maxOccurs=\"unbounded\" or Error", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "VAST: xs:choice minOccurs=\"0\" maxOccurs=\"unbounded\" of Error, Ad", .looser),
        ]))

    func check(_ context: RuleContext) {
        guard let vast = context.input.vast, !vast.ads.isEmpty, let first = vast.errors.first else { return }
        context.report("<VAST> has \(vast.ads.count) <Ad> element(s) and a root <Error>; a root <Error> is only for a response with no ad", at: first)
    }
}
