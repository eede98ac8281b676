import ConformCore
import VAST

/// IconClickFallbackImage needs width and height.
struct IconFallbackImageDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.2-icon-fallback-image-dimensions",
        name: "Icon fallback image size",
        summary: "every <IconClickFallbackImage> must have width and height",
        rationale: "VAST 4.2 added IconClickFallbackImage for platforms without HTML (CTV): the player renders the image above the paused video and needs its size to lay it out. The 4.3 text marks both required (width*, height*); the 4.2 schema declares them optional. Decision: an error from 4.2, following the text, since an image without a size cannot be laid out reliably.",
        fix: "Add width=\"…\" height=\"…\" (pixels) to the <IconClickFallbackImage>.",
        severity: .error,
        versions: VASTVersion.v4_2.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.11.6.1", quote: "width* | Pixel width of the image asset |height* | Pixel height of the image asset"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<Icons><Icon program=\"AdChoices\" width=\"20\" height=\"20\" xPosition=\"right\" yPosition=\"top\"><IconClicks><IconClickFallbackImages><IconClickFallbackImage width=\"400\" height=\"300\"><StaticResource creativeType=\"image/png\"><![CDATA[https://i.example/f.png]]></StaticResource></IconClickFallbackImage></IconClickFallbackImages></IconClicks></Icon></Icons>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<Icons><Icon program=\"AdChoices\" width=\"20\" height=\"20\" xPosition=\"right\" yPosition=\"top\"><IconClicks><IconClickFallbackImages>\n↓<IconClickFallbackImage width=\"400\"><StaticResource creativeType=\"image/png\"><![CDATA[https://i.example/f.png]]></StaticResource></IconClickFallbackImage></IconClickFallbackImages></IconClicks></Icon></Icons>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for icon in creative.linear?.icons ?? [] {
                for image in icon.clickFallbackImages where image.width == nil || image.height == nil {
                    let missing = [image.width == nil ? "width" : nil, image.height == nil ? "height" : nil].compactMap { $0 }
                    context.report("<IconClickFallbackImage> has no \(missing.joined(separator: " or "))", at: image.position, path: icon.path + "/IconClicks/IconClickFallbackImages/IconClickFallbackImage")
                }
            }
        }
    }
}
