import ConformCore
import VAST

/// A URL that cannot be parsed as an absolute URL.
struct URLInvalidRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-invalid",
        name: "Unparseable URL",
        summary: "a URL is not an absolute URL (no scheme, no host, bad port)",
        rationale: """
            VAST URLs are requested by players and servers with no base document, so they must be absolute: \
            a scheme, and for http(s) a host. A relative or protocol-relative URL (//host/path) resolves only \
            inside a web page, and a bad host or port fails every request. Macros are replaced by a neutral \
            value before checking, so [CACHEBUSTING] or %%SITE%% do not count. Unencoded characters and \
            whitespace have their own rules. A VASTAdTagURI without a scheme is VAST-2.0-wrapper-vastadtaguri-relative's \
            (a warning): the player resolves it against the wrapper's own URI.
            """,
        fix: "Write the full URL, starting with https://host/.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .rfc3986, section: "4.3", quote: "absolute-URI = scheme \":\" hier-part [ \"?\" query ]"),
            SpecReference(document: .vast43, section: "2.3.3", quote: "Incorrect treatment of these characters may cause ad playback to fail or enable content injection attacks"),
        ],
        validExamples: [
            SketchTag.wrapper("4.2", "<VASTAdTagURI><![CDATA[wrapper-b.xml]]></VASTAdTagURI>"),
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example:8443/imp?cb=[CACHEBUSTING]&s=%%SITE%%]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.wrapper("4.2", "↓<VASTAdTagURI><![CDATA[https://n.example:99999/v]]></VASTAdTagURI>"),
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[//i.example/imp]]></Impression>\n↓<Impression><![CDATA[/imp?x=1]]></Impression>\n↓<Impression><![CDATA[https://i.example:80a/imp]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    /// `https://host/…` or `http://host/…` with a plain host name and no port, userinfo or macro in the
    /// authority: structurally sound without a full inspection.
    static func looksSound(_ url: String) -> Bool {
        let offset: Int
        if url.utf8.prefix(8).elementsEqual("https://".utf8) { offset = 8 }
        else if url.utf8.prefix(7).elementsEqual("http://".utf8) { offset = 7 }
        else { return false }
        var count = 0
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in url.utf8.dropFirst(offset) {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            let ok = (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 45 || byte == 46
            // A dot may not start the host or follow another dot.
            if !ok || (byte == 46 && previous == 46) { return false }
            previous = byte
            count += 1
        }
        return count > 0
    }

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where !facts[index].flags.contains(.empty) && !facts[index].flags.contains(.looksSound) {
            let node = urls[index].node
            guard !facts[index].hasWhitespace(node.value) else { continue }
            let inspection = URLInspection(node.value)
            if urls[index].role == .vastAdTagURI && URLRelativeTagURIRule.isRelative(inspection) { continue }
            guard let problem = inspection.structuralProblem else { continue }
            context.report("the URL in <\(node.elementName)> \(problem)", at: node)
        }
    }
}
