import ConformCore
import VAST

/// AdBreak@timeOffset must be start, end, HH:MM:SS[.mmm], n% or #n.
struct VMAPTimeOffsetFormatRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VMAP-1.0-timeoffset-format",
        name: "AdBreak timeOffset format",
        summary: "AdBreak@timeOffset must be start, end, HH:MM:SS[.mmm], n% or #n",
        rationale: "The player schedules the break from timeOffset; a value it cannot read drops the break (VMAP error 1000 or 1002). #n counts cue points from 1.",
        fix: "Write timeOffset=\"start\", \"end\", \"00:10:00.000\", \"50%\" or \"#1\".",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "timeOffset: required ... in the format hh:mm:ss or hh:mm:ss.mmm ... n% ... \"start\" or \"end\" ... #m where \"m\" is an integer of 1 or greater"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="00:10:00.000" breakType="linear"/></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak timeOffset="10 minutes" breakType="linear"/></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)
}
