import ConformCore
import VAST

/// user:password@ in a URL.
struct URLCredentialsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-credentials",
        name: "Credentials in a URL",
        summary: "a URL carries a user name or password (user:pass@host)",
        rationale: "RFC 3986 deprecates passwords in URLs; browsers strip or block them, and a tag is copied to every exchange and player, so the secret is public.",
        fix: "Remove the user-information part; authenticate with a token parameter the endpoint expects.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .rfc3986, section: "3.2.1", quote: "Use of the format \"user:password\" in the userinfo field is deprecated"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?user=a]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://ops:secret@i.example/imp]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.at) {
            let node = urls[index].node
            guard URLInspection(node.value).hasUserInfo else { continue }
            context.report("the URL in <\(node.elementName)> carries credentials before the host", at: node)
        }
    }
}
