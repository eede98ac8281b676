import ConformCore
import VAST

/// Every <Verification> must have a vendor attribute from VAST 4.1.
struct VerificationVendorRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-vendor",
        name: "Verification vendor",
        summary: "every <Verification> must have a vendor attribute from VAST 4.1",
        rationale: "vendor identifies the measurement vendor (domain-useCase, such as company.com-omid); OM SDK players use it to look up the vendor key and to report [REASON] on verificationNotExecuted. Sources disagree: the 4.3 text marks vendor required, the 4.1 XSD declares it optional. Decision: an error from 4.1 on, as the text says, because an OM SDK player cannot match a script to a vendor without it; before 4.1 verification had another shape, so the rule starts at 4.1. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares.",
        fix: "Add vendor=\"company.com-omid\".",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "vendor*: An identifier for the verification vendor. The recommended format is [domain]- [useCase]"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="company.com-omid"/></AdVerifications></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad><InLine><AdVerifications><Verification/></AdVerifications></InLine></Ad></VAST>"#),
            SketchTag.verificationExtension("3.0", "<Verification vendor=\"company.com-omid\"/>"),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.1"><Ad><InLine><AdVerifications>↓<Verification><JavaScriptResource apiFramework="omid" browserOptional="true">https://v.example/v.js</JavaScriptResource></Verification></AdVerifications></InLine></Ad></VAST>"#),
            SketchTag.verificationExtension("3.0", "↓<Verification><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\">https://v.example/v.js</JavaScriptResource></Verification>"),
        ],
        schemaBasis: SchemaBasis(element: "Verification", items: ["vendor"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "Verification@vendor use=\"optional\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Verification@vendor use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for verification in context.verificationGroups.joined() where (verification.vendor ?? "").isEmpty {
            context.report("<Verification> has no vendor attribute", at: verification.position, path: verification.path)
        }
    }
}
