import ConformCore
import VAST

/// The <vmap:VMAP> root must have a version attribute.
struct VMAPRootVersionRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-root-version",
        name: "VMAP version declared",
        summary: "the <vmap:VMAP> root must have a version attribute",
        rationale: "version is required on the VMAP root; players use it to decide whether they can read the playlist (VMAP error 1001 otherwise).",
        fix: "Add version=\"1.0\" to the root.",
        severity: .error,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.3", quote: "VMAP is declared with the <VMAP> element and includes an attribute for identifying the version, which is currently 1.0."),
            SpecReference(document: .vmap1, section: "4", quote: "Version | String | Yes | Current version is 1.0"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap"></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        guard let vmap = context.input.vmap, vmap.version == nil else { return }
        context.report("<VMAP> has no version attribute", at: vmap.position, path: vmap.path)
    }
}
