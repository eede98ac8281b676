import ConformCore
import VAST

/// Children of `<VAST>` must be ones its schema defines.
struct RootUnknownChildRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-vast-unknown-child",
        name: "Children of <VAST>",
        summary: "<VAST> may contain only the children its schema defines for the declared version",
        rationale: "The schema lists what <VAST> may contain; anything else is a schema error (101) that players silently skip, so what it was meant to carry is lost. The usual causes are a misspelling, a mis-cased name, or an element placed under the wrong parent. Elements introduced in a later version than the declared one are reported by VAST-2.0-version-mismatch instead of here; elements dropped before the declared version (for example the VAST 4.0 FlashResource of Verification) are reported here. Extension content is never checked.",
        fix: "Fix the name (element names are case-sensitive) or move the element to the parent that defines it.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["VAST"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.2", quote: "Required in Response: Yes (unless there is no ad to return; in which case <Error> should be used to provide the error URI)"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Error>https://e.example/e</Error></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2">↓<Ads/></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        VASTStructure.reportMisplacedChildren(of: "VAST", in: context)
    }
}
