import ConformCore
import VAST

/// A skipoffset at or after the end of the ad.
struct SkipoffsetBeyondDurationRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-tracking-skipoffset-beyond-duration",
        name: "skipoffset beyond duration",
        summary: "a Linear's skipoffset is at or after the end of its Duration",
        rationale: "The skip control appears at skipoffset; when that is at or after the end of the ad, the ad is in effect not skippable and the skip pixel never fires, though the tag is bought as skippable inventory.",
        fix: "Set skipoffset below the Duration (commonly 00:00:05), or remove it for a non-skippable ad.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.8", quote: "skipoffset | Time value that identifies when skip controls are made available to the end user"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<Linear skipoffset=\"00:00:05\"><Duration>00:00:30</Duration></Linear>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<Linear skipoffset=\"00:00:30\"><Duration>00:00:15</Duration></Linear>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            guard let linear = creative.linear, let duration = linear.duration?.value,
                  case .time(let skip)? = linear.skipoffset?.value, skip >= duration, duration.milliseconds > 0 else { continue }
            context.report("<Linear> skipoffset \(skip) is not before the end of the ad (Duration \(duration))", at: linear.position, path: linear.path)
        }
    }
}
