import ConformCore
import VAST

/// Verification needs a vendor.
struct VerificationVendorRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-vendor",
        name: "Verification vendor",
        summary: "every <Verification> must have a vendor attribute",
        rationale: "The 4.3 text marks vendor required (vendor*), while the 4.1 and 4.2 schemas declare it optional. Decision: an error from 4.1, following the text, because the schemas cannot say what players need: they match it against their list of allowed verification vendors and report verificationNotExecuted per vendor. Without it the script is usually refused.",
        fix: "Add vendor=\"company.com-omid\" to the <Verification>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "vendor* | An identifier for the verification vendor"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://v.example/v.js]]></JavaScriptResource></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications>↓<Verification><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://v.example/v.js]]></JavaScriptResource></Verification></AdVerifications>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for verification in ad.body?.adVerifications ?? [] where verification.vendor?.isBlank ?? true {
                context.report("<Verification> has no vendor", at: verification.position, path: verification.path)
            }
        }
    }
}
