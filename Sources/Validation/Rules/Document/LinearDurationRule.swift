import ConformCore
import VAST

/// Every <Linear> of an <InLine> must contain a <Duration>.
struct LinearDurationRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-linear-duration",
        name: "Linear Duration",
        summary: "every <Linear> of an <InLine> must contain a <Duration>",
        rationale: "Duration is required in the InLine Linear of every schema. Players use it for quartile tracking, skip offsets given in percent, and to fit the ad into the break (202 when it does not fit); without it quartiles fire at the wrong time or not at all. A Wrapper's Linear has no Duration. The draft VAST 4.4 schema makes every Linear child optional; the 4.4 text still requires Duration, and the text wins.",
        fix: "Add <Duration>00:00:15</Duration> with the media's real length.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.8", quote: "Sub-elements: Duration* MediaFiles* AdParameters TrackingEvents VideoClicks Icons"),
            SpecReference(document: .vast43, section: "3.8.1", quote: "Duration ... Parent: Linear only in the InLine format; Bounded: 1"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:15</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative><Linear/></Creative></Creatives></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative>↓<Linear><MediaFiles/></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Linear", items: ["Duration"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Linear/Duration minOccurs=\"1\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastLinear_type: xs:choice of Duration and the other children, minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let linear = creative.linear, linear.duration == nil else { continue }
            context.report("<Linear> has no <Duration>", at: linear.position, path: linear.path)
        }
    }
}
