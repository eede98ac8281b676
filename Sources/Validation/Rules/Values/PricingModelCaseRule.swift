import ConformCore
import VAST

/// Pricing@model in a spelling the version's schema enumerates: lower case in 3.0; lower or upper case in 4.x.
struct PricingModelCaseRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-pricing-model-case",
        name: "Pricing model case",
        summary: "Pricing@model must be spelt as the version's schema enumerates it: lower case in VAST 3.0, all lower or all upper case in 4.x",
        rationale: "The 3.0 XSD enumerates only cpc, cpm, cpe and cpv; the 4.x XSDs added the upper-case spellings (CPC, CPM, CPE, CPV) and nothing else, so a mixed spelling such as Cpm is in no schema. Decision: a warning, since buyers read any spelling of the four models; a model that is none of the four is VAST-3.0-pricing-model's. The draft 4.4 schema types model as a plain string and so takes any spelling; the rule keeps the spellings of the earlier schemas.",
        fix: "Write model=\"cpm\" (or, in VAST 4.x, model=\"CPM\").",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Pricing"],
        specReferences: [
            SpecReference(document: .vast3, section: "2.3.1", quote: "model: ... cpc, cpm, cpe or cpv"),
            SpecReference(document: .vast42, section: "XSD", quote: "model enumeration: CPC, CPM, CPE, CPV, cpc, cpm, cpe, cpv"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Pricing model="cpm" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Pricing model="CPM" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Pricing model="cpe" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine>↓<Pricing model="CPM" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Pricing model="Cpm" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Pricing", items: ["model"], [
            .init(VASTVersion.v3_0...VASTVersion.v3_0, "Pricing@model enumeration cpc, cpm, cpe, cpv", .enforced),
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "Pricing@model enumeration CPC, CPM, CPE, CPV, cpc, cpm, cpe, cpv", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Pricing@model type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let pricing = ad.body?.pricing, let model = pricing.model, ["CPM", "CPC", "CPE", "CPV"].contains(model.uppercased()),
                  model != model.lowercased() else { continue }
            if context.version < .v4_0 {
                context.report("Pricing@model is \"\(model)\"; VAST 3.0 allows only the lower-case \(model.lowercased())", at: pricing.position, path: pricing.path)
            } else if model != model.uppercased() {
                context.report("Pricing@model is \"\(model)\"; VAST \(context.version.rawValue) allows \(model.lowercased()) or \(model.uppercased()), not a mixed spelling",
                               at: pricing.position, path: pricing.path)
            }
        }
    }
}
