import ConformCore
import VAST

/// VPAID from VAST 4.1.
struct VPAIDDeprecatedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-vpaid-deprecated",
        name: "VPAID deprecated",
        summary: "a MediaFile or InteractiveCreativeFile uses apiFramework=\"VPAID\", deprecated in VAST 4.1",
        rationale: "VAST 4.1 deprecated VPAID: measurement moves to OMID (<AdVerifications>) and interactivity to SIMID (<InteractiveCreativeFile>). Many CTV and app players do not run VPAID at all, so a VPAID-only ad does not play there (error 901). Deprecated: warning.",
        fix: "Serve a playable video MediaFile, measurement through <AdVerifications>, and interactivity as SIMID in <InteractiveCreativeFile>.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "1.8", quote: "With VAST 4.1, the working group has also deprecated the “apiFramework” attribute on the MediaFile node, which enables the delivery of VPAID"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles>↓<MediaFile delivery=\"progressive\" type=\"application/javascript\" apiFramework=\"VPAID\" width=\"640\" height=\"360\"><![CDATA[https://m.example/vpaid.js]]></MediaFile>\n↓<InteractiveCreativeFile type=\"application/javascript\" apiFramework=\"VPAID\"><![CDATA[https://m.example/vpaid.js]]></InteractiveCreativeFile></MediaFiles>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles where file.apiFramework?.uppercased() == "VPAID" {
                context.report("<MediaFile> uses VPAID, deprecated since VAST 4.1", at: file.url)
            }
            for file in linear.interactiveCreativeFiles where file.apiFramework?.uppercased() == "VPAID" {
                context.report("<InteractiveCreativeFile> uses VPAID, deprecated since VAST 4.1; use SIMID", at: file.url)
            }
        }
    }
}
