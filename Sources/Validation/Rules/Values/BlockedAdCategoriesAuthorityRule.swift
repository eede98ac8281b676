import ConformCore
import VAST

/// Every <BlockedAdCategories> should have an authority attribute.
struct BlockedAdCategoriesAuthorityRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-blockedadcategories-authority",
        name: "BlockedAdCategories authority",
        summary: "every <BlockedAdCategories> should have an authority attribute",
        rationale: "BlockedAdCategories (Wrapper, 4.1) lists categories the InLine must not have; without an authority the codes are ambiguous and downstream servers cannot enforce the block (205). The 4.1 prose asks for authority; the XSD leaves it optional, so this is a warning.",
        fix: "Add authority=\"https://iabtechlab.com/standards/content-taxonomy/\".",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["BlockedAdCategories"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.19.2", quote: "authority*: A URL for the organizational authority that produced the list being used to identify ad content."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><BlockedAdCategories authority="https://iabtechlab.com/standards/content-taxonomy/">IAB8-5</BlockedAdCategories></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper>↓<BlockedAdCategories>IAB8-5</BlockedAdCategories></Wrapper></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "BlockedAdCategories", items: ["authority"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "BlockedAdCategories@authority type=\"xs:anyURI\" (optional)", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "the Wrapper of vast_4.4.xsd has no BlockedAdCategories", .undeclared),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for category in ad.wrapper?.blockedAdCategories ?? [] where category.authority == nil {
                context.report("<BlockedAdCategories> \"\(category.value)\" has no authority attribute", at: category.position, path: category.path)
            }
        }
    }
}
