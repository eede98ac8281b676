import ConformCore
import VAST

/// Width, height and their expanded and asset variants must not be negative.
struct DimensionNegativeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-dimension-negative",
        name: "Sizes are not negative",
        summary: "width, height and their expanded and asset variants must not be negative",
        rationale: "The schemas type sizes as integers in pixels; a negative size describes nothing a player can lay out, and most treat it as 0 or reject the creative (203, 501, 601). xs:integer takes negative numbers, so the XSDs accept them; the rule is stricter by decision, since no size below zero can be laid out.",
        fix: "Write the real size in pixels (0 for audio media).",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.9.1", quote: "width*: The native width of the video file, in pixels."),
            SpecReference(document: .vast43, section: "3.13.1", quote: "width*: The pixel width of the placement slot for which the creative is intended."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile delivery="progressive" type="video/mp4" width="-1" height="720">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds>↓<Companion width="300" height="250" expandedHeight="-5"/></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "MediaFile", items: ["width", "height"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "MediaFile@width, MediaFile@height type=\"xs:integer\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        // One size at a time: a list of (name, size) pairs per element would cost an array each.
        func inspect(_ name: String, _ size: Attr<Int>?, _ element: String, _ position: SourcePosition, _ path: String) {
            guard let value = size?.value, value < 0 else { return }
            context.report("\(element)@\(name) is \(value); sizes are pixels, 0 or more", at: position, path: path)
        }
        for creative in context.creatives {
            if let linear = creative.linear {
                // Filtered first: the position and path are read only for a file with a negative size.
                for file in linear.mediaFiles where file.width?.value ?? 0 < 0 || file.height?.value ?? 0 < 0 {
                    inspect("width", file.width, "MediaFile", file.url.position, file.url.path)
                    inspect("height", file.height, "MediaFile", file.url.position, file.url.path)
                }
                for file in linear.mezzanines where file.width?.value ?? 0 < 0 || file.height?.value ?? 0 < 0 {
                    inspect("width", file.width, "Mezzanine", file.url.position, file.url.path)
                    inspect("height", file.height, "Mezzanine", file.url.position, file.url.path)
                }
                for icon in linear.icons {
                    inspect("width", icon.width, "Icon", icon.position, icon.path)
                    inspect("height", icon.height, "Icon", icon.position, icon.path)
                    // Filtered first: the path is built only for an image with a negative size.
                    for image in icon.clickFallbackImages where image.width?.value ?? 0 < 0 || image.height?.value ?? 0 < 0 {
                        let path = icon.path + "/IconClicks/IconClickFallbackImages"
                        inspect("width", image.width, "IconClickFallbackImage", image.position, path)
                        inspect("height", image.height, "IconClickFallbackImage", image.position, path)
                    }
                }
            }
            for n in creative.nonLinearAds?.nonLinears ?? [] {
                inspect("width", n.width, "NonLinear", n.position, n.path)
                inspect("height", n.height, "NonLinear", n.position, n.path)
                inspect("expandedWidth", n.expandedWidth, "NonLinear", n.position, n.path)
                inspect("expandedHeight", n.expandedHeight, "NonLinear", n.position, n.path)
            }
            for c in creative.companionAds?.companions ?? [] {
                inspect("width", c.width, "Companion", c.position, c.path)
                inspect("height", c.height, "Companion", c.position, c.path)
                inspect("expandedWidth", c.expandedWidth, "Companion", c.position, c.path)
                inspect("expandedHeight", c.expandedHeight, "Companion", c.position, c.path)
                inspect("assetWidth", c.assetWidth, "Companion", c.position, c.path)
                inspect("assetHeight", c.assetHeight, "Companion", c.position, c.path)
            }
        }
    }
}
