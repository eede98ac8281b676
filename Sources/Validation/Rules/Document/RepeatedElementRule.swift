import ConformCore
import VAST

/// Elements such as AdSystem, AdTitle, Creatives, Duration and MediaFiles may occur at most once in their parent.
struct RepeatedElementRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-element-repeated",
        name: "Single elements appear once",
        summary: "elements such as AdSystem, AdTitle, Creatives, Duration and MediaFiles may occur at most once in their parent",
        rationale: "maxOccurs is 1 for these children in every schema (the IAB XSDs long failed to enforce it for AdSystem, vast#58). A repeated element makes players disagree: most take the first, some the last, and the tag means different things in different places.",
        fix: "Keep one of the repeated elements and merge or delete the others.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4", quote: "AdSystem ... Required ... 1"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem><Impression>a</Impression><Impression>b</Impression></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem>↓<AdSystem>y</AdSystem></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:05</Duration>↓<Duration>00:00:06</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "InLine", items: ["AdSystem", "Duration"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "InLine/AdSystem, Linear/Duration maxOccurs=\"1\", as every element the rule lists", .enforced),
        ]))

    func check(_ context: RuleContext) {
        context.report(context.structureScan.repeated)
    }
}
