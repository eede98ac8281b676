import ConformCore
import VAST

/// A reserved example or test host left in a tag.
struct URLPlaceholderHostRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-placeholder-host",
        name: "Placeholder host",
        summary: "a URL points at a reserved example or test domain (example.com, *.example, *.test, *.invalid)",
        rationale: "These names are reserved for documentation and testing (RFC 2606, RFC 6761) and never reach a real server; in a served tag they are template placeholders that were never replaced, so every request is lost.",
        fix: "Replace the placeholder with the real tracking or asset host.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .conform, section: "URLs", quote: "RFC 2606 reserves example.com, example.net, example.org and the .example, .test and .invalid top-level names for documentation and testing"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://ads.adserver.com/imp?p=example.com]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://www.example.com/imp]]></Impression>\n↓<Impression><![CDATA[https://pixel.test/imp]]></Impression>"),
        ])

    static func isPlaceholder(_ host: String) -> Bool {
        let host = host.hasSuffix(".") ? String(host.dropLast()) : host
        for domain in ["example.com", "example.net", "example.org"] where host == domain || host.hasSuffix("." + domain) { return true }
        for tld in ["example", "test", "invalid"] where host == tld || host.hasSuffix("." + tld) { return true }
        return false
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.mayBePlaceholder) {
            let node = urls[index].node
            guard let host = URLInspection(node.value).host, Self.isPlaceholder(host) else { continue }
            context.report("the URL in <\(node.path.elementNameOfPath)> points at \(host), a reserved placeholder domain", at: node)
        }
    }
}
