import ConformCore
import VAST

/// The same Error URL twice under one element.
struct ErrorDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-error-duplicate",
        name: "Duplicate error URL",
        summary: "the same <Error> URL appears twice in one InLine, Wrapper or no-ad response",
        rationale: "Players request every Error URI when the ad fails, so a repeated one doubles the error counts the ad server reports. Practice, so warning.",
        fix: "Remove the repeated <Error>.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.2.1", quote: "Multiple <Error> elements may be provided to notify multiple parties of the no-ad response"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Error><![CDATA[https://a.example/e?c=[ERRORCODE]]]></Error><Error><![CDATA[https://b.example/e?c=[ERRORCODE]]]></Error>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Error><![CDATA[https://a.example/e?c=[ERRORCODE]]]></Error>\n↓<Error><![CDATA[https://a.example/e?c=[ERRORCODE]]]></Error>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for node in context.repeatedURLs(.error, key: { node in node.path.parentOfPath + "\u{1}" + node.value }) {
            context.report("<Error> \(node.value) is listed twice in this element", at: node)
        }
    }
}
