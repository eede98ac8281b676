import ConformCore
import VAST

/// In VAST 3.0 Pricing@model must be lower case (cpm, cpc, cpe, cpv).
struct PricingModelCaseRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-pricing-model-case",
        name: "Pricing model case in VAST 3.0",
        summary: "in VAST 3.0 Pricing@model must be lower case (cpm, cpc, cpe, cpv)",
        rationale: "The 3.0 XSD enumerates only cpc, cpm, cpe and cpv; the 4.x XSDs added the upper-case spellings. Decision: the case is checked for 3.0 documents only, as a warning, since buyers read either spelling.",
        fix: "Write model=\"cpm\" in a VAST 3.0 tag, or declare VAST 4.x.",
        severity: .warning,
        versions: VASTVersion.v3_0...VASTVersion.v3_0,
        elements: ["Pricing"],
        specReferences: [
            SpecReference(document: .vast3, section: "2.3.1", quote: "model: ... cpc, cpm, cpe or cpv"),
            SpecReference(document: .vast42, section: "XSD", quote: "model enumeration: CPC, CPM, CPE, CPV, cpc, cpm, cpe, cpv"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Pricing model="cpm" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Pricing model="CPM" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine>↓<Pricing model="CPM" currency="USD">1.50</Pricing></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let pricing = ad.body?.pricing, let model = pricing.model, ["CPM", "CPC", "CPE", "CPV"].contains(model.uppercased()), model != model.lowercased() else { continue }
            context.report("Pricing@model is \"\(model)\"; VAST 3.0 allows only the lower-case \(model.lowercased())", at: pricing.position, path: pricing.path)
        }
    }
}
