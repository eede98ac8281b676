import ConformCore
import VAST

/// A macro introduced after the declared version.
struct MacroNewerThanVersionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-macro-newer-than-version",
        name: "Macro newer than the declared version",
        summary: "a URL uses a macro introduced by a later VAST version than the tag declares",
        rationale: "A player that reads the declared version implements that version's macros; a newer macro ([ADSERVINGID] in a VAST 3.0 tag) is usually left unreplaced. Either the tag should declare the newer version, or the value should be filled by the ad server. The introducing versions follow the IAB macro list.",
        fix: "Declare the version that defines the macro, or have the ad server fill the value before serving.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "4", quote: "features introduced in the newer versions will typically not be back ported to older-versioned players"),
            SpecReference(document: .vastMacros, section: "ADSERVINGID", quote: "introversion: 4.1"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?sid=[ADSERVINGID]]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("3.0", "↓<Impression><![CDATA[https://i.example/imp?sid=[ADSERVINGID]&cb=[CACHEBUSTING]]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard context.input.vast?.version != nil else { return }
        let tokens = context.macroTokens
        for index in tokens.indices {
            guard let since = tokens[index].since, since > context.version else { continue }
            let token = tokens[index]
            guard let definition = token.definition else { continue }
            let node = context.urls[token.url].node
            context.report("[\(definition.name)] in <\(node.elementName)> is a VAST \(definition.since.rawValue) macro; this tag declares VAST \(context.version.rawValue)", at: node)
        }
    }
}
