import ConformCore
import VAST

/// A `[NAME]` token that is not an IAB macro.
struct MacroUnknownRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-macro-unknown",
        name: "Unknown macro",
        summary: "a [NAME] token in a URL is not a macro of the IAB VAST macro list",
        rationale: """
            Players replace only the macros they know; an unknown [NAME] is sent literally, so the server \
            receives brackets instead of a value. The list is the IAB VAST 4.x macro list maintained on GitHub \
            (VAST 4.3 §6.2), including its newer entries (CLICKTYPE, STOREID, STOREURL, PLAYBACKMETHODS, \
            CONTENTCAT, GPPSTRING, GPPSECTIONID, DSAREQUIRED, DSAPARAMS, DSAPUBRENDER) that other tools still \
            flag, plus RANDOM, a widely filled non-IAB alias of CACHEBUSTING. Known names written in the wrong \
            case are reported by VAST-2.0-macro-case; %%NAME%% ad-server tokens by VAST-2.0-macro-percent-unexpanded; \
            numeric tokens such as [0] are not treated as macros. Names an ad server or player of the project \
            fills (Google's [AD_MT], say) go in the configuration's customMacros and are not reported.
            """,
        fix: "Use the IAB macro name (for example [CACHEBUSTING], [ERRORCODE]), or fill the value before the tag is served.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "6.1", quote: "All macro names are surrounded by square brackets, for example: [EXAMPLE]"),
            SpecReference(document: .vast43, section: "6.1", quote: "we are maintaining the latest list on the IAB Tech Lab’s VAST github repository"),
        ],
        validExamples: [
            SketchTag.inLine("4.3", "<Impression><![CDATA[https://i.example/imp?cb=[CACHEBUSTING]&store=[STOREID]&gpp=[GPPSTRING]&a[0]=1]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?cb=[CACHEBUSTER]]]></Impression>\n↓<Error><![CDATA[https://e.example/e?c=[ERROR_CODE]]]></Error>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].macro.form == .brackets && !tokens[index].isKnown {
            let token = tokens[index]
            let node = context.urls[token.url].node, macro = token.macro, upper = token.upper
            guard !MacroFacts.isNumeric(macro.name), !context.configuration.customMacroSet.contains(macro.name) else { continue }
            let hint = MacroFacts.lookalikes[upper].map { "; did you mean \($0)?" } ?? ""
            context.report("[\(macro.name)] in <\(node.elementName)> is not an IAB VAST macro\(hint)", at: node)
        }
    }
}
