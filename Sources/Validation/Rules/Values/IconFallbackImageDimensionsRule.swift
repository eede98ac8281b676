import ConformCore
import VAST

/// Every <IconClickFallbackImage> must have width and height attributes.
struct IconFallbackImageDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.2-icon-fallback-image-dimensions",
        name: "IconClickFallbackImage size",
        summary: "every <IconClickFallbackImage> must have width and height attributes",
        rationale: "VAST 4.2 added fallback images shown when the icon's click-through cannot open (CTV); width and height let the player lay the image out before it loads. Sources disagree: the 4.3 text marks width and height required (width*, height*), while the 4.2 XSD, which 4.3 tags are also validated with, declares both with use=\"optional\". Decision: an error from 4.2 on, as the text says, in line with the other attributes the text requires and the XSD leaves optional (VAST-4.1-verification-vendor); a schema validator alone does not report it. The draft VAST 4.4 schema leaves IconClickFallbackImages out of IconClicks; the 4.4 text keeps it (§3.11), and the text wins.",
        fix: "Add width=\"300\" height=\"250\" to the <IconClickFallbackImage>.",
        severity: .error,
        versions: VASTVersion.v4_2.andLater,
        elements: ["IconClickFallbackImage"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.11.6.1", quote: "width*: Pixel width of the image asset; height*: Pixel height of the image asset"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon><IconClicks><IconClickFallbackImages><IconClickFallbackImage width="300" height="250"/></IconClickFallbackImages></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon><IconClicks><IconClickFallbackImages>↓<IconClickFallbackImage width="300"/></IconClickFallbackImages></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "IconClickFallbackImage", items: ["width", "height"], [
            .init(VASTVersion.v4_2...VASTVersion.v4_3, "IconClickFallbackImage@width, @height use=\"optional\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "IconClicks has no IconClickFallbackImages", .undeclared),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for icon in creative.linear?.icons ?? [] {
                for image in icon.clickFallbackImages where image.width == nil || image.height == nil {
                    context.report("<IconClickFallbackImage> lacks \(Missing.list(["width": image.width == nil, "height": image.height == nil])); width and height are required",
                                   at: image.position, path: icon.path + "/IconClicks/IconClickFallbackImages")
                }
            }
        }
    }
}
