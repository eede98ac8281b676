import ConformCore
import VAST

/// A URL element with nothing in it.
struct URLEmptyRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-empty",
        name: "Empty URL",
        summary: "a URL element (Impression, Tracking, ClickThrough, MediaFile, Error, ...) is empty",
        rationale: "Every URL element of VAST is typed xs:anyURI and exists to be requested; an empty one makes the player request nothing (or the page itself), so the impression, click or error is lost. VAST 4.3 allows about:blank where a placeholder is needed.",
        fix: "Fill in the URL, use about:blank as an explicit placeholder, or remove the element.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.4", quote: "The media player is required to request the resource file for any included tracking elements from the URI provided"),
            SpecReference(document: .vast43, section: "3.4.4", quote: "If there is no reason to include an Impression element, the placeholder \"about:blank\" should be used"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[ ]]></Impression>\n↓<Error/>"),
            SketchTag.verificationExtension("3.0", "<Verification vendor=\"v.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://v.example/v.js]]></JavaScriptResource><TrackingEvents>\n↓<Tracking event=\"verificationNotExecuted\"><![CDATA[]]></Tracking></TrackingEvents></Verification>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.empty) {
            let node = urls[index].node
            context.report("<\(node.elementName)> is empty; it should hold a URL", at: node)
        }
    }
}
