import ConformCore
import VAST

/// Every <Ad> must contain exactly one <InLine> or one <Wrapper>.
struct AdInLineOrWrapperRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ad-has-inline-or-wrapper",
        name: "Ad is InLine or Wrapper",
        summary: "every <Ad> must contain exactly one <InLine> or one <Wrapper>",
        rationale: "The schemas make Ad a choice of InLine or Wrapper. An empty Ad is nothing to play; an Ad with both leaves the player guessing (most take the first, some reject the ad with error 101). Through 4.2 the XSDs make Ad a choice of InLine or Wrapper, which rejects both together, but declare each with minOccurs=\"0\" and so accept an empty Ad; the text requires one, and the rule follows it.",
        fix: "Give the <Ad> one <InLine> (the ad itself) or one <Wrapper> (a redirect), not both.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.2", quote: "The Ad element requires exactly one child, which can either be an <InLine> or <Wrapper> element."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2">↓<Ad id="1"></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2">↓<Ad><InLine/><Wrapper/></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Ad", items: ["InLine", "Wrapper"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Ad: xs:choice of InLine minOccurs=\"0\", Wrapper minOccurs=\"0\"", .partial),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastAd_type: xs:choice of InLine, Wrapper", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            let count = ad.inLineCount + ad.wrapperCount
            if count == 0 {
                context.report("<Ad\(ad.id.map { " id=\"\($0)\"" } ?? "")> has neither <InLine> nor <Wrapper>; it needs exactly one", at: ad.position, path: ad.path)
            } else if count > 1 {
                context.report("<Ad> has \(ad.inLineCount) <InLine> and \(ad.wrapperCount) <Wrapper>; it needs exactly one of them", at: ad.position, path: ad.path)
            }
        }
    }
}
