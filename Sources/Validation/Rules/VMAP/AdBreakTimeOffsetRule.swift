import ConformCore
import VAST

/// Every <AdBreak> must have a timeOffset attribute.
struct AdBreakTimeOffsetRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adbreak-timeoffset",
        name: "AdBreak timeOffset",
        summary: "every <AdBreak> must have a timeOffset attribute",
        rationale: "timeOffset is required: it is when the break plays. A break without it cannot be scheduled and is dropped.",
        fix: "Add timeOffset=\"start\", \"end\", \"00:10:00.000\", \"50%\" or \"#1\".",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "timeOffset: required to represent the timing for the ad break."),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak breakType="linear"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard adBreak.timeOffset == nil else { continue }
            context.report("<AdBreak\(adBreak.breakId.map { " breakId=\"\($0)\"" } ?? "")> has no timeOffset attribute", at: adBreak.position, path: adBreak.path)
        }
    }
}
