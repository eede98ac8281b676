import ConformCore
import VAST

/// VMAP elements should be in the namespace http://www.iab.net/videosuite/vmap.
struct VMAPNamespaceRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VMAP-1.0-namespace",
        name: "VMAP namespace",
        summary: "VMAP elements should be in the namespace http://www.iab.net/videosuite/vmap",
        rationale: "VMAP wraps VAST, so its own elements need a namespace of their own: http://www.iab.net/videosuite/vmap, usually with the prefix vmap. Many tags bind the prefix to another URI (often http://www.iab.net/vmap-1.0) or use none; lenient players accept them, namespace-aware ones find no VMAP elements. The spec says \"should\", so this is a warning, and conform reads the document anyway.",
        fix: "Declare xmlns:vmap=\"http://www.iab.net/videosuite/vmap\" on the root and prefix the VMAP elements with vmap:.",
        severity: .warning,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.2", quote: "VMAP should use the namespace URI: http://www.iab.net/videosuite/vmap with a prefix of vmap in front of each element name."),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<vmap:VMAP xmlns:vmap="http://www.iab.net/vmap-1.0" version="1.0"></vmap:VMAP>"#),
            RuleExample(#"↓<VMAP version="1.0"/>"#),
        ],
        schemaBasis: .vmap)
}
