import ConformCore
import VAST

/// Every <Creative> must contain exactly one of <Linear>, <NonLinearAds> or <CompanionAds>.
struct CreativeKindRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-creative-kind",
        name: "Creative has one kind",
        summary: "every <Creative> must contain exactly one of <Linear>, <NonLinearAds> or <CompanionAds>",
        rationale: "The schemas make Creative a choice of the three kinds. A creative with none is nothing the player can use; one with two kinds is read differently by different players (and counted twice by some trackers).",
        fix: "Split it into one <Creative> per kind.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.12", quote: "Within an InLine ad, at least one of <Linear> or <NonLinearAds> needs to be provided within the <Creative> element."),
            SpecReference(document: .vast42, section: "XSD", quote: "Creative_Inline_type: a choice of Linear, NonLinearAds or CompanionAds"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/></Creative><Creative><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives>↓<Creative id="c1"></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives>↓<Creative><Linear/><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            let kinds = [creative.linear != nil ? "<Linear>" : nil, creative.nonLinearAds != nil ? "<NonLinearAds>" : nil,
                         creative.companionAds != nil ? "<CompanionAds>" : nil].compactMap { $0 }
            if kinds.isEmpty {
                context.report("<Creative> has none of <Linear>, <NonLinearAds> or <CompanionAds>", at: creative.position, path: creative.path)
            } else if kinds.count > 1 {
                context.report("<Creative> has \(kinds.joined(separator: " and ")); a creative holds exactly one kind", at: creative.position, path: creative.path)
            }
        }
    }
}
