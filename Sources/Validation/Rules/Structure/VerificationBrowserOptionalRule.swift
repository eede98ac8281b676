import ConformCore
import VAST

/// JavaScriptResource needs browserOptional in VAST 4.3.
struct VerificationBrowserOptionalRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.3-verification-browseroptional",
        name: "JavaScriptResource browserOptional",
        summary: "a verification <JavaScriptResource> has no browserOptional attribute (VAST 4.3)",
        rationale: "browserOptional says whether the script runs without a browser DOM; players outside a webview (JavaScriptCore, CTV) may only run browserOptional=\"true\" scripts. The 4.3 text marks it required (browserOptional*), while the 4.1 and 4.2 schemas keep it optional. Decision: reported for 4.3 documents only, as an error following the 4.3 wording.",
        fix: "Add browserOptional=\"true\" or \"false\" to the <JavaScriptResource>.",
        severity: .error,
        versions: VASTVersion.v4_3.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.1", quote: "browserOptional* | Boolean value. If true, this resource is optimized and able to execute in an environment without DOM"),
        ],
        validExamples: [
            SketchTag.inLine("4.3", "<AdVerifications><Verification vendor=\"v.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"false\"><![CDATA[https://v.example/v.js]]></JavaScriptResource></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.3", "<AdVerifications><Verification vendor=\"v.example-omid\">\n↓<JavaScriptResource apiFramework=\"omid\"><![CDATA[https://v.example/v.js]]></JavaScriptResource></Verification></AdVerifications>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for verification in ad.body?.adVerifications ?? [] {
                for resource in verification.javaScriptResources where resource.browserOptional == nil {
                    context.report("<JavaScriptResource> has no browserOptional", at: resource.url)
                }
            }
        }
    }
}
