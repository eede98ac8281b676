import ConformCore
import VAST

/// ClosedCaptionFile without type or language.
struct ClosedCaptionAttributesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-closedcaption-attributes",
        name: "Closed caption type and language",
        summary: "a <ClosedCaptionFile> lacks its type or language attribute",
        rationale: "Players pick the caption file they can parse by its MIME type (text/vtt, text/srt, application/ttml+xml) and the one for the viewer by language; without them a caption file is guessed at or skipped, which matters for accessibility rules. The attributes are optional in the schema, so this is info. The XSDs leave both attributes optional; the rule notes their absence, as information, because a player cannot pick a caption file by format or language without them.",
        fix: "Add type=\"text/vtt\" (or the file's MIME type) and language=\"en\" (ISO 639-1, optional locale).",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        elements: ["ClosedCaptionFile"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.4", quote: "Multiple files with different mime-types may be provided as children of this node to allow the player to select the one it is compatible with"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><ClosedCaptionFiles><ClosedCaptionFile type=\"text/vtt\" language=\"en\"><![CDATA[https://c.example/a.vtt]]></ClosedCaptionFile></ClosedCaptionFiles></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles><ClosedCaptionFiles>↓<ClosedCaptionFile type=\"text/vtt\"><![CDATA[https://c.example/a.vtt]]></ClosedCaptionFile></ClosedCaptionFiles></MediaFiles>"),
        ],
        schemaBasis: SchemaBasis(element: "ClosedCaptionFile", items: ["type", "language"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "ClosedCaptionFile@type, ClosedCaptionFile@language (optional)", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for file in creative.linear?.closedCaptionFiles ?? [] {
                var missing: [String] = []
                if file.type?.isBlank ?? true { missing.append("type") }
                if file.language?.isBlank ?? true { missing.append("language") }
                guard !missing.isEmpty else { continue }
                context.report("<ClosedCaptionFile> has no \(missing.joined(separator: " or "))", at: file.url)
            }
        }
    }
}
