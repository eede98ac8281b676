import ConformCore
import VAST

/// `${NAME}` or `{{NAME}}` template placeholders left in a tag.
struct MacroTemplateUnexpandedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-macro-template-unexpanded",
        name: "Unexpanded template placeholder",
        summary: "a URL still contains a ${NAME} or {{NAME}} template placeholder",
        rationale: "${NAME} and {{NAME}} are placeholders of ad-server and tag-builder templates, filled when the tag is generated. Players do not know them, so in a served tag they mean the template step did not run and the literal placeholder (with characters that need encoding) is requested. In a template under review they are expected, so this is info.",
        fix: "Serve the tag through the system that expands the placeholder, or replace it with an IAB macro.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "6.1", quote: "The responsibility to properly replace macros with their proper values lies with the party that will perform the HTTP request"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?c=123&cb=[CACHEBUSTING]]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?c=${CAMPAIGN_ID}&d={{DEAL}}]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    /// The `${NAME}` and `{{NAME}}` placeholders in `url`, as written.
    static func placeholders(in url: String) -> [String] {
        guard url.containsBytes("${") || url.containsBytes("{{") else { return [] }
        let masked = URLInspection.mask(url)
        guard masked != url else { return [] }
        var found: [String] = []
        var rest = Substring(url)
        while let open = rest.range(of: "${") ?? rest.range(of: "{{") {
            let closer = rest[open.lowerBound...].hasPrefix("${") ? "}" : "}}"
            guard let close = rest.range(of: closer, range: open.upperBound..<rest.endIndex) else { break }
            let token = String(rest[open.lowerBound..<close.upperBound])
            if URLInspection.mask(token) == "0" { found.append(token) }
            rest = rest[close.upperBound...]
        }
        return found
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.templateOpen) {
            let node = urls[index].node
            let found = Self.placeholders(in: node.value)
            guard !found.isEmpty else { continue }
            context.report("<\(node.elementName)> still contains template placeholders \(found.joined(separator: ", "))", at: node)
        }
    }
}
