import ConformCore
import VAST

/// Every <Linear> of an <InLine> must contain <MediaFiles> with at least one <MediaFile>.
struct LinearMediaFilesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-linear-mediafiles",
        name: "Linear MediaFiles",
        summary: "every <Linear> of an <InLine> must contain <MediaFiles> with at least one <MediaFile>",
        rationale: "The 4.x XSDs require MediaFiles with at least one MediaFile; the 2.0.1 and 3.0 XSDs leave MediaFiles optional, but their prose requires media for a linear ad. Decision: an error in every version, because an InLine linear ad without a media file cannot play (error 403). The 2.0 and 3.0 XSDs require a MediaFile in MediaFiles but make MediaFiles itself optional, so they accept a Linear without it; the draft 4.4 schema makes every child of Linear and MediaFiles optional. The rule follows the text, which the 4.0 to 4.2 XSDs enforce.",
        fix: "Add <MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"1280\" height=\"720\"><![CDATA[https://...]]></MediaFile></MediaFiles>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9", quote: "MediaFiles ... Required in Response: Yes (Linear ads) ... Sub-elements: MediaFile*"),
            SpecReference(document: .vast2, section: "2.3.1.3", quote: "MediaFiles ... the container for one or more MediaFile elements"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile>https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative>↓<Linear><Duration>00:00:15</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative>↓<Linear><MediaFiles><Mezzanine>https://m.example/m.mov</Mezzanine></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Linear", items: ["MediaFiles", "MediaFile"], [
            .init(VASTVersion.v2_0...VASTVersion.v3_0, "Linear/MediaFiles minOccurs=\"0\", MediaFiles/MediaFile minOccurs=\"1\"", .partial),
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "Linear/MediaFiles minOccurs=\"1\", MediaFiles/MediaFile minOccurs=\"1\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastLinear_type, vastMediaFiles_type: xs:choice minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let linear = creative.linear, linear.mediaFiles.isEmpty else { continue }
            let what = linear.hasMediaFilesElement ? "its <MediaFiles> has no <MediaFile>" : "it has no <MediaFiles>"
            context.report("<Linear> cannot play: \(what)", at: linear.position, path: linear.path)
        }
    }
}
