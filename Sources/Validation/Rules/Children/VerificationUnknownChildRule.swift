import ConformCore
import VAST

/// Children of `<Verification>` must be ones its schema defines.
struct VerificationUnknownChildRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-verification-unknown-child",
        name: "Children of <Verification>",
        summary: "<Verification> may contain only the children its schema defines for the declared version",
        rationale: "The schema lists what <Verification> may contain; anything else is a schema error (101) that players silently skip, so what it was meant to carry is lost. The usual causes are a misspelling, a mis-cased name, or an element placed under the wrong parent. Elements introduced in a later version than the declared one are reported by VAST-2.0-version-mismatch instead of here; elements dropped before the declared version (for example the VAST 4.0 FlashResource of Verification) are reported here. Extension content is never checked.",
        fix: "Fix the name (element names are case-sensitive) or move the element to the parent that defines it.",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "Sub-elements: JavaScriptResource ExecutableResource TrackingEvents VerificationParameters"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="v"><JavaScriptResource>https://v.example/v.js</JavaScriptResource></Verification></AdVerifications></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="v">↓<Tracking>https://v.example/t</Tracking></Verification></AdVerifications></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.1"><Ad><InLine><AdVerifications><Verification vendor="v">↓<FlashResource>https://v.example/v.swf</FlashResource></Verification></AdVerifications></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        VASTStructure.reportMisplacedChildren(of: "Verification", in: context)
    }
}
