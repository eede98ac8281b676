import ConformCore
import VAST

/// JavaScriptResource must have apiFramework and browserOptional, ExecutableResource apiFramework and type (VAST 4.1).
struct VerificationResourceAttributesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-resource-attributes",
        name: "Verification resource attributes",
        summary: "JavaScriptResource must have apiFramework and browserOptional, ExecutableResource apiFramework and type (VAST 4.1)",
        rationale: "The 4.3 text marks these attributes required (apiFramework*, browserOptional*, type*): apiFramework (omid) tells the player which measurement API loads the script, browserOptional whether it can run outside a browser, type which runtime an executable needs. Players skip verification resources without them and fire verificationNotExecuted (error 410). Sources disagree: the 4.1 and 4.2 XSDs declare each of them with use=\"optional\", so a schema validator accepts a resource without them. Decision: an error from 4.1 on, as the text says; before 4.1 verification had another shape. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares.",
        fix: "Write <JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://...]]></JavaScriptResource>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.1", quote: "apiFramework*: The name of the API framework used to execute the AdVerification code. browserOptional*: Boolean value."),
            SpecReference(document: .vast43, section: "3.17.2", quote: "type*: The type of executable resource provided."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="v"><JavaScriptResource apiFramework="omid" browserOptional="true">https://v.example/v.js</JavaScriptResource></Verification></AdVerifications></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="v">↓<ExecutableResource apiFramework="x">https://v.example/v.bin</ExecutableResource>↓<JavaScriptResource>https://v.example/v.js</JavaScriptResource></Verification></AdVerifications></InLine></Ad></VAST>"#),
            SketchTag.verificationExtension("3.0", "<Verification vendor=\"v\">↓<JavaScriptResource apiFramework=\"omid\">https://v.example/v.js</JavaScriptResource></Verification>"),
        ],
        schemaBasis: SchemaBasis(element: "JavaScriptResource", items: ["apiFramework", "browserOptional"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "JavaScriptResource@apiFramework, @browserOptional and ExecutableResource@apiFramework, @type use=\"optional\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "JavaScriptResource@apiFramework, @browserOptional and ExecutableResource@apiFramework, @type use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for group in context.verificationGroups {
            for verification in group {
                for resource in verification.javaScriptResources {
                    let missing = [resource.apiFramework == nil ? "apiFramework" : nil, resource.browserOptional == nil ? "browserOptional" : nil].compactMap { $0 }
                    if !missing.isEmpty {
                        context.report("<JavaScriptResource> lacks \(missing.joined(separator: " and "))", at: resource.url)
                    }
                }
                for resource in verification.executableResources {
                    let missing = [resource.apiFramework == nil ? "apiFramework" : nil, resource.type == nil ? "type" : nil].compactMap { $0 }
                    if !missing.isEmpty {
                        context.report("<ExecutableResource> lacks \(missing.joined(separator: " and "))", at: resource.url)
                    }
                }
            }
        }
    }
}
