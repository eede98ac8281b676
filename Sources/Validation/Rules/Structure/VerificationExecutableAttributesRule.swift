import ConformCore
import VAST

/// ExecutableResource needs apiFramework and type.
struct VerificationExecutableAttributesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-executable-attributes",
        name: "ExecutableResource attributes",
        summary: "every verification <ExecutableResource> must have apiFramework and type attributes",
        rationale: "The 4.3 text marks both required; the 4.1 and 4.2 schemas declare them optional. Decision: an error from 4.1, following the text: apiFramework names the API, type the kind of executable agreed with the integrator. Without them a player cannot choose or run the resource.",
        fix: "Add apiFramework=\"…\" and type=\"…\" to the <ExecutableResource>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.2", quote: "apiFramework* | The name of the API framework used to execute the AdVerification code |type* | The type of executable resource provided"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><ExecutableResource apiFramework=\"omid\" type=\"ios\"><![CDATA[https://v.example/v]]></ExecutableResource></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\">\n↓<ExecutableResource apiFramework=\"omid\"><![CDATA[https://v.example/v]]></ExecutableResource></Verification></AdVerifications>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for verification in ad.body?.adVerifications ?? [] {
                for resource in verification.executableResources {
                    var missing: [String] = []
                    if resource.apiFramework?.isBlank ?? true { missing.append("apiFramework") }
                    if resource.type?.isBlank ?? true { missing.append("type") }
                    guard !missing.isEmpty else { continue }
                    context.report("<ExecutableResource> has no \(missing.joined(separator: " or "))", at: resource.url)
                }
            }
        }
    }
}
