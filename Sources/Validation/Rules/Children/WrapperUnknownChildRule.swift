import ConformCore
import VAST

/// Children of `<Wrapper>` must be ones its schema defines.
struct WrapperUnknownChildRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-unknown-child",
        name: "Children of <Wrapper>",
        summary: "<Wrapper> may contain only the children its schema defines for the declared version",
        rationale: "The schema lists what <Wrapper> may contain; anything else is a schema error (101) that players silently skip, so what it was meant to carry is lost. The usual causes are a misspelling, a mis-cased name, or an element placed under the wrong parent. Elements introduced in a later version than the declared one are reported by VAST-2.0-version-mismatch instead of here; elements dropped before the declared version (for example the VAST 4.0 FlashResource of Verification) are reported here. Extension content is never checked.",
        fix: "Fix the name (element names are case-sensitive) or move the element to the parent that defines it.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Wrapper"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.19", quote: "Sub-elements: Impression* VASTAdTagURI* AdSystem Pricing Error ViewableImpression AdVerifications Extensions Creatives BlockedAdCategories"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><AdSystem>x</AdSystem><VASTAdTagURI>https://n.example</VASTAdTagURI></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><AdSystem>x</AdSystem>↓<AdTitle>t</AdTitle></Wrapper></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper>↓<VASTAdTagURL><URL>https://n.example</URL></VASTAdTagURL></Wrapper></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        VASTStructure.reportMisplacedChildren(of: "Wrapper", in: context)
    }
}
