import ConformCore
import VAST

/// Ad@adType should be video, audio or hybrid.
struct AdTypeValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-adtype-value",
        name: "Ad adType value",
        summary: "Ad@adType should be video, audio or hybrid",
        rationale: "VAST 4.1 (merging DAAST) defines adType as video (the default), audio or hybrid. Audio players use it to skip video ads; an unknown value is read as video. The draft 4.4 schema types adType as a plain string; the 4.4 text keeps the three values, and the text wins.",
        fix: "Write adType=\"video\", \"audio\" or \"hybrid\", or leave it out for video.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.2", quote: "adType: An optional string that identifies the type of ad ... Possible values – video, audio, hybrid."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad adType="audio"><InLine></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2">↓<Ad adType="Audio"><InLine/></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Ad", items: ["adType"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "Ad@adType enumeration video, audio, hybrid", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Ad@adType type=\"xs:string\" default=\"video\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let type = ad.adType, !["video", "audio", "hybrid"].contains(type) else { continue }
            context.report("Ad@adType is \"\(type)\"; expected video, audio or hybrid", at: ad.position, path: ad.path)
        }
    }
}
