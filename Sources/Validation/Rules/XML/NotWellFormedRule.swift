import ConformCore

/// The input is not well-formed XML.
struct NotWellFormedRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "XML-not-well-formed",
        name: "Well-formed XML",
        summary: "the document must be well-formed XML",
        rationale: "A player that cannot parse the response fires error 100 and shows nothing. libxml2's own message and position are reported; the partial tree is not checked further.",
        fix: "Close every element, quote attribute values, escape & and < outside CDATA, and keep one root element.",
        severity: .error,
        specReferences: [
            SpecReference(document: .xml10, section: "2.1", quote: "A textual object is a well-formed XML document if ..."),
            SpecReference(document: .vast42, section: "2.3.6", quote: "100 XML parsing error."),
        ],
        validExamples: [
            RuleExample("<VAST version=\"4.2\"><Error><![CDATA[https://e.example/e]]></Error></VAST>"),
        ],
        invalidExamples: [
            // libxml2 reports the position just after the offending token.
            RuleExample("<VAST version=\"4.2\">\n<Ad id=\"1\">\n</VAST>↓↓"),
            RuleExample("<VAST version=\"4.2\" version=\"4.1\"↓/>"),
        ],
        schemaBasis: .specTextOnly)
}
