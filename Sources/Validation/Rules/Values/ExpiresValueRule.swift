import ConformCore
import VAST

/// <Expires> must be a positive whole number of seconds.
struct ExpiresValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-expires-value",
        name: "Expires value",
        summary: "<Expires> must be a positive whole number of seconds",
        rationale: "Expires (4.1) tells players and SSAI servers how long the response may be cached. Zero or a negative number is meaningless (a cached ad that expired before it was served); non-numbers are reported by VAST-2.0-integer-value. xs:integer takes zero and negative numbers, so the 4.1 and 4.2 XSDs accept them; the rule is stricter by decision, since such a lifetime means nothing.",
        fix: "Write the lifetime in seconds, such as <Expires>3600</Expires>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Expires"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.10", quote: "Content: An integer value that defines the expiry period (in seconds)."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Expires>3600</Expires></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine>↓<Expires>0</Expires></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Expires", [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "InLine/Expires type=\"xs:integer\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "the InLine of vast_4.4.xsd has no Expires", .undeclared),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.body, let expires = body.expires, let seconds = expires.value, seconds <= 0 else { continue }
            let path = body.path + "/Expires"
            context.report("<Expires> is \(seconds); it must be a positive number of seconds", at: VASTStructure.position(of: "Expires", in: body, context) ?? body.position, path: path)
        }
    }
}
