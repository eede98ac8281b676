import ConformCore
import VAST

/// Icon@xPosition must be left, right or a pixel number; Icon@yPosition top, bottom or a pixel number.
struct IconPositionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-icon-position-value",
        name: "Icon position values",
        summary: "Icon@xPosition must be left, right or a pixel number; Icon@yPosition top, bottom or a pixel number",
        rationale: "The schemas allow exactly these values (pattern [0-9]+|left|right and [0-9]+|top|bottom). \"center\" or \"10px\" is a schema error and players put the icon in their default corner, sometimes over the skip button. The draft VAST 4.4 schema (vast_4.4.xsd) instead takes a number or a percentage and rejects left and right; the 4.4 text keeps left, right and pixels, and the text wins. The rule covers the Icons VAST 4.4 allows under NonLinearAds too.",
        fix: "Write xPosition=\"right\" yPosition=\"top\", or pixel offsets such as xPosition=\"10\".",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Icon"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.11.1", quote: "xPosition: The x-coordinate of the top, left corner of the icon asset ... Values of \"left\" or \"right\" also accepted"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon xPosition="10" yPosition="bottom"/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"/><Icons><Icon xPosition="10" yPosition="20"/></Icons></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons>↓<Icon xPosition="center" yPosition="top"/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"/><Icons>↓<Icon xPosition="center" yPosition="top"/></Icons></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Icon", items: ["xPosition", "yPosition"], [
            .init(VASTVersion.v3_0...VASTVersion.v4_3, "Icon@xPosition pattern ([0-9]*|left|right), Icon@yPosition pattern ([0-9]*|top|bottom)", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, #"Icon@xPosition, Icon@yPosition pattern (\d+|\d+(\.\d+)?%)"#, .partial),
        ]))

    func check(_ context: RuleContext) {
        func isPixels(_ value: String) -> Bool { !value.isEmpty && value.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
        for creative in context.creatives {
            for icon in creative.allIcons {
                if let x = icon.xPosition, x != "left", x != "right", !isPixels(x) {
                    context.report("Icon@xPosition is \"\(x)\"; expected left, right or a number of pixels", at: icon.position, path: icon.path)
                }
                if let y = icon.yPosition, y != "top", y != "bottom", !isPixels(y) {
                    context.report("Icon@yPosition is \"\(y)\"; expected top, bottom or a number of pixels", at: icon.position, path: icon.path)
                }
            }
        }
    }
}
