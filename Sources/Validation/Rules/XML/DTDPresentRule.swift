import ConformCore
import VAST

/// A VAST or VMAP document should not carry a DOCTYPE declaration.
struct DTDPresentRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "XML-dtd-present",
        name: "No DOCTYPE",
        summary: "a VAST or VMAP document should not carry a DOCTYPE declaration",
        rationale: "VAST and VMAP are defined by XML Schemas, never by DTDs. A DOCTYPE is at best noise and at worst an attack vector (external entities, expansion bombs); conform neither loads nor expands it, so any entity it declares is missing from what conform checks. Reported at the start of the document.",
        fix: "Delete the <!DOCTYPE ...> declaration.",
        severity: .warning,
        versions: nil,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.2", quote: "A VAST-compliant ad response is a well-formed XML document, compliant with XML 1.0"),
            SpecReference(document: .xml10, section: "2.8", quote: "The XML document type declaration contains or points to markup declarations"),
        ],
        validExamples: [
            RuleExample(#"<?xml version="1.0" encoding="UTF-8"?>\#n<VAST version="4.2"/>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<!DOCTYPE VAST>\#n<VAST version="4.2"/>"#),
        ],
        schemaBasis: .specTextOnly)
}
