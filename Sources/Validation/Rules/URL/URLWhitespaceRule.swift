import ConformCore
import VAST

/// Whitespace inside a URL.
struct URLWhitespaceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-whitespace",
        name: "Whitespace inside a URL",
        summary: "a URL contains a space, tab or line break inside it",
        rationale: "URIs cannot contain whitespace (RFC 3986 §2); players either cut the URL at the first space or refuse it, so the request goes to the wrong address. Whitespace around the URL, such as newlines inside CDATA, is trimmed and allowed. StaticResource and IFrameResource hold a URI (xs:anyURI in every XSD); when one holds inline HTML or JavaScript instead, the finding says that the content is not a URI and that markup belongs in HTMLResource, rather than suggesting %20.",
        fix: "Remove the whitespace or percent-encode it as %20; for inline HTML or JavaScript in a StaticResource or IFrameResource, give the resource's URL or use <HTMLResource>.",
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
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\">↓<StaticResource creativeType=\"application/javascript\"><![CDATA[<script src=\"https://s.example/a.js\"></script>]]></StaticResource></Companion></CompanionAds>"),
        ],
        schemaBasis: .specTextOnly)

    /// Whitespace anywhere in the URL; ASCII URLs are checked byte by byte, others character by character.
    static func hasWhitespace(_ url: String) -> Bool {
        var ascii = true
        for byte in url.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C { return true }
            if byte >= 0x80 { ascii = false }
        }
        return ascii ? false : url.contains(where: \.isWhitespace)
    }

    /// Content of a StaticResource or IFrameResource that is markup or script rather than a URI: it has
    /// no scheme and holds a tag, or a call ended by `;` or braces.
    static func isInlineCode(_ value: String) -> Bool {
        let inspection = URLInspection(value)
        guard inspection.scheme == nil || inspection.scheme == "javascript" else { return false }
        let text = inspection.text
        return text.contains("<") || (text.contains("(") && (text.contains(";") || text.contains("{")))
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.whitespaceByte) || facts[index].flags.contains(.nonASCII) {
            let node = urls[index].node
            guard facts[index].hasWhitespace(node.value) else { continue }
            if urls[index].role == .resource && Self.isInlineCode(node.value) {
                context.report("<\(node.elementName)> holds inline HTML or JavaScript, not a URI; give the resource's URL, or put markup in <HTMLResource>", at: node)
                continue
            }
            context.report("the URL in <\(node.elementName)> contains whitespace; encode it as %20 or remove it", at: node)
        }
    }
}
