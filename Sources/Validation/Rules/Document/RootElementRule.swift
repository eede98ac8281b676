import ConformCore
import VAST

/// The root element must be <VAST> (or <VMAP> for a playlist).
struct RootElementRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VAST-2.0-root-element",
        name: "VAST root element",
        summary: "the root element must be <VAST> (or <VMAP> for a playlist)",
        rationale: "Every VAST schema declares exactly one global element, VAST; a player that receives any other root fires error 101 (schema validation) or 100. The decoder reports the root it found; nothing else is checked. Each VAST XSD declares VAST as its only root and so rejects any other, a VMAP playlist included; which schema applies is decided from the root itself, so the rule rests on the VAST and VMAP texts.",
        fix: "Serve the VAST response itself as the document, not a wrapper page or an ad-server envelope.",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .vast43, section: "3.1", quote: "VAST is the root node for a VAST-compliant ad response"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"/>"#),
        ],
        invalidExamples: [
            RuleExample(#"<?xml version="1.0"?>\#n↓<AdResponse><VAST version="4.2"/></AdResponse>"#),
        ],
        schemaBasis: .specTextOnly)
}
