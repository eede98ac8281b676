import ConformCore
import VAST

/// Positional timeOffsets (#n) should not be mixed with other offset types in one VMAP.
struct PositionalOffsetMixedRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-timeoffset-positional-mixed",
        name: "Positional offsets not mixed",
        summary: "positional timeOffsets (#n) should not be mixed with other offset types in one VMAP",
        rationale: "VMAP honours #n (the n-th cue point) only when no other offset types are used in the document; mixed with times or percentages, players ignore the positional breaks.",
        fix: "Use only #n offsets (with start and end), or convert them to times.",
        severity: .warning,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "Position values can only be honored if no other offset values are provided."),
            SpecReference(document: .vmap1, section: "2.3.1", quote: "when a mix is values is provided, any position values can be ignored"),
        ],
        validExamples: [
            RuleExample(##"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="#1" breakType="linear"></vmap:AdBreak><vmap:AdBreak timeOffset="#2" breakType="linear"></vmap:AdBreak></vmap:VMAP>"##),
        ],
        invalidExamples: [
            RuleExample(##"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="00:05:00" breakType="linear"></vmap:AdBreak>↓<vmap:AdBreak timeOffset="#2" breakType="linear"></vmap:AdBreak></vmap:VMAP>"##),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        let breaks = context.input.vmap?.adBreaks ?? []
        let mixed = breaks.contains { adBreak in
            switch adBreak.timeOffset?.value {
            case .time?, .percent?: true
            default: false
            }
        }
        guard mixed else { return }
        for adBreak in breaks {
            guard case .position(let n)? = adBreak.timeOffset?.value else { continue }
            context.report("<AdBreak timeOffset=\"#\(n)\"> is positional, but the playlist also uses time or percentage offsets", at: adBreak.position, path: adBreak.path)
        }
    }
}
