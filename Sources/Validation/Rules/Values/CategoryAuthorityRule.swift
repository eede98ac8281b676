import ConformCore
import VAST

/// Every <Category> must have an authority attribute.
struct CategoryAuthorityRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-category-authority",
        name: "Category authority",
        summary: "every <Category> must have an authority attribute",
        rationale: "authority is required on Category: it names the taxonomy (usually the IAB Content Taxonomy URL) the code comes from. Without it a publisher cannot enforce brand safety, and players may refuse the ad (204). The draft 4.4 schema makes authority optional; the 4.4 text keeps it required, and the text wins.",
        fix: "Add authority=\"https://iabtechlab.com/standards/content-taxonomy/\".",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        elements: ["Category"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.5", quote: "If category is used, the authority= attribute must be provided."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "204 Ad category was required but not provided."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Category authority="https://iabtechlab.com/standards/content-taxonomy/">IAB1</Category></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Category>IAB1</Category></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Category", items: ["authority"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "Category@authority type=\"xs:anyURI\" use=\"required\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Category@authority type=\"vastURI_type\" use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for category in ad.body?.categories ?? [] where category.authority == nil {
                context.report("<Category> \"\(category.value)\" has no authority attribute", at: category.position, path: category.path)
            }
        }
    }
}
