import ConformCore
import VAST

/// Characters a URL must percent-encode.
struct URLUnencodedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-unencoded",
        name: "Unencoded characters in a URL",
        summary: "a URL contains characters that must be percent-encoded (\" < > \\ ^ ` { | } or non-ASCII)",
        rationale: "RFC 3986 does not allow these characters in a URI; players and HTTP libraries either reject the URL or encode it differently, so parameters arrive mangled. Macro tokens ([CACHEBUSTING], %%SITE%%) and template placeholders (${ID}, {{ID}}) are recognised and not counted.",
        fix: "Percent-encode the characters (| → %7C, { → %7B, space → %20).",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .rfc3986, section: "2.1", quote: "A percent-encoding mechanism is used to represent a data octet"),
            SpecReference(document: .vast43, section: "6.1", quote: "make sure to apply encodeURIComponent to any value, to avoid creating invalid URLs"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?cb=[CACHEBUSTING]&s=%%SITE%%&c=${CAMPAIGN}&k=a%7Cb]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?k=a|b&j={\"x\":1}]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.forbiddenByte) {
            let node = urls[index].node
            let characters = URLInspection.unencodedCharacters(in: node.value)
            guard !characters.isEmpty else { continue }
            var message = String(concatenating: "the URL in <", node.elementName, "> has unencoded characters:")
            for c in characters {
                message.append(" ")
                if c.asciiValue.map({ $0 < 0x20 || $0 == 0x7F }) == true {
                    message.append("U+")
                    message.append(String(c.unicodeScalars.first!.value, radix: 16, uppercase: true))
                } else {
                    message.append(c)
                }
            }
            context.report(message, at: node)
        }
    }
}
