import ConformCore
import VAST

/// Verification without anything to run.
struct VerificationResourceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-resource",
        name: "Verification resource",
        summary: "a <Verification> has neither a <JavaScriptResource> nor an <ExecutableResource>",
        rationale: "A Verification element exists to run the vendor's measurement code; the spec says at least one JavaScriptResource or ExecutableResource should be provided. Without one nothing is measured. Should-wording, so warning.",
        fix: "Add the vendor's <JavaScriptResource apiFramework=\"omid\" browserOptional=\"…\"> (or <ExecutableResource>).",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "At least one <JavaScriptResource> or <ExecutableResource> should be provided"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><ExecutableResource apiFramework=\"omid\" type=\"ios\"><![CDATA[https://v.example/v]]></ExecutableResource></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications>↓<Verification vendor=\"v.example-omid\"><VerificationParameters><![CDATA[{}]]></VerificationParameters></Verification></AdVerifications>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for verification in ad.body?.adVerifications ?? []
            where verification.javaScriptResources.isEmpty && verification.executableResources.isEmpty {
                context.report("<Verification vendor=\"\(verification.vendor ?? "")\"> has no JavaScriptResource or ExecutableResource", at: verification.position, path: verification.path)
            }
        }
    }
}
