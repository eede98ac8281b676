import ConformCore
import VAST

/// Flash creative.
struct FlashMediaRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-flash-media",
        name: "Flash creative",
        summary: "a MediaFile or StaticResource is Flash (application/x-shockwave-flash)",
        rationale: "Flash players reached end of life in 2020 and no current player runs SWF; IAB deprecated all Flash references in January 2017 and VAST 4.1 removed them. A Flash file never plays (error 403/503/604). Applied to every version because the players are gone, as a warning since older versions define the type.",
        fix: "Replace the SWF with an MP4/WebM video file, or an image or HTML resource.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "1.7", quote: "all Flash references are considered deprecated as of January 2017"),
        ],
        validExamples: [
            SketchTag.linear("3.0", "<MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("3.0", "<MediaFiles>↓<MediaFile delivery=\"progressive\" type=\"application/x-shockwave-flash\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.swf]]></MediaFile></MediaFiles>"),
            SketchTag.creative("3.0", "<CompanionAds><Companion width=\"300\" height=\"250\">↓<StaticResource creativeType=\"application/x-shockwave-flash\"><![CDATA[https://m.example/c.swf]]></StaticResource></Companion></CompanionAds>"),
        ])

    static func isFlash(_ type: String?) -> Bool {
        guard let type = type?.lowercased() else { return false }
        return type == "application/x-shockwave-flash" || type == "application/futuresplash"
    }

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for file in creative.linear?.mediaFiles ?? [] where Self.isFlash(file.type) {
                context.report("<MediaFile> is Flash (\(file.type ?? "")); no current player plays it", at: file.url)
            }
            var resources: [Resource] = []
            resources += creative.linear?.icons.flatMap(\.resources) ?? []
            resources += creative.nonLinearAds?.nonLinears.flatMap(\.resources) ?? []
            resources += creative.companionAds?.companions.flatMap(\.resources) ?? []
            for resource in resources where resource.kind == .staticResource && Self.isFlash(resource.creativeType) {
                context.report("<StaticResource> is Flash (\(resource.creativeType ?? "")); no current player shows it", at: resource.content)
            }
        }
    }
}
