import ConformCore
import VAST

/// MediaFile@apiFramework other than VPAID, from VAST 4.1.
struct MediaFileAPIFrameworkRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-mediafile-apiframework",
        name: "MediaFile apiFramework deprecated",
        summary: "a <MediaFile> has an apiFramework other than VPAID, an attribute deprecated in VAST 4.1",
        rationale: "VAST 4.1 deprecated MediaFile@apiFramework: a MediaFile should be a plain video or audio file, and any API-driven file belongs in <InteractiveCreativeFile>. Kept for backward compatibility, so info (VPAID itself is reported by VAST-4.1-vpaid-deprecated).",
        fix: "Move the API-driven file to <InteractiveCreativeFile apiFramework=\"…\"> and drop apiFramework from <MediaFile>.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "apiFramework** | [Deprecated in 4.1 in preparation for VPAID being phased out]"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles>↓<MediaFile delivery=\"progressive\" type=\"video/mp4\" apiFramework=\"SIMID\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for file in creative.linear?.mediaFiles ?? [] {
                guard let api = file.apiFramework, api.uppercased() != "VPAID" else { continue }
                context.report("<MediaFile> has apiFramework=\"\(api)\"; use <InteractiveCreativeFile> for API-driven files", at: file.url)
            }
        }
    }
}
