import ConformCore
import VAST

/// Category@authority and BlockedAdCategories@authority should be absolute URLs.
struct CategoryAuthorityURIRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-category-authority-uri",
        name: "Category authority is a URL",
        summary: "Category@authority and BlockedAdCategories@authority should be absolute URLs",
        rationale: "The spec defines authority as the URL of the taxonomy; \"IAB\" or \"iab-v2\" cannot be resolved and publishers may not recognise it.",
        fix: "Write the taxonomy URL, for example https://iabtechlab.com/standards/content-taxonomy/.",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.5", quote: "authority: a URL for the organizational authority"),
            SpecReference(document: .vast43, section: "3.19.2", quote: "authority: a URL for the organizational authority"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Category authority="https://iabtechlab.com/standards/content-taxonomy/">IAB1</Category></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Category authority="IAB">IAB1</Category></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.body else { continue }
            for category in body.categories + body.blockedAdCategories {
                guard let authority = category.authority, !authority.isEmpty else { continue }
                let lower = authority.lowercased()
                guard !(lower.hasPrefix("https://") || lower.hasPrefix("http://")) else { continue }
                let element = category.path.contains("BlockedAdCategories") ? "BlockedAdCategories" : "Category"
                context.report("\(element)@authority is \"\(authority)\", not a URL of the taxonomy", at: category.position, path: category.path)
            }
        }
    }
}
