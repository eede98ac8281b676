import ConformCore
import VAST

/// A request-only macro in a tracking pixel.
struct MacroRequestOnlyRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-macro-request-only",
        name: "Request-only macro in a pixel",
        summary: "a macro defined only for ad requests ([MEDIAMIME], [VASTVERSIONS], [BLOCKEDADCATEGORIES], …) is used in a tracking, click or error URL",
        rationale: "The IAB macro list allows these macros (ADCATEGORIES, BLOCKEDADCATEGORIES, VASTVERSIONS, APIFRAMEWORKS, EXTENSIONS, VERIFICATIONVENDORS, MEDIAMIME, and the newer CONTENTCAT and DSA macros) only in ad-request URIs (the initial tag and VASTAdTagURI since VAST 4.1); players are not expected to fill them in pixels, so the pixel carries the literal token or -1. Advice, so info.",
        fix: "Keep request macros in <VASTAdTagURI> (or the initial ad tag); use tracking macros in pixels.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "1.5", quote: "the VAST macro concept will be expanded to apply not just to tracking URIs, but to AdTagURIs in Wrapper creatives"),
            SpecReference(document: .vastMacros, section: "MEDIAMIME", quote: "contexts: VAST request URIs"),
        ],
        validExamples: [
            SketchTag.wrapper("4.2", "<VASTAdTagURI><![CDATA[https://ads.example/vast?mime=[MEDIAMIME]]]></VASTAdTagURI>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?mime=[MEDIAMIME]]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].requestOnly && tokens[index].role != .vastAdTagURI {
            let token = tokens[index]
            let node = context.urls[token.url].node, upper = token.upper
            context.report("[\(upper)] in <\(node.elementName)> is an ad-request macro; players do not fill it in pixels", at: node)
        }
    }
}
