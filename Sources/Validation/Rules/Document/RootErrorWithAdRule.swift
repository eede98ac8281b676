import ConformCore
import VAST

/// A root <Error> belongs in a response without <Ad>; with ads it should not be there.
struct RootErrorWithAdRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-root-error-with-ad",
        name: "Root Error only without ads",
        summary: "a root <Error> belongs in a response without <Ad>; with ads it should not be there",
        rationale: "In VAST 4.x the root holds either ads or a no-ad <Error>. A root <Error> next to ads is ignored by most players, so errors about those ads are never reported there; put error URIs inside each <InLine> or <Wrapper>. VAST 2.0 and 3.0 are silent on the combination, so the rule starts at 4.0.",
        fix: "Move the <Error> URI into each <Ad>'s <InLine> or <Wrapper>.",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.2.1", quote: "used only when the ad server has no ad to return"),
            SpecReference(document: .vast43, section: "3.2", quote: "the VAST element ... contains one or more Ad elements or an Error element"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Error><![CDATA[https://e.example/noad]]></Error></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2">↓<Error><![CDATA[https://e.example/e]]></Error><Ad><InLine/></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        guard let vast = context.vast, !vast.ads.isEmpty, let first = vast.errors.first else { return }
        context.report("<VAST> has \(vast.ads.count) <Ad> element(s) and a root <Error>; a root <Error> is only for a response with no ad", at: first)
    }
}
