import ConformCore
import VAST

/// RepeatAfter should not be combined with timeOffset="end".
struct RepeatAfterConflictRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-repeatafter-conflict",
        name: "repeatAfter with end",
        summary: "repeatAfter should not be combined with timeOffset=\"end\"",
        rationale: "repeatAfter repeats a break at an interval from its time offset; a break at the end of the content cannot repeat, so the attribute is dead and usually signals a mistaken offset.",
        fix: "Remove repeatAfter, or give the break a start or time offset.",
        severity: .warning,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "the video player should repeat the same <AdBreak> break (using the same <AdSource>) at time offsets equal to the duration value of this attribute"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear" repeatAfter="00:10:00"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak timeOffset="end" breakType="linear" repeatAfter="00:10:00"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            guard adBreak.repeatAfter != nil, case .end? = adBreak.timeOffset?.value else { continue }
            context.report("<AdBreak timeOffset=\"end\"> has repeatAfter; a post-roll cannot repeat", at: adBreak.position, path: adBreak.path)
        }
    }
}
