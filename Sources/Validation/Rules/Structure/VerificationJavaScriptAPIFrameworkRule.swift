import ConformCore
import VAST

/// JavaScriptResource needs apiFramework.
struct VerificationJavaScriptAPIFrameworkRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-javascript-apiframework",
        name: "JavaScriptResource apiFramework",
        summary: "every verification <JavaScriptResource> must have an apiFramework attribute",
        rationale: "The 4.3 text marks apiFramework required; the 4.1 and 4.2 schemas declare it optional. Decision: an error from 4.1, following the text: it tells the player which API the script speaks (omid). Players do not run a script whose framework they cannot tell and report verificationNotExecuted with reason 2.",
        fix: "Add apiFramework=\"omid\" to the <JavaScriptResource>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.1", quote: "apiFramework* | The name of the API framework used to execute the AdVerification code"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://v.example/v.js]]></JavaScriptResource></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\">\n↓<JavaScriptResource browserOptional=\"true\"><![CDATA[https://v.example/v.js]]></JavaScriptResource></Verification></AdVerifications>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for verification in ad.body?.adVerifications ?? [] {
                for resource in verification.javaScriptResources where resource.apiFramework?.isBlank ?? true {
                    context.report("<JavaScriptResource> has no apiFramework", at: resource.url)
                }
            }
        }
    }
}
