import ConformCore
import VAST

/// A URL not wrapped in CDATA.
struct URLCDATARule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-cdata",
        name: "URL outside CDATA",
        summary: "a URL is written as plain text instead of inside <![CDATA[ ]]>",
        rationale: "VAST 4.3 §2.3.3 says URIs must be CDATA-wrapped, so that & and other characters need no XML escaping; a plain-text URL with a raw & breaks the XML, and one with &amp; is easily double-encoded by hand edits. Decision: info, not error, because a correctly escaped plain-text URL decodes to the same value, every earlier version only recommends CDATA, and plain-text URLs are common in working tags.",
        fix: "Wrap the URL: <Impression><![CDATA[https://…]]></Impression>.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.3", quote: "URIs provided in a VAST response must be CDATA-wrapped"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?a=1&b=2]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression>https://i.example/imp?a=1&amp;b=2</Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        var last = LastElementMessage()
        for index in urls.indices where !facts[index].flags.contains(.empty) && (urls[index].node.hasTextOutsideCDATA || !urls[index].node.inCDATA) {
            let node = urls[index].node
            let message = last.message(for: node.elementName) { element in
                String(concatenating: "the URL in <", element, "> is not in CDATA")
            }
            context.report(message, at: node)
        }
    }
}
