import ConformCore
import VAST

/// `&amp;` inside CDATA.
struct URLEscapedAmpersandRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-cdata-escaped-ampersand",
        name: "&amp; inside CDATA",
        summary: "a URL inside CDATA contains &amp;, which is sent literally",
        rationale: "Inside CDATA nothing is unescaped: &amp; stays five characters, so the server receives a parameter named amp;b instead of b. VAST asks for unescaped & inside CDATA; a tag that breaks this loses its query parameters.",
        fix: "Write & inside CDATA (&amp; is only for URLs outside CDATA).",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.3", quote: "encoding this within a CDATA section double-encodes the URI"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?a=1&b=2]]></Impression>\n<Impression>https://i.example/imp?a=1&amp;b=2</Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?a=1&amp;b=2]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.escapedAmpersand) {
            let node = urls[index].node
            guard node.inCDATA && node.value.containsBytes("&amp;") else { continue }
            context.report("the URL in <\(node.elementName)> contains &amp; inside CDATA; the server receives it literally", at: node)
        }
    }
}
