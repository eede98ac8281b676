import ConformCore
import VAST

/// VMAP@version should be 1.0 (or 1.0.1).
struct VMAPRootVersionValueRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-root-version-value",
        name: "Known VMAP version",
        summary: "VMAP@version should be 1.0 (or 1.0.1)",
        rationale: "VMAP 1.0 is the only version; its 1.0.1 revision keeps version=\"1.0\". Players answer other values with error 1001.",
        fix: "Write version=\"1.0\".",
        severity: .warning,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3", quote: "an attribute for identifying the version, which is currently 1.0"),
            SpecReference(document: .vmap1, section: "2.5", quote: "1001 VMAP version of response not supported"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"></vmap:VMAP>"#),
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0.1"></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="2.0"></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        guard let vmap = context.input.vmap, let version = vmap.version, !["1.0", "1.0.1", "1"].contains(version.trimmingWhitespace()) else { return }
        context.report("VMAP@version is \"\(version)\"; VMAP 1.0 is the only version", at: vmap.position, path: vmap.path)
    }
}
