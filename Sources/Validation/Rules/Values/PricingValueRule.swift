import ConformCore
import VAST

/// The content of <Pricing> must be a decimal number.
struct PricingValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-pricing-value",
        name: "Pricing value",
        summary: "the content of <Pricing> must be a decimal number",
        rationale: "The 3.0 and 4.x XSDs type the price as xs:decimal; \"1,50\" or \"$1.50\" is a schema error and buyers cannot read the price.",
        fix: "Write the number only, with a dot: <Pricing model=\"CPM\" currency=\"USD\">1.50</Pricing>.",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Pricing"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.8", quote: "Content: A number that represents a price that can be used in real-time bidding systems"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Pricing model="cpm" currency="USD">0.75</Pricing></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Pricing model="cpm" currency="USD">1,50</Pricing></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Pricing model="cpm" currency="USD">$2</Pricing></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Pricing", [
            .init(VASTVersion.v3_0...VASTVersion.v4_3, "Pricing content xs:decimal", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastPricing_type content xs:decimal", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let pricing = ad.body?.pricing, !isXMLDecimal(pricing.value) && !pricing.value.utf8.contains(UInt8(ascii: "[")) else { continue }
            context.report("<Pricing> is \"\(pricing.value)\", not a decimal number", at: pricing.position, path: pricing.path)
        }
    }
}
