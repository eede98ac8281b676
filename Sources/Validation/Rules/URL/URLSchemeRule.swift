import ConformCore
import VAST

/// A URL whose scheme is not allowed.
struct URLSchemeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-scheme",
        name: "URL scheme",
        summary: "a URL uses a scheme other than http or https (javascript:, file: and data: are errors)",
        rationale: """
            Players request tag URLs over HTTP; javascript: runs code in the player's page, file: reads the \
            viewer's disk and data: carries the payload in the tag. Decisions: the allowed schemes come from \
            the configuration's allowedURLSchemes (default https and http); javascript: and file: are always \
            reported; data: is accepted for an InteractiveCreativeFile in VAST 4.3 (which allows inline data \
            URIs there) and wherever the configuration allows it; about:blank is accepted as the placeholder \
            VAST 4.3 names for Impression; a MediaFile or Mezzanine with delivery="streaming" may use a \
            streaming protocol (rtmp, rtmps, rtsp), which is what that delivery type was made for.
            """,
        fix: "Serve the resource over https:// (or add the scheme to allowedURLSchemes in .conform.json if it is intended).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.4", quote: "the placeholder \"about:blank\" should be used instead of a tracking URL"),
            SpecReference(document: .vast43, section: "3.9.3", quote: "The “file” can be a direct URL or can be an inline data URI"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp]]></Impression>\n<Impression><![CDATA[about:blank]]></Impression>"),
            SketchTag.linear("4.3", "<MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[data:text/html;base64,PGI+aGk8L2I+]]></InteractiveCreativeFile></MediaFiles>"),
            SketchTag.linear("4.1", "<MediaFiles><Mezzanine delivery=\"streaming\" type=\"video/mp4\" width=\"1920\" height=\"1080\"><![CDATA[rtsp://media.example/mezz]]></Mezzanine></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[javascript:alert(1)]]></Impression>\n↓<Error><![CDATA[ftp://e.example/e]]></Error>"),
            SketchTag.linear("4.2", "<MediaFiles>↓<MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[file:///C:/ads/a.mp4]]></MediaFile></MediaFiles>"),
            SketchTag.linear("4.2", "<MediaFiles>↓<MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[rtmp://media.example/a]]></MediaFile></MediaFiles>"),
        ],
        schemaBasis: .specTextOnly)

    static let streamingProtocols: Set<String> = ["rtmp", "rtmps", "rtmpe", "rtsp"]

    func check(_ context: RuleContext) {
        let allowed = context.configuration.allowedSchemeSet
        var streamingMedia = Set<String>()
        for creative in context.creatives {
            guard let linear = creative.linear else { continue }
            for file in linear.mediaFiles where file.delivery == "streaming" { streamingMedia.insert(file.url.path) }
            for file in linear.mezzanines where file.delivery == "streaming" { streamingMedia.insert(file.url.path) }
        }
        let urls = context.urls, facts = context.urlFacts
        let plainHTTP = allowed.contains("http"), plainHTTPS = allowed.contains("https")
        for index in urls.indices {
            switch facts[index].scheme {
            case .none: continue
            case .http where plainHTTP, .https where plainHTTPS: continue
            default: break
            }
            let node = urls[index].node
            guard let scheme = facts[index].schemeName(node.value), !allowed.contains(scheme) || scheme == "javascript" || scheme == "file" else { continue }
            let element = node.elementName
            switch scheme {
            case "javascript", "file":
                context.report("the URL in <\(element)> uses \(scheme):, which players must not load", at: node)
            case "about" where node.value.lowercasedIfNeeded() == "about:blank":
                continue
            case "data" where element == "InteractiveCreativeFile" && context.version >= .v4_3:
                continue
            case _ where Self.streamingProtocols.contains(scheme) && streamingMedia.contains(node.path):
                continue
            default:
                if !allowed.contains(scheme) {
                    let list = allowed.sorted().joined(separator: ", ")
                    context.report("the URL in <\(element)> uses \(scheme):; allowed schemes are \(list)", at: node)
                }
            }
        }
    }
}
