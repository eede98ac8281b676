import ConformCore
import VAST

/// VerificationParameters outside CDATA.
struct VerificationParametersCDATARule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-parameters-cdata",
        name: "VerificationParameters in CDATA",
        summary: "<VerificationParameters> is written as plain text instead of inside <![CDATA[ ]]>",
        rationale: "VerificationParameters is a CDATA-wrapped string passed to the vendor verbatim; vendors put JSON or encoded data there, which as plain text needs XML escaping and is easily altered by hand edits or XML tools. Advice, so info. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares.",
        fix: "Wrap the value: <VerificationParameters><![CDATA[…]]></VerificationParameters>.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.5", quote: "<VerificationParameters> contains a CDATA-wrapped string intended for bootstrapping the verification code"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><VerificationParameters><![CDATA[{\"c\":1}]]></VerificationParameters></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\">↓<VerificationParameters>c=1&amp;d=2</VerificationParameters></Verification></AdVerifications>"),
            SketchTag.verificationExtension("3.0", "<Verification vendor=\"v.example-omid\">↓<VerificationParameters>c=1&amp;d=2</VerificationParameters></Verification>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for group in context.verificationGroups {
            for verification in group {
                guard let parameters = verification.verificationParameters, !parameters.value.isEmpty,
                      parameters.hasTextOutsideCDATA || !parameters.inCDATA else { continue }
                context.report("<VerificationParameters> is not in CDATA", at: parameters)
            }
        }
    }
}
