import ConformCore
import VAST

/// An InLine <Creative> must contain one of <Linear>, <NonLinearAds> or <CompanionAds>, and in VAST 2.0 and 3.0 only one.
struct CreativeKindRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-creative-kind",
        name: "Creative has one kind",
        summary: "an InLine <Creative> must contain one of <Linear>, <NonLinearAds> or <CompanionAds>, and in VAST 2.0 and 3.0 only one",
        rationale: "Sources differ by version: the 2.0.1 and 3.0 XSDs make Creative a choice of exactly one kind, while the 4.x XSDs use xs:all, which lets one Creative carry a Linear and its CompanionAds together. Decision: an InLine creative with no kind is an error in every version (there is nothing to play; the 4.3 text requires a Linear or NonLinearAds in an InLine Creative), and more than one kind is an error for 2.0 and 3.0 documents only. Wrapper creatives may be empty, as the 4.x XSD allows.",
        fix: "Split it into one <Creative> per kind.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.12", quote: "Within an InLine ad, at least one of <Linear> or <NonLinearAds> needs to be provided within the <Creative> element."),
            SpecReference(document: .vast42, section: "XSD", quote: "Creative_Inline_type: a choice of Linear, NonLinearAds or CompanionAds"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/></Creative><Creative><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.1"><Ad><InLine><Creatives><Creative><Linear/><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative/></Creatives></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives>↓<Creative id="c1"></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives>↓<Creative><Linear/><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creativeList) where kind == .inLine {
            let kinds = [creative.linear != nil ? "<Linear>" : nil, creative.nonLinearAds != nil ? "<NonLinearAds>" : nil,
                         creative.companionAds != nil ? "<CompanionAds>" : nil].compactMap { $0 }
            if kinds.isEmpty {
                context.report("<Creative> has none of <Linear>, <NonLinearAds> or <CompanionAds>", at: creative.position, path: creative.path)
            } else if kinds.count > 1 && context.version < .v4_0 && kinds != ["<Linear>", "<NonLinearAds>"] {
                // A Linear with a NonLinearAds alone is VAST-2.0-creative-linear-and-nonlinear's, in every version.
                context.report("<Creative> has \(kinds.joined(separator: " and ")); in VAST \(context.version.rawValue) a creative holds exactly one kind", at: creative.position, path: creative.path)
            }
        }
    }
}
