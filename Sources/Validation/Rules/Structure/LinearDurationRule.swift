import ConformCore
import VAST

/// InLine Linear needs Duration.
struct LinearDurationRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-linear-duration",
        name: "Linear Duration",
        summary: "every InLine <Linear> must contain a <Duration>",
        rationale: "Duration is required for InLine Linear ads in every schema: players use it for quartile events, skip offsets given as percentages and break planning. Wrapper Linears carry no Duration and are not checked.",
        fix: "Add <Duration>00:00:15</Duration> (HH:MM:SS or HH:MM:SS.mmm) to the <Linear>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.8.1", quote: "Required in Response | Yes ... Parent | Linear only in the InLine format"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<Duration>00:00:15</Duration>"),
            SketchTag.wrapper("4.2", "<Creatives><Creative><Linear><TrackingEvents/></Linear></Creative></Creatives>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<Linear><MediaFiles/></Linear>"),
        ])

    func check(_ context: RuleContext) {
        for (body, creative) in context.creatives where body.kind == .inLine {
            guard let linear = creative.linear, linear.duration == nil else { continue }
            context.report("<Linear> has no <Duration>", at: linear.position, path: linear.path)
        }
    }
}
