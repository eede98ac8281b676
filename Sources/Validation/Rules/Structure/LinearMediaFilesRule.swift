import ConformCore
import VAST

/// InLine Linear needs at least one MediaFile.
struct LinearMediaFilesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-linear-mediafiles",
        name: "Linear MediaFiles",
        summary: "every InLine <Linear> must contain <MediaFiles> with at least one <MediaFile>",
        rationale: "A Linear ad is played from its MediaFile; the 4.x schemas require MediaFiles (1) with MediaFile (1+). The 2.0 and 3.0 schemas leave MediaFiles optional, but their prose, like 4.x, defines a Linear InLine as the video to play. Decision: required in every version, since a Linear without a MediaFile cannot play (error 403).",
        fix: "Add <MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"…\" height=\"…\"><![CDATA[https://…]]></MediaFile></MediaFiles>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9", quote: "Required in Response | Yes (Linear ads)"),
            SpecReference(document: .vast43, section: "3.9.1", quote: "Required in Response | Yes ... Bounded | 1+"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "↓<Linear><Duration>00:00:15</Duration></Linear>"),
            SketchTag.creative("3.0", "↓<Linear><MediaFiles/></Linear>"),
        ])

    func check(_ context: RuleContext) {
        for (body, creative) in context.creatives where body.kind == .inLine {
            guard let linear = creative.linear, linear.mediaFiles.isEmpty else { continue }
            let what = linear.hasMediaFilesElement ? "<MediaFiles> has no <MediaFile>" : "<Linear> has no <MediaFiles>"
            context.report("\(what); the ad has nothing to play", at: linear.position, path: linear.path)
        }
    }
}
