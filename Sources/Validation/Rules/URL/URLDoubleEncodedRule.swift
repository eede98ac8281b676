import ConformCore
import VAST

/// Escapes that were escaped again.
struct URLDoubleEncodedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-double-encoded",
        name: "Double-encoded URL",
        summary: "a URL contains escapes of escapes (%252F, %253A), a sign of encoding twice",
        rationale: "%25 is an encoded %; followed by two hex digits it usually means an already-encoded value was encoded again, so the server decodes it to %2F instead of /. This breaks redirect parameters and click-throughs. A value can legitimately be nested twice, so this is info.",
        fix: "Encode each value once; check the template or macro that inserts it.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .rfc3986, section: "2.4", quote: "Implementations must not percent-encode or decode the same string more than once"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?r=https%3A%2F%2Fadv.example%2F]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?r=https%253A%252F%252Fadv.example]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    static func isDoubleEncoded(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        func isHex(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102) }
        guard bytes.count >= 5 else { return false }
        for i in 0..<(bytes.count - 4) where bytes[i] == UInt8(ascii: "%") && bytes[i + 1] == UInt8(ascii: "2") && bytes[i + 2] == UInt8(ascii: "5")
            && isHex(bytes[i + 3]) && isHex(bytes[i + 4]) {
            return true
        }
        return false
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.doubleEncoded) {
            let node = urls[index].node
            guard Self.isDoubleEncoded(node.value) else { continue }
            context.report("the URL in <\(node.elementName)> looks encoded twice (%25 followed by an escape)", at: node)
        }
    }
}
