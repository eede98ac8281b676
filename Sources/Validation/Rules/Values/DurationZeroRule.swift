import ConformCore
import VAST

/// The Duration of an InLine Linear should be longer than zero.
struct DurationZeroRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-duration-zero",
        name: "Duration is not zero",
        summary: "the Duration of an InLine Linear should be longer than zero",
        rationale: "A zero duration makes every quartile fire at once (or never), percent skip offsets collapse to 0, and break-fitting logic treats the ad as free. It usually means the trafficking system had no length for the creative. The XSDs type Duration as xs:time (a string in the draft 4.4 schema), which takes 00:00:00; the rule is stricter by decision, as a warning, since no ad plays for no time.",
        fix: "Write the media's real length, for example <Duration>00:00:15</Duration>.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.8.1", quote: "the <Duration> element to denote the intended playback duration for the video or audio component of the ad"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:15</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear>↓<Duration>00:00:00</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Duration", [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Duration type=\"xs:time\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Duration type=\"vastString_type\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let linear = creative.linear, let duration = linear.duration?.value, duration.milliseconds == 0 else { continue }
            context.report("<Duration> is 00:00:00; the ad has no length", at: linear.durationPosition ?? linear.position, path: linear.path + "/Duration")
        }
    }
}
