import ConformCore
import VAST

/// The input must fit conform's size limit and libxml2's resource limits.
struct InputTooLargeRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "XML-input-too-large",
        name: "Input within limits",
        summary: "the input must fit conform's size limit and libxml2's resource limits",
        rationale: "conform refuses inputs over the configured byte limit (default 32 MiB, see --max-size) before parsing, and libxml2 stops at nesting deeper than 256 elements or text nodes over 10 MB rather than risk memory exhaustion. A real VAST tag is a few kilobytes; anything this large or deep is broken or hostile. Refused inputs are reported at the start of the document; depth errors where libxml2 stopped.",
        fix: "Serve the tag itself, not a concatenation or a recursive template expansion; keep nesting shallow.",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .xml10, section: "2.1", quote: "A textual object is a well-formed XML document if ..."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "100 XML parsing error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Extensions><Extension><A><B><C/></B></A></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E><E>↓<E></E>"#),
        ],
        schemaBasis: .specTextOnly)
}
