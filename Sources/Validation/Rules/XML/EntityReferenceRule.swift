import ConformCore
import VAST

/// Entity references must name entities the document itself defines.
struct EntityReferenceRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "XML-entity-reference",
        name: "Resolvable entity references",
        summary: "entity references must name entities the document itself defines",
        rationale: "libxml2 warns when an entity is referenced that only an external DTD (which conform never loads) could define; its text is then missing from every URL or value that uses it. Use the five predefined entities or character references, or CDATA.",
        fix: "Replace &name; with the literal text, a character reference such as &#38;, or wrap the URL in CDATA.",
        severity: .warning,
        versions: nil,
        specReferences: [
            SpecReference(document: .xml10, section: "4.1", quote: "In a document with an external subset ... the Name given in the entity reference MUST match that in an entity declaration"),
            SpecReference(document: .vast43, section: "2.3.3", quote: "URIs provided in a VAST response must be CDATA-wrapped"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Error>https://e.example/e?a=1&amp;b=2</Error></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<!DOCTYPE VAST SYSTEM "vast.dtd">\#n<VAST version="4.2"><Error>&foo;↓</Error></VAST>"#),
        ],
        schemaBasis: .specTextOnly)
}
