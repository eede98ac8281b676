import ConformCore
import VAST

/// Every <Verification> should contain a <JavaScriptResource> or an <ExecutableResource>.
struct VerificationResourceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-no-resource",
        name: "Verification has a resource",
        summary: "every <Verification> should contain a <JavaScriptResource> or an <ExecutableResource>",
        rationale: "A Verification without code to run measures nothing; the player can only fire verificationNotExecuted. The spec says at least one resource should be provided, so this is a warning. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares. The XSDs make every resource optional and so accept a Verification with none; the text asks for one.",
        fix: "Add <JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://...]]></JavaScriptResource>.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "At least one <JavaScriptResource> or <ExecutableResource> should be provided."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="v"><ExecutableResource apiFramework="x" type="y">z</ExecutableResource></Verification></AdVerifications></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications>↓<Verification vendor="v"><VerificationParameters>p</VerificationParameters></Verification></AdVerifications></InLine></Ad></VAST>"#),
            SketchTag.verificationExtension("2.0", "↓<Verification vendor=\"v\"><VerificationParameters>p</VerificationParameters></Verification>"),
        ],
        schemaBasis: SchemaBasis(element: "Verification", items: ["JavaScriptResource", "ExecutableResource"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "Verification/JavaScriptResource, Verification/ExecutableResource minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for verification in context.verificationGroups.joined() where verification.javaScriptResources.isEmpty && verification.executableResources.isEmpty {
            context.report("<Verification\(verification.vendor.map { " vendor=\"\($0)\"" } ?? "")> has no JavaScriptResource or ExecutableResource", at: verification.position, path: verification.path)
        }
    }
}
