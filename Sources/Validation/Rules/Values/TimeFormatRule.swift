import ConformCore
import VAST

/// Duration, Icon offset and duration, and NonLinear minSuggestedDuration must be HH:MM:SS or HH:MM:SS.mmm.
struct TimeFormatRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VAST-2.0-time-format",
        name: "Time values",
        summary: "Duration, Icon offset and duration, and NonLinear minSuggestedDuration must be HH:MM:SS or HH:MM:SS.mmm",
        rationale: "VAST defines one time format. Players disagree on anything else: some read bare seconds, others drop the ad (error 101) or the icon. Hours take at least two digits, minutes and seconds 00 to 59, milliseconds exactly three digits. The decoder makes this finding wherever the value occurs, VMAP playlists and the VAST embedded in them included, so the rule carries no version range. Through 4.2 the XSDs type Duration (and, where they declare it, minSuggestedDuration) as xs:time, which rejects bare seconds but also takes a time zone and any number of fraction digits, both of which the rule reports; the draft 4.4 schema types Duration as a plain string. The rule follows the one format the text defines.",
        fix: "Write times as 00:00:30 or 00:00:30.000.",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .vast43, section: "3.8.1", quote: "Time value may be in the format HH:MM:SS.mmm where .mmm indicates milliseconds."),
            SpecReference(document: .vast2, section: "2.3.5.1", quote: "Duration ... HH:MM:SS"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:15.000</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear>↓<Duration>15</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds>↓<NonLinear minSuggestedDuration="0:10"/></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Duration", [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Duration type=\"xs:time\"", .partial),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Duration type=\"vastString_type\"", .looser),
        ]))
}
