import ConformCore
import VAST

/// Every <Companion> must have width and height attributes.
struct CompanionDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-companion-dimensions",
        name: "Companion width and height",
        summary: "every <Companion> must have width and height attributes",
        rationale: "width and height are required on Companion in every schema: they are the slot size the publisher matches against its page (601 when none fits). Applies to wrapper companions too, which are real assets.",
        fix: "Add width=\"300\" height=\"250\" (the slot size in pixels).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Companion"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.13.1", quote: "width*: The pixel width of the placement slot for which the creative is intended."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="300" height="250"/></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds>↓<Companion width="300"/></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Companion", items: ["width", "height"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "Companion@width, @height use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for companion in creative.companionAds?.companions ?? [] where companion.width == nil || companion.height == nil {
                context.report("<Companion> lacks \(Missing.list(["width": companion.width == nil, "height": companion.height == nil])); width and height are required", at: companion.position, path: companion.path)
            }
        }
    }
}
