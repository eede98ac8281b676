import ConformCore
import VAST

/// A '#' fragment in a pixel URL.
struct URLFragmentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-url-fragment",
        name: "Fragment in a pixel URL",
        summary: "an impression, tracking, click-tracking or error URL contains # (a fragment)",
        rationale: "Clients never send the part after # to the server, so any parameter placed after it (often a macro) is lost; in pixel URLs a bare # usually comes from an unencoded value. Click-through and resource URLs are not checked, since fragments are meaningful in landing pages.",
        fix: "Percent-encode # as %23 inside values, or move the parameters before the fragment.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .rfc3986, section: "3.5", quote: "the fragment identifier is not used in the scheme-specific processing of a URI"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/imp?tag=%23sale]]></Impression>"),
            SketchTag.linear("4.2", "<VideoClicks><ClickThrough><![CDATA[https://adv.example/page#offer]]></ClickThrough></VideoClicks>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Impression><![CDATA[https://i.example/imp?tag=#sale&cb=[CACHEBUSTING]]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    static let pixelRoles: Set<URLRole> = [.impression, .tracking, .clickTracking, .error, .viewableImpression]

    func check(_ context: RuleContext) {
        let urls = context.urls, facts = context.urlFacts
        for index in urls.indices where facts[index].flags.contains(.hash) && Self.pixelRoles.contains(urls[index].role) {
            let node = urls[index].node
            context.report("the URL in <\(node.elementName)> has a # fragment; what follows it is never sent", at: node)
        }
    }
}
