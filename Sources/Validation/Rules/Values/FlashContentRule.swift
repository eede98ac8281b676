import ConformCore
import VAST

/// Media files and static resources should not be Flash (application/x-shockwave-flash, video/x-flv).
struct FlashContentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-flash-content",
        name: "No Flash",
        summary: "media files and static resources should not be Flash (application/x-shockwave-flash, video/x-flv)",
        rationale: "Flash is unsupported by every current browser and device, and VAST 4.1 removed all references to it. A Flash MediaFile or resource never plays: at best another rendition is chosen, at worst the ad fails (403, 503, 604). Checked in every version because no player can run Flash today. The XSDs type MediaFile@type and StaticResource@creativeType as xs:string and so accept a Flash type; the rule is stricter by decision, because no current player runs Flash.",
        fix: "Replace it with video/mp4 (media) or image/png / HTML5 (resources).",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["MediaFile", "StaticResource"],
        specReferences: [
            SpecReference(document: .vast43, section: "1.7", quote: "all references to Flash and Flash resources are being removed"),
            SpecReference(document: .vast43, section: "VAST 4.1 Updates", quote: "all references to Flash and Flash resources are being removed"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1" height="1">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="application/x-shockwave-flash" width="1" height="1">https://m.example/a.swf</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1">↓<StaticResource creativeType="application/x-shockwave-flash">https://s.example/a.swf</StaticResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["type"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "MediaFile@type type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for file in creative.linear?.mediaFiles ?? [] {
                guard let type = file.type, MIMEType.isFlash(type) else { continue }
                context.report("<MediaFile> is Flash (\(type)), which no current player runs", at: file.url)
            }
        }
        for resource in context.resources where resource.kind == .staticResource {
            guard let type = resource.creativeType, MIMEType.isFlash(type) else { continue }
            context.report("<StaticResource> is Flash (\(type)), which no current player runs", at: resource.content)
        }
    }
}
