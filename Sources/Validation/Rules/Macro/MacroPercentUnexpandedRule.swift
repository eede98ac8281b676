import ConformCore
import VAST

/// An ad-server `%%NAME%%` token left in a served tag.
struct MacroPercentUnexpandedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-macro-percent-unexpanded",
        name: "Unexpanded ad-server macro",
        summary: "a URL still contains a %%NAME%% ad-server macro that is not an IAB macro",
        rationale: "%%NAME%% tokens (such as %%CACHEBUSTER%% or %%SITE%%) are ad-server template macros, expanded when the ad server writes the tag. Players do not know them, so in a tag as served they mean the ad server did not expand them; in a template under review they are expected. IAB macro names written in this form are accepted (players such as vast-client-js fill them), and so are the names listed in the configuration's customMacros. Informational, so templates can be checked without noise.",
        fix: "Serve the tag through the ad server that expands the macro, or replace it with an IAB macro such as [CACHEBUSTING].",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "6.1", quote: "The responsibility to properly replace macros with their proper values lies with the party that will perform the HTTP request"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?cb=%%CACHEBUSTING%%]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?site=%%SITE%%]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].macro.form == .percent {
            let token = tokens[index]
            guard !token.isKnown, !context.configuration.customMacroSet.contains(token.macro.name) else { continue }
            let node = context.urls[token.url].node, macro = token.macro
            context.report("%%\(macro.name)%% in <\(node.elementName)> is an ad-server macro that was not expanded", at: node)
        }
    }
}
