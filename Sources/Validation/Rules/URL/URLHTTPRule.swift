import ConformCore
import VAST

/// A plain-http URL where https is expected.
struct URLHTTPRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-http",
        name: "http instead of https",
        summary: "a tracking, click, error or resource URL uses http:// instead of https://",
        rationale: "Players on https pages block mixed content, and app platforms refuse cleartext by default, so an http pixel is silently dropped. VAST itself does not require https, so this follows industry practice and is a warning. Media files are checked by VAST-2.0-mediafile-https. Not reported when http is removed from allowedURLSchemes (then VAST-2.0-url-scheme reports it).",
        fix: "Change http:// to https:// (the endpoint must support TLS).",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .conform, section: "URLs", quote: "an http URL is blocked as mixed content on https pages and by app cleartext policies; VAST itself does not require https"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[http://i.example/imp]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard context.configuration.allowedSchemeSet.contains("http") else { return }
        let urls = context.urls, facts = context.urlFacts
        var last = LastElementMessage()
        for index in urls.indices where facts[index].scheme == .http && !urls[index].role.isMedia {
            let node = urls[index].node
            let message = last.message(for: node.elementName) { element in
                String(concatenating: "<", element, "> uses http://; use https:// so players on secure pages fire it")
            }
            context.report(message, at: node)
        }
    }
}
