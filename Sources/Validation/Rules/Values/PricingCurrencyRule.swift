import ConformCore
import VAST

/// <Pricing> must have a currency attribute.
struct PricingCurrencyRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-pricing-currency",
        name: "Pricing currency",
        summary: "<Pricing> must have a currency attribute",
        rationale: "currency is required on Pricing; a price without a currency is unusable for the auction or the invoice.",
        fix: "Add currency=\"USD\" (a three-letter ISO 4217 code).",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Pricing"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.8", quote: "currency*: The three-letter ISO-4217 currency symbol that identifies the currency of the value provided (e.g. USD, GBP, etc.)."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Pricing model="CPM" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Pricing model="CPM">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Pricing", items: ["currency"], [
            .init(VASTVersion.v3_0...VASTVersion.v4_4, "Pricing@currency use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let pricing = ad.body?.pricing, pricing.currency == nil else { continue }
            context.report("<Pricing> has no currency attribute (an ISO 4217 code such as USD)", at: pricing.position, path: pricing.path)
        }
    }
}
