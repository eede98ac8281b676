import ConformCore
import VAST

/// A pixel-only macro in an ad-request URL.
struct MacroPixelOnlyRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-macro-pixel-only",
        name: "Pixel-only macro in a request",
        summary: "<VASTAdTagURI> uses a macro defined only for tracking pixels ([ADPLAYHEAD], [ASSETURI], [ADSERVINGID], …)",
        rationale: "The IAB macro list allows these macros (UNIVERSALADID, PLAYERSTATE, ADPLAYHEAD, ASSETURI, PODSEQUENCE, ADSERVINGID) only in tracking pixels: they describe the ad being played, which does not exist yet when the next VAST is requested, so the wrapper's request carries -1 or the literal token. Advice, so info.",
        fix: "Remove the macro from <VASTAdTagURI>, or move it to the wrapper's tracking pixels.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vastMacros, section: "ADSERVINGID", quote: "contexts: All tracking pixels"),
        ],
        validExamples: [
            SketchTag.wrapper("4.2", "<VASTAdTagURI><![CDATA[https://ads.example/vast?cb=[CACHEBUSTING]&ifa=[IFA]]]></VASTAdTagURI>"),
        ],
        invalidExamples: [
            SketchTag.wrapper("4.2", "↓<VASTAdTagURI><![CDATA[https://ads.example/vast?pos=[ADPLAYHEAD]]]></VASTAdTagURI>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].role == .vastAdTagURI && tokens[index].trackingOnly {
            let token = tokens[index]
            guard let definition = token.definition else { continue }
            let node = context.urls[token.url].node
            context.report("[\(definition.name)] in <VASTAdTagURI> is a tracking-pixel macro; it has no value when the next ad is requested", at: node)
        }
    }
}
