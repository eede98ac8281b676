import ConformCore
import VAST

/// AdBreak@repeatAfter should be a time in the form HH:MM:SS[.mmm].
struct VMAPRepeatAfterFormatRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VMAP-1.0-repeatafter-format",
        name: "AdBreak repeatAfter format",
        summary: "AdBreak@repeatAfter should be a time in the form HH:MM:SS[.mmm]",
        rationale: "repeatAfter repeats the break at that interval; a value a player cannot read usually means the break plays once. The spec gives only the time format.",
        fix: "Write repeatAfter=\"00:15:00\".",
        severity: .warning,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "repeatAfter: ... If used, the value is time in the format hh:mm:ss or HH:MM:SS.mmm"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear" repeatAfter="00:15:00"/></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak timeOffset="start" breakType="linear" repeatAfter="900"/></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)
}
