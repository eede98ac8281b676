import ConformCore
import VAST

/// Whitespace inside a URL.
struct URLWhitespaceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-whitespace",
        name: "Whitespace inside a URL",
        summary: "a URL contains a space, tab or line break inside it",
        rationale: "URIs cannot contain whitespace (RFC 3986 §2); players either cut the URL at the first space or refuse it, so the request goes to the wrong address. Whitespace around the URL, such as newlines inside CDATA, is trimmed and allowed.",
        fix: "Remove the whitespace or percent-encode it as %20.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .rfc3986, section: "2", quote: "A URI is composed from a limited set of characters consisting of digits, letters, and a few graphic symbols"),
            SpecReference(document: .vast43, section: "2.3.3", quote: "Incorrect treatment of these characters may cause ad playback to fail or enable content injection attacks"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[\n   https://i.example/imp?a=1%202\n]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?campaign=spring sale]]></Impression>"),
        ])

    /// Whitespace anywhere in the URL; ASCII URLs are checked byte by byte, others character by character.
    static func hasWhitespace(_ url: String) -> Bool {
        var ascii = true
        for byte in url.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C { return true }
            if byte >= 0x80 { ascii = false }
        }
        return ascii ? false : url.contains(where: \.isWhitespace)
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.whitespaceByte) || facts[index].flags.contains(.nonASCII) {
            let node = urls[index].node
            guard facts[index].hasWhitespace(node.value) else { continue }
            context.report("the URL in <\(node.elementName)> contains whitespace; encode it as %20 or remove it", at: node)
        }
    }
}
