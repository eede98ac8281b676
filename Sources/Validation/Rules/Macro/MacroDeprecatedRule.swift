import ConformCore
import VAST

/// A macro the declared version deprecates.
struct MacroDeprecatedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-macro-deprecated",
        name: "Deprecated macro",
        summary: "a URL uses a macro deprecated in the declared version ([CONTENTPLAYHEAD] from 4.1)",
        rationale: "VAST 4.1 deprecated [CONTENTPLAYHEAD] in favour of [MEDIAPLAYHEAD] (the content position) and [ADPLAYHEAD] (the ad position). Players may still fill it, or may fill it with -1, so reports drift. Deprecation is advice to migrate, so this is info.",
        fix: "Replace [CONTENTPLAYHEAD] with [MEDIAPLAYHEAD] (or [ADPLAYHEAD] for the position in the ad).",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "6.1", quote: "For any macros that are marked as optional or deprecated and where the actual macro is not provided ... -1"),
            SpecReference(document: .vastMacros, section: "CONTENTPLAYHEAD", quote: "Deprecated in VAST 4.1, replaced by [ADPLAYHEAD] and [MEDIAPLAYHEAD]"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"pause\"><![CDATA[https://t.example/p?at=[MEDIAPLAYHEAD]]]></Tracking></TrackingEvents>"),
            SketchTag.linear("3.0", "<TrackingEvents><Tracking event=\"pause\"><![CDATA[https://t.example/p?at=[CONTENTPLAYHEAD]]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"pause\"><![CDATA[https://t.example/p?at=[CONTENTPLAYHEAD]]]></Tracking></TrackingEvents>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let tokens = context.macroTokens
        for index in tokens.indices {
            guard let deprecated = tokens[index].deprecatedIn, context.version >= deprecated else { continue }
            let token = tokens[index]
            let node = context.urls[token.url].node, macro = token.macro
            context.report("\(MacroFacts.spelled(macro)) in <\(node.elementName)> is deprecated since VAST \(deprecated.rawValue); use [MEDIAPLAYHEAD] or [ADPLAYHEAD]", at: node)
        }
    }
}
