import ConformCore
import VAST

/// [CLICKPOS] outside click URLs.
struct MacroClickPosContextRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-macro-clickpos-context",
        name: "[CLICKPOS] outside click tracking",
        summary: "[CLICKPOS] is used in a URL that is not a click-tracking or click-through URL",
        rationale: "The IAB macro list defines [CLICKPOS] (the x,y of a click) for click-tracking URIs only; in an impression or event pixel there is no click to report, so it is filled with -1 or left as is. Advice, so info.",
        fix: "Use [CLICKPOS] only in ClickTracking, NonLinearClickTracking, CompanionClickTracking or IconClickTracking URLs.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vastMacros, section: "CLICKPOS", quote: "contexts: ClickTracking tracking pixels"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<VideoClicks><ClickTracking><![CDATA[https://c.example/c?p=[CLICKPOS]]]></ClickTracking></VideoClicks>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?p=[CLICKPOS]]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].upper.isSameName("CLICKPOS") {
            let token = tokens[index]
            guard token.role != .clickTracking && token.role != .clickThrough else { continue }
            let node = context.urls[token.url].node, macro = token.macro
            context.report("\(MacroFacts.spelled(macro)) in <\(node.elementName)> is only filled in click URLs", at: node)
        }
    }
}
