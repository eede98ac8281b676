import ConformCore
import VAST

/// A '%' that does not start a valid escape.
struct URLPercentEncodingRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-percent-encoding",
        name: "Broken percent-encoding",
        summary: "a URL has a % that is not followed by two hexadecimal digits",
        rationale: "In a URI % only starts an escape such as %20; a lone % (or %zz) is invalid, and servers either reject the request (400) or decode the parameter wrongly. %%NAME%% ad-server macros are recognised and not counted.",
        fix: "Encode a literal percent sign as %25, or complete the escape.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .rfc3986, section: "2.1", quote: "A percent-encoded octet is encoded as a character triplet, consisting of the percent character \"%\" followed by the two hexadecimal digits"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?d=50%25&s=%%SITE%%&u=a%2Fb]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?discount=50%&u=a%zzb]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    /// Whether `url` (macros masked) has a `%` not followed by two hex digits.
    static func hasBrokenEscape(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        func isHex(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102) }
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else { return true }
                i += 3
            } else {
                i += 1
            }
        }
        return false
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.brokenEscape) {
            let node = urls[index].node
            guard Self.hasBrokenEscape(URLInspection.mask(node.value)) else { continue }
            context.report("the URL in <\(node.elementName)> has a % that is not a valid escape (use %25 for a literal %)", at: node)
        }
    }
}
