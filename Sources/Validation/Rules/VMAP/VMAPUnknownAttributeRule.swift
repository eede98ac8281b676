import ConformCore
import VAST

/// VMAP elements should carry only the attributes VMAP 1.0 defines.
struct VMAPUnknownAttributeRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-unknown-attribute",
        name: "Known VMAP attributes",
        summary: "VMAP elements should carry only the attributes VMAP 1.0 defines",
        rationale: "Unknown attributes are ignored by players; the usual cause is a misspelling (timeoffset, breaktype) whose meaning is then lost. Prefixed attributes (xsi:, custom namespaces) are not checked. A warning, as players carry on.",
        fix: "Fix the spelling (attribute names are case-sensitive) or remove the attribute.",
        severity: .warning,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "4", quote: "AdBreak ... timeOffset ... breakType ... breakId"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1000 VMAP schema error"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear" breakId="pre"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">↓<vmap:AdBreak timeoffset="start" breakType="linear"></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for node in context.input.vmap?.unknownNodes ?? [] where node.kind == .attribute && !node.name.utf8.contains(UInt8(ascii: ":")) {
            context.report("<\(node.parent)> has the unknown attribute \(node.name)", at: node.position, path: node.path)
        }
    }
}
