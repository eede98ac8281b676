import ConformCore
import VAST

/// Every element and attribute prefix must be bound to a declared namespace.
struct NamespaceErrorRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "XML-namespace-error",
        name: "Namespace well-formed",
        summary: "every element and attribute prefix must be bound to a declared namespace",
        rationale: "Namespaces in XML 1.0 make an undeclared prefix an error; libxml2 reports it and still builds the tree, but many players parse with namespace-aware parsers that reject the document (VAST error 100). Reported at libxml2's position, which follows the offending start tag.",
        fix: "Declare the prefix (xmlns:vmap=\"http://www.iab.net/videosuite/vmap\") on the root or an ancestor, or remove the prefix.",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .xml10, section: "Namespaces 5", quote: "The namespace prefix, unless it is xml or xmlns, MUST have been declared in a namespace declaration attribute"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "100 XML parsing error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2" xmlns:x="https://x.example/ns"><x:Note/></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><b:Ad↓/></VAST>"#),
        ],
        schemaBasis: .specTextOnly)
}
