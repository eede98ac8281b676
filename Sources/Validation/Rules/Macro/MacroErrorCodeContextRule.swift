import ConformCore
import VAST

/// [ERRORCODE] outside an Error URL.
struct MacroErrorCodeContextRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-macro-errorcode-context",
        name: "[ERRORCODE] outside <Error>",
        summary: "[ERRORCODE] is used in a URL that is not an <Error> URL",
        rationale: "Players fill [ERRORCODE] only when they request an <Error> URI (VAST 4.3 §3.4.11, §2.3.6); anywhere else it stays unreplaced or becomes -1, so the server never learns an error code from it. Usually the pixel was meant to be an <Error> element.",
        fix: "Move the URL into an <Error> element, or remove [ERRORCODE] from it.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vastMacros, section: "ERRORCODE", quote: "reserved for error tracking URIs"),
            SpecReference(document: .vast43, section: "3.4.11", quote: "If the URI contains an [ERRORCODE] macro, the media player must populate the macro with an error code"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Error><![CDATA[https://e.example/e?code=[ERRORCODE]]]></Error>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?code=[ERRORCODE]]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].role != .error && tokens[index].upper.isSameName("ERRORCODE") {
            let token = tokens[index]
            let node = context.urls[token.url].node, macro = token.macro
            context.report("\(MacroFacts.spelled(macro)) in <\(node.elementName)> is only filled in <Error> URLs", at: node)
        }
    }
}
