import ConformCore
import VAST

/// An Error URL without [ERRORCODE].
struct MacroErrorURLCodeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-macro-error-url-errorcode",
        name: "Error URL without [ERRORCODE]",
        summary: "an <Error> URL has no [ERRORCODE] macro, so the server learns that an error happened but not which",
        rationale: "VAST 3.0 introduced numbered error codes delivered through [ERRORCODE]; an Error URL without it cannot tell a missing file (401) from a timeout (402) or a wrapper limit (302). The macro is optional, so this is info.",
        fix: "Add a parameter carrying [ERRORCODE], for example ?code=[ERRORCODE].",
        severity: .info,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.6", quote: "If the ad server wants to collect more specific details about the error from the media player ... an [ERRORCODE] macro can be included in the URI"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Error><![CDATA[https://e.example/e?code=[ERRORCODE]]]></Error>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "↓<Error><![CDATA[https://e.example/noad]]></Error>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let urls = context.urls
        guard urls.contains(where: { $0.role == .error }) else { return }
        let facts = context.urlFacts
        var withCode = Set<Int>()
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].role == .error && tokens[index].upper.isSameName("ERRORCODE") {
            withCode.insert(tokens[index].url)
        }
        for index in urls.indices where urls[index].role == .error && !facts[index].flags.contains(.empty) {
            let node = urls[index].node
            if !withCode.contains(index) {
                context.report("<Error> URL \(node.value) has no [ERRORCODE]", at: node)
            }
        }
    }
}
