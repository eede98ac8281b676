import ConformCore
import VAST

/// AdBreak@breakType must list only linear, nonlinear and display.
struct AdBreakBreakTypeValueRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-adbreak-breaktype-value",
        name: "AdBreak breakType values",
        summary: "AdBreak@breakType must list only linear, nonlinear and display",
        rationale: "The breakType values are enumerated by VMAP; an unknown one (preroll, video, Linear) matches no player capability and the break is skipped (error 1003).",
        fix: "Write breakType=\"linear\", or a list such as \"linear,nonlinear\".",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "If more than one type is allowed, they can be entered using a comma between each (no spaces)."),
            SpecReference(document: .vmap1, section: "2.5", quote: "1003 AdBreak type not supported"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear,nonlinear"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak timeOffset="start" breakType="preroll"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] where adBreak.breakType != nil {
            let bad = adBreak.breakTypes.filter { !["linear", "nonlinear", "display"].contains($0) }
            guard !bad.isEmpty else { continue }
            context.report("AdBreak@breakType has \(bad.map { "\"\($0)\"" }.joined(separator: ", ")); expected linear, nonlinear or display", at: adBreak.position, path: adBreak.path)
        }
    }
}
