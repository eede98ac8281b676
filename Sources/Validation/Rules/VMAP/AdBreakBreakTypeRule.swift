import ConformCore
import VAST

/// Every <AdBreak> must have a breakType attribute.
struct AdBreakBreakTypeRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adbreak-breaktype",
        name: "AdBreak breakType",
        summary: "every <AdBreak> must have a breakType attribute",
        rationale: "breakType is required: linear, nonlinear or display (or a comma-separated list, most preferred first). Players skip breaks of types they cannot show (VMAP error 1003) and cannot decide for a break without one.",
        fix: "Add breakType=\"linear\".",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "breakType: required to identify whether the ad break allows \"linear\", \"nonlinear\" or \"display\" ads."),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak timeOffset="start"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard adBreak.breakType == nil else { continue }
            context.report("<AdBreak> has no breakType attribute (linear, nonlinear or display)", at: adBreak.position, path: adBreak.path)
        }
    }
}
