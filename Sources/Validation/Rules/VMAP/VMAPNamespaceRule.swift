import ConformCore
import VAST

/// The vmap prefix should be bound to http://www.iab.net/videosuite/vmap.
struct VMAPNamespaceRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VMAP-1.0-namespace",
        name: "VMAP namespace",
        summary: "the vmap prefix should be bound to http://www.iab.net/videosuite/vmap",
        rationale: "VMAP 1.0 defines its elements in the http://www.iab.net/videosuite/vmap namespace. Many tags bind the prefix to another URI (often http://www.iab.net/vmap-1.0); lenient players accept it, namespace-aware ones find no VMAP elements. conform reads the document anyway.",
        fix: "Declare xmlns:vmap=\"http://www.iab.net/videosuite/vmap\" on the root.",
        severity: .warning,
        versions: nil,
        specReferences: [
            SpecReference(document: .vmap1, section: "2.2", quote: "VMAP elements ... in the namespace http://www.iab.net/videosuite/vmap"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<vmap:VMAP xmlns:vmap="http://www.iab.net/vmap-1.0" version="1.0"></vmap:VMAP>"#),
        ])
}
