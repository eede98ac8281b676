import ConformCore
import VAST

/// Pricing@currency should be a three-letter ISO 4217 code.
struct PricingCurrencyFormatRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-pricing-currency-format",
        name: "Pricing currency format",
        summary: "Pricing@currency should be a three-letter ISO 4217 code",
        rationale: "The spec asks for the ISO 4217 three-letter code; \"$\", \"usd dollars\" or \"EURO\" are read differently by each buyer. The 3.0 to 4.2 XSDs take any three letters, lower case included, which the rule reports; the draft 4.4 schema takes any string. The rule asks for the ISO 4217 form the text names.",
        fix: "Write currency=\"USD\", \"EUR\", \"GBP\" and so on, upper case.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Pricing"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.8", quote: "The three-letter ISO-4217 currency symbol that identifies the currency of the value provided (e.g. USD, GBP, etc.)."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Pricing model="CPM" currency="EUR">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Pricing model="CPM" currency="$">1.50</Pricing></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Pricing model="CPM" currency="usd">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Pricing", items: ["currency"], [
            .init(VASTVersion.v3_0...VASTVersion.v4_3, "Pricing@currency use=\"required\" pattern [a-zA-Z]{3}", .partial),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Pricing@currency type=\"xs:string\" use=\"required\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let pricing = ad.body?.pricing, let currency = pricing.currency, currency.utf8.count != 3 || !currency.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else { continue }
            context.report("Pricing@currency is \"\(currency)\", not a three-letter ISO 4217 code such as USD", at: pricing.position, path: pricing.path)
        }
    }
}
