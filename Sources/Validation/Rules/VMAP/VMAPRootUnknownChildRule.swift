import ConformCore
import VAST

/// <VMAP> may contain only <AdBreak> and <Extensions>.
struct VMAPRootUnknownChildRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-root-unknown-child",
        name: "Children of <VMAP>",
        summary: "<VMAP> may contain only <AdBreak> and <Extensions>",
        rationale: "The VMAP schema defines what <VMAP> contains (<AdBreak> and <Extensions>); anything else is a schema error (VMAP 1000) that players skip, usually a misspelling or an element in the wrong place. Extension content is not checked.",
        fix: "Fix the element name (names are case-sensitive) or move it under the parent that defines it.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3.1", quote: "The <VMAP> element contains zero or more <AdBreak> child elements."),
            SpecReference(document: .vmap1, section: "2.7", quote: "Each VMAP response may also have a top-level <Extensions> element"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"></vmap:AdBreak><vmap:Extensions/></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:Break timeOffset="start"/></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for node in context.input.vmap?.unknownNodes ?? [] where node.kind == .element && node.parent == "VMAP" {
            context.report("<\(node.name)> is not a child of <VMAP> in VMAP 1.0; expected <AdBreak> and <Extensions>", at: node.position, path: node.path)
        }
    }
}
