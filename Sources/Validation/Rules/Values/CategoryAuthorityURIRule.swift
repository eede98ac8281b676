import ConformCore
import VAST

/// Category@authority and BlockedAdCategories@authority should be the URL (or domain) of the taxonomy.
struct CategoryAuthorityURIRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-category-authority-uri",
        name: "Category authority names a taxonomy",
        summary: "Category@authority and BlockedAdCategories@authority should be the URL (or domain) of the taxonomy",
        rationale: "The spec defines authority as \"a URL for the organizational authority\", yet its own example writes a bare domain (authority=\"iabtechlab.com\"). Decision: a URL or a domain name is accepted; a value that is neither (IAB, iab-v2, foo) cannot be resolved to a taxonomy, so publishers may not recognise the codes and block or skip the ad (204, 205). xs:anyURI takes a relative reference such as IAB, so the XSDs accept what the rule reports; the rule asks for a URL or a domain by that decision.",
        fix: "Write the taxonomy URL or domain, for example https://iabtechlab.com/standards/content-taxonomy/ or iabtechlab.com.",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        elements: ["Category", "BlockedAdCategories"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.5", quote: "authority*: A URL for the organizational authority that produced the list being used to identify ad content category."),
            SpecReference(document: .vast43, section: "3.4.5", quote: "Example: <Category authority=”iabtechlab.com”>232</Category>"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Category authority="https://iabtechlab.com/standards/content-taxonomy/">IAB1</Category><Category authority="iabtechlab.com">232</Category></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Category authority="IAB">IAB1</Category></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Category", items: ["authority"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "Category@authority type=\"xs:anyURI\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Category@authority type=\"vastURI_type\" (a string)", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.body else { continue }
            for category in body.categories + body.blockedAdCategories {
                guard let authority = category.authority?.trimmingWhitespace(), !authority.isEmpty else { continue }
                let lower = authority.lowercasedIfNeeded()
                let isURL = lower.hasPrefix("https://") || lower.hasPrefix("http://")
                let isDomain = authority.utf8.contains(UInt8(ascii: ".")) && !authority.hasPrefix(".") && !authority.hasSuffix(".")
                    && authority.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 45 || $0 == 46 || $0 == 47 }
                guard !isURL, !isDomain else { continue }
                let element = category.path.containsBytes("BlockedAdCategories") ? "BlockedAdCategories" : "Category"
                context.report("\(element)@authority is \"\(authority)\", neither a URL nor a domain of a taxonomy", at: category.position, path: category.path)
            }
        }
    }
}
