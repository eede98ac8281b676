import ConformCore
import VAST

/// Media over plain http.
struct MediaFileHTTPSRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-mediafile-https",
        name: "Media file over http",
        summary: "a MediaFile, Mezzanine, InteractiveCreativeFile or ClosedCaptionFile URL uses http:// instead of https://",
        rationale: "Browsers block http media on https pages as mixed content and app platforms refuse cleartext by default, so the ad fails to load (error 401/405). VAST does not require https, so this follows industry practice and is a warning.",
        fix: "Serve the file from an https:// URL.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .conform, section: "URLs", quote: "an http URL is blocked as mixed content on https pages and by app cleartext policies; VAST itself does not require https"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[https://m.example/a.mp4]]></MediaFile></MediaFiles>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<MediaFiles>↓<MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\"><![CDATA[http://m.example/a.mp4]]></MediaFile></MediaFiles>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        guard context.configuration.allowedSchemeSet.contains("http") else { return }
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].scheme == .http && urls[index].role.isMedia {
            let node = urls[index].node
            context.report("<\(node.elementName)> is served over http://; use https://", at: node)
        }
    }
}
