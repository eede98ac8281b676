import ConformCore
import VAST

/// A known macro written in lower or mixed case.
struct MacroCaseRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-macro-case",
        name: "Macro case",
        summary: "a known macro is written in lower or mixed case ([cachebusting] instead of [CACHEBUSTING])",
        rationale: "Macro names are upper case in every VAST version and players match them exactly; a mixed-case macro is left unreplaced and sent literally.",
        fix: "Write the macro in upper case.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "6.1", quote: "When replacing the macro with a value, the whole name - including brackets - needs to be replaced"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?cb=[CACHEBUSTING]]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?cb=[CacheBusting]&t=%%timestamp%%]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        var reported = Set<String>()
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].isKnown && tokens[index].upper != tokens[index].macro.name {
            let token = tokens[index]
            let node = context.urls[token.url].node
            // One finding per element, naming every mis-cased macro in it.
            guard reported.insert(node.path).inserted else { continue }
            let names = Macros.occurrences(in: node.value)
                .filter { $0.name != $0.name.uppercased() && MacroCatalog.definition($0.name.uppercased()) != nil }
                .map { "\(MacroFacts.spelled($0)) → \($0.name.uppercased())" }
            context.report("macro names in <\(node.elementName)> must be upper case: \(names.joined(separator: ", "))", at: node)
        }
    }
}
