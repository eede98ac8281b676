import ConformCore
import VAST

/// Children of `<TrackingEvents>` must be ones its schema defines.
struct TrackingEventsUnknownChildRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-trackingevents-unknown-child",
        name: "Children of <TrackingEvents>",
        summary: "<TrackingEvents> may contain only the children its schema defines for the declared version",
        rationale: "The schema lists what <TrackingEvents> may contain; anything else is a schema error (101) that players silently skip, so what it was meant to carry is lost. The usual causes are a misspelling, a mis-cased name, or an element placed under the wrong parent. Elements introduced in a later version than the declared one are reported by VAST-2.0-version-mismatch instead of here; elements dropped before the declared version (for example the VAST 4.0 FlashResource of Verification) are reported here. Extension content is never checked.",
        fix: "Fix the name (element names are case-sensitive) or move the element to the parent that defines it.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["TrackingEvents"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.2", quote: "Parent: Linear NonLinear Companion ... Sub-elements: Tracking"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><TrackingEvents><Tracking event="start">https://t.example/s</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><TrackingEvents>↓<Impression>https://t.example/i</Impression></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        VASTStructure.reportMisplacedChildren(of: "TrackingEvents", in: context)
    }
}
