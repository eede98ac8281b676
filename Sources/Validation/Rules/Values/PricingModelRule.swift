import ConformCore
import VAST

/// Pricing@model must be CPM, CPC, CPE or CPV.
struct PricingModelRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-pricing-model",
        name: "Pricing model",
        summary: "Pricing@model must be CPM, CPC, CPE or CPV",
        rationale: "model is required on Pricing with an enumerated value; a price without its model cannot be compared (a CPC price read as CPM is off by orders of magnitude). The 3.0 XSD enumerates the lower-case values and the 4.x XSDs both cases, so case is accepted here and checked for 3.0 by VAST-3.0-pricing-model-case. The draft 4.4 schema requires model but takes any string; the 4.4 text keeps the four models, and the text wins.",
        fix: "Write model=\"CPM\" (or CPC, CPE, CPV).",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Pricing"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.8", quote: "model*: Identifies the pricing model as one of: CPM, CPC, CPE, or CPV."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Pricing model="CPM" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Pricing model="cpv" currency="EUR">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Pricing currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Pricing model="CPA" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Pricing", items: ["model"], [
            .init(VASTVersion.v3_0...VASTVersion.v3_0, "Pricing@model use=\"required\" enumeration cpc, cpm, cpe, cpv", .partial),
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "Pricing@model use=\"required\" enumeration CPC, CPM, CPE, CPV, cpc, cpm, cpe, cpv", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Pricing@model type=\"xs:string\" use=\"required\"", .partial),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let pricing = ad.body?.pricing, !["cpm", "cpc", "cpe", "cpv"].contains((pricing.model ?? "").lowercasedIfNeeded()) else { continue }
            context.report(pricing.model.map { "Pricing@model is \"\($0)\"; expected CPM, CPC, CPE or CPV" } ?? "<Pricing> has no model attribute (CPM, CPC, CPE or CPV)", at: pricing.position, path: pricing.path)
        }
    }
}
