import ConformCore
import VAST

/// A relative or protocol-relative <VASTAdTagURI>, which the player must resolve against the document's URI.
struct URLRelativeTagURIRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-vastadtaguri-relative",
        name: "Relative VASTAdTagURI",
        summary: "a <VASTAdTagURI> is a relative reference (wrapper-b.xml, /static/x.xml, //host/x.xml) that the player must resolve against the URI of the document",
        rationale: "Every XSD types VASTAdTagURI as xs:anyURI, which admits relative references, and a player that fetched the wrapper knows its URI, so it can resolve the next hop against it (RFC 3986 §5), as conform's chain resolution does (CHAIN-protocol-relative reports the // form there). Whether it works then depends on where the tag is served from: a wrapper copied to another host, or handed to a player as a string, leads nowhere. Decision: a warning that the player must resolve it, not an error (VAST-2.0-url-invalid does not report a VASTAdTagURI without a scheme); every other URL of the tag is requested with no base document and stays an error there.",
        fix: "Write the absolute URI, starting with https://host/.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["VASTAdTagURI"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.19.1", quote: "VASTAdTagURI ... Required ... a URI to a secondary VAST response"),
            SpecReference(document: .rfc3986, section: "5.2", quote: "resolving a relative reference"),
        ],
        validExamples: [
            SketchTag.wrapper("4.2", "<VASTAdTagURI><![CDATA[https://n.example/wrapper-b.xml]]></VASTAdTagURI>"),
        ],
        invalidExamples: [
            SketchTag.wrapper("4.2", "↓<VASTAdTagURI><![CDATA[wrapper-b.xml]]></VASTAdTagURI>"),
            SketchTag.wrapper("3.0", "↓<VASTAdTagURI><![CDATA[/static/x.xml]]></VASTAdTagURI>"),
            SketchTag.wrapper("4.1", "↓<VASTAdTagURI><![CDATA[//n.example/x.xml]]></VASTAdTagURI>"),
        ],
        schemaBasis: .specTextOnly)

    /// A VASTAdTagURI value with no scheme (a relative or protocol-relative reference), reported by this
    /// rule rather than by VAST-2.0-url-invalid.
    static func isRelative(_ inspection: URLInspection) -> Bool {
        !inspection.text.isEmpty && inspection.scheme == nil
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where urls[index].role == .vastAdTagURI && !facts[index].flags.contains(.empty) && !facts[index].flags.contains(.looksSound) {
            let node = urls[index].node
            guard !facts[index].hasWhitespace(node.value) else { continue }
            let inspection = URLInspection(node.value)
            guard Self.isRelative(inspection) else { continue }
            context.report(inspection.masked.hasPrefix("//")
                ? "the <VASTAdTagURI> \(inspection.text) is protocol-relative; the player must resolve it against the URI this document was fetched from, taking its scheme"
                : "the <VASTAdTagURI> \(inspection.text) is a relative reference; the player must resolve it against the URI this document was fetched from", at: node)
        }
    }
}
