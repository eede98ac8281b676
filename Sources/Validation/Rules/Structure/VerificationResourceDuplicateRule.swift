import ConformCore
import VAST

/// The same verification script listed twice.
struct VerificationResourceDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-resource-duplicate",
        name: "Verification script repeated",
        summary: "the same verification resource URL is listed twice in one ad",
        rationale: "Players may execute every verification resource they accept; a script listed twice (often once by the InLine's server and again by a template) runs twice and the vendor counts the impression twice, or the player's OM session rejects the duplicate. Practice, so warning. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares.",
        fix: "List each verification script once, under the vendor's <Verification>.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "At most one of these resources should selected for execution"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"a.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://a.example/v.js]]></JavaScriptResource></Verification><Verification vendor=\"b.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://b.example/v.js]]></JavaScriptResource></Verification></AdVerifications>"),
            SketchTag.verificationExtension("4.2", "<Verification vendor=\"a.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://a.example/v.js]]></JavaScriptResource></Verification>", before: "<AdVerifications><Verification vendor=\"a.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://a.example/v.js]]></JavaScriptResource></Verification></AdVerifications>\n"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"a.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://a.example/v.js]]></JavaScriptResource>\n↓<JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://a.example/v.js]]></JavaScriptResource></Verification></AdVerifications>"),
            SketchTag.verificationExtension("3.0", "<Verification vendor=\"a.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://a.example/v.js]]></JavaScriptResource>\n↓<JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://a.example/v.js]]></JavaScriptResource></Verification>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for group in context.verificationGroups {
            var seen = Set<String>()
            for verification in group {
                for resource in verification.javaScriptResources + verification.executableResources where !resource.url.value.isEmpty {
                    if !seen.insert(resource.url.value).inserted {
                        context.report("verification resource \(resource.url.value) is listed twice in this ad", at: resource.url)
                    }
                }
            }
        }
    }
}
