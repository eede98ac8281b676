import ConformCore
import VAST

/// In VAST 2.0 and 3.0 an InLine <Creative> holds at most one of <Linear>, <NonLinearAds> or <CompanionAds>.
struct CreativeSingleKindRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-creative-single-kind",
        name: "One kind per creative (2.0, 3.0)",
        summary: "in VAST 2.0 and 3.0 an InLine <Creative> holds at most one of <Linear>, <NonLinearAds> or <CompanionAds>",
        rationale: "The 2.0.1 and 3.0 XSDs make a Creative's content an xs:choice of Linear, CompanionAds and NonLinearAds, so a creative with two of them fails schema validation (101), and players of those versions read one and drop the other. The 4.0 and 4.1 XSDs use an xs:all and the 4.2 XSD an xs:sequence (CompanionAds before Linear), which let one Creative carry a Linear and its CompanionAds together, so 4.x documents are not checked. Until this rule was split off, VAST-2.0-creative-kind reported it.",
        fix: "Split it into one <Creative> per kind.",
        severity: .error,
        versions: VASTVersion.v2_0...VASTVersion.v3_0,
        specReferences: [
            SpecReference(document: .vast3, section: "XSD", quote: "Creative: an xs:choice of Linear, CompanionAds or NonLinearAds"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><Linear/></Creative><Creative><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds/><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives>↓<Creative><Linear/><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives>↓<Creative><NonLinearAds/><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Creative", items: ["Linear", "NonLinearAds", "CompanionAds"], [
            .init(VASTVersion.v2_0...VASTVersion.v3_0, "Creative: xs:choice of Linear, CompanionAds, NonLinearAds (one at most)", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            let kinds = [creative.linear != nil ? "<Linear>" : nil, creative.nonLinearAds != nil ? "<NonLinearAds>" : nil,
                         creative.companionAds != nil ? "<CompanionAds>" : nil].compactMap { $0 }
            // A Linear with a NonLinearAds alone is VAST-2.0-creative-linear-and-nonlinear's, in every version.
            if kinds.count > 1 && kinds != ["<Linear>", "<NonLinearAds>"] {
                context.report("<Creative> has \(kinds.joined(separator: " and ")); in VAST \(context.version.rawValue) a creative holds exactly one kind", at: creative.position, path: creative.path)
            }
        }
    }
}
