import ConformCore
import VAST

/// A time skipoffset should be shorter than the Linear Duration.
struct SkipOffsetRangeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-skipoffset-range",
        name: "skipoffset within the ad",
        summary: "a time skipoffset should be shorter than the Linear Duration",
        rationale: "skipoffset is when the skip button appears. At or after the end of the ad the ad is effectively unskippable while declared skippable, which breaks skippable-only placements and skews skip-rate reporting. Percentages are within the ad by definition (their range is checked by VAST-3.0-offset-format).",
        fix: "Set skipoffset before the end, for example skipoffset=\"00:00:05\" for a 15-second ad.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.8", quote: "skipoffset: Time value that identifies when skip controls are made available to the end user"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear skipoffset="00:00:05"><Duration>00:00:15</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative>↓<Linear skipoffset="00:00:20"><Duration>00:00:15</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear, let duration = linear.duration?.value,
                  case .time(let offset)? = linear.skipoffset?.value, offset >= duration else { continue }
            context.report("Linear@skipoffset \(linear.skipoffset!.raw) is not before the end of the \(duration.seconds)-second ad", at: linear.position, path: linear.path)
        }
    }
}
