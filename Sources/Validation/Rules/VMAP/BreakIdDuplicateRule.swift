import ConformCore
import VAST

/// BreakId values should be unique within a VMAP.
struct BreakIdDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-breakid-duplicate",
        name: "Unique breakId",
        summary: "breakId values should be unique within a VMAP",
        rationale: "breakId identifies a break in reporting and in [BREAKPOSITION]-style macros of ad requests; two breaks with the same id are indistinguishable in logs.",
        fix: "Give each <AdBreak> its own breakId (pre, mid1, mid2, post).",
        severity: .warning,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "breakId: An optional string identifier for the ad break."),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre"></vmap:AdBreak><vmap:AdBreak timeOffset="end" breakType="linear" breakId="post"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear" breakId="b"></vmap:AdBreak>↓<vmap:AdBreak timeOffset="end" breakType="linear" breakId="b"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        var seen = Set<String>()
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard let id = adBreak.breakId, !id.isEmpty else { continue }
            if !seen.insert(id).inserted {
                context.report("breakId \"\(id)\" is used by an earlier <AdBreak>", at: adBreak.position, path: adBreak.path)
            }
        }
    }
}
