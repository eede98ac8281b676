import ConformCore
import VAST

/// The document must not define entities that expand recursively or exponentially.
struct EntityExpansionRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "XML-entity-expansion",
        name: "No entity expansion bombs",
        summary: "the document must not define entities that expand recursively or exponentially",
        rationale: "A \"billion laughs\" DTD makes a parser expand a few bytes into gigabytes. conform never expands entities and libxml2 stops at the loop; a tag that carries such a DTD is hostile or broken, and players that do expand entities fail on it (VAST error 100).",
        fix: "Remove the DOCTYPE and its entity declarations; VAST needs no DTD.",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .xml10, section: "4.1", quote: "A parsed entity MUST NOT contain a recursive reference to itself, either directly or indirectly"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "100 XML parsing error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Error><![CDATA[https://e.example/e?a=1&b=2]]></Error></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<!D↓OCTYPE VAST [<!ENTITY a "&b;"><!ENTITY b "&a;">]>\#n<VAST version="4.2"><Error>&a;↓</Error></VAST>"#),
        ],
        schemaBasis: .specTextOnly)
}
