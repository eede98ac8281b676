import ConformCore
import VAST

/// Skipoffset and progress offsets must be HH:MM:SS, HH:MM:SS.mmm or a percentage from 0% to 100%.
struct OffsetFormatRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VAST-3.0-offset-format",
        name: "Offset values",
        summary: "skipoffset and progress offsets must be HH:MM:SS, HH:MM:SS.mmm or a percentage from 0% to 100%",
        rationale: "An offset that does not parse makes the ad unskippable or the progress pixel silent, depending on the player. The 3.0 and 4.x XSDs allow exactly a time or n%. The decoder makes this finding wherever the value occurs, VMAP playlists and the VAST embedded in them included, so the rule carries no version range. The 3.0 to 4.2 XSDs give skipoffset a pattern that rejects other forms but takes percentages up to 199%, which the rule reports; the draft 4.4 schema types it as a plain string. The rule follows the text: a time or a percentage of at most 100.",
        fix: "Write skipoffset=\"00:00:05\" or skipoffset=\"25%\".",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .vast43, section: "3.8", quote: "skipoffset: Time value that identifies when skip controls are made available to the end user"),
            SpecReference(document: .vast3, section: "2.3.4", quote: "offset ... HH:MM:SS.mmm or n%"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear skipoffset="25%"/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative>↓<Linear skipoffset="5s"/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><TrackingEvents>↓<Tracking event="progress" offset="150%">https://t.example/p</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Linear", items: ["skipoffset", "offset"], [
            .init(VASTVersion.v2_0...VASTVersion.v2_0, "Linear has no skipoffset attribute, Tracking no offset", .undeclared),
            .init(VASTVersion.v3_0...VASTVersion.v4_3, #"Linear@skipoffset pattern (\d{2}:[0-5]\d:[0-5]\d(\.\d\d\d)?|1?\d?\d(\.?\d)*%)"#, .partial),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Linear@skipoffset type=\"xs:string\"", .looser),
        ]))
}
