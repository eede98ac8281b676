import ConformCore

extension ProfileRules {
    static let pauseEntries: [Entry] = [
        pauseNonLinearRequired, pauseStaticImageType, pauseFirstAdOnly, pauseNoFallback, pauseNoAd, pauseWrapperUnresolved,
    ].map { Entry(rule: $0, profile: .pause, exampleOptions: ProfileOptions()) }

    static func pauseTag(_ creatives: String, ad: String = "<Ad>") -> String {
        "<VAST version=\"4.2\">\(ad)<InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression><![CDATA[https://t.example/imp]]></Impression><Creatives>\(creatives)</Creatives></InLine></Ad></VAST>"
    }

    static let pngNonLinear = "<NonLinear width=\"480\" height=\"270\"><StaticResource creativeType=\"image/png\"><![CDATA[https://cdn.example/pause.png]]></StaticResource></NonLinear>"

    public static let pauseNonLinearRequired = RuleDescription(
        id: "PROFILE-pause-nonlinear-required",
        name: "Pause ad needs a NonLinear creative",
        summary: "the ad a pause ad uses must have a NonLinear creative",
        rationale: "The pause-ad flow renders a NonLinear static image; a response whose first ad has only Linear or Companion creatives never shows, and the player reports an error instead. Error: the reference says the response must contain one.",
        fix: "Traffic a <NonLinearAds><NonLinear> creative with a PNG or JPEG <StaticResource> in the first ad of the pause-ad response.",
        severity: .error,
        specReferences: [
            SpecReference(document: .pauseAds, section: "Scheduling a pause ad", quote: "The VAST response must contain a NonLinear creative with a PNG or JPEG StaticResource."),
        ],
        validExamples: [
            RuleExample(pauseTag("<Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative>")),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad>\n↓<InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><Linear><Duration>00:00:10</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"),
        ],
        schemaBasis: .profile(.pauseAds))

    public static let pauseStaticImageType = RuleDescription(
        id: "PROFILE-pause-static-image-type",
        name: "Pause ad image type",
        summary: "a pause ad's NonLinear must carry a PNG or JPEG StaticResource and be no VPAID or SIMID creative",
        rationale: "Only static PNG or JPEG creatives are supported; HTML, IFrame, SIMID and VPAID creatives, and other image types, are not rendered (VAST error 503 territory). Error: other resource types are not supported.",
        fix: "Serve the pause creative as <StaticResource creativeType=\"image/png\"> or \"image/jpeg\" without an apiFramework.",
        severity: .error,
        specReferences: [
            SpecReference(document: .pauseAds, section: "Limitations", quote: "Only Bitmovin ad sources and static PNG or JPEG creatives are supported. IMA, HTML, SIMID and VPAID creatives are not"),
        ],
        validExamples: [
            RuleExample(pauseTag("<Creative><NonLinearAds><NonLinear><StaticResource creativeType=\"image/jpeg\"><![CDATA[https://cdn.example/p.jpg]]></StaticResource></NonLinear></NonLinearAds></Creative>")),
            RuleExample(pauseTag("<Creative><NonLinearAds><NonLinear><HTMLResource><![CDATA[<p>x</p>]]></HTMLResource></NonLinear>\(pngNonLinear)</NonLinearAds></Creative>")),
        ],
        invalidExamples: [
            RuleExample(pauseTag("<Creative><NonLinearAds>\n↓<NonLinear><HTMLResource><![CDATA[<p>x</p>]]></HTMLResource></NonLinear></NonLinearAds></Creative>")),
            RuleExample(pauseTag("<Creative><NonLinearAds>\n↓<NonLinear><StaticResource creativeType=\"image/gif\"><![CDATA[https://cdn.example/p.gif]]></StaticResource></NonLinear>\n↓<NonLinear apiFramework=\"VPAID\"><StaticResource creativeType=\"image/png\"><![CDATA[https://cdn.example/p.png]]></StaticResource></NonLinear></NonLinearAds></Creative>")),
        ],
        schemaBasis: .profile(.pauseAds))

    public static let pauseFirstAdOnly = RuleDescription(
        id: "PROFILE-pause-first-ad-only",
        name: "Pause ad uses the first ad only",
        summary: "only the first ad of a pod is used as a pause ad; the other ads of the response are ignored",
        rationale: "The pause-ad flow takes the first ad of a VAST ad pod (the lowest sequence, else the first in the document) and never looks at the others, not even when the first fails. Warning: the other ads are trafficked for nothing.",
        fix: "Return a single ad for pause-ad requests, or put the pause creative in the first ad of the pod.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .pauseAds, section: "Limitations", quote: "Only the first ad of a VAST ad pod is used."),
        ],
        validExamples: [
            RuleExample(pauseTag("<Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative>")),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad id=\"a\"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative></Creatives></InLine></Ad>\n↓<Ad id=\"b\"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"),
            RuleExample("<VAST version=\"4.2\">\n↓<Ad id=\"b\" sequence=\"2\"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative></Creatives></InLine></Ad><Ad id=\"a\" sequence=\"1\"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"),
        ],
        schemaBasis: .profile(.pauseAds))

    public static let pauseNoFallback = RuleDescription(
        id: "PROFILE-pause-no-fallback",
        name: "Pause ad has no creative fallback",
        summary: "a second eligible NonLinear in the same response is never shown: a failed creative does not fall back",
        rationale: "The player shows the first eligible NonLinear; when it fails to load, it does not try another creative of the same VAST response. Info: the extra creative is harmless but will never be seen.",
        fix: "Keep one pause creative per response, and make sure its image is reachable.",
        severity: .info,
        specReferences: [
            SpecReference(document: .pauseAds, section: "Limitations", quote: "A failed creative does not fall back to another creative in the same VAST response"),
        ],
        validExamples: [
            RuleExample(pauseTag("<Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative>")),
        ],
        invalidExamples: [
            RuleExample(pauseTag("<Creative><NonLinearAds>\(pngNonLinear)\n↓<NonLinear><StaticResource creativeType=\"image/jpeg\"><![CDATA[https://cdn.example/b.jpg]]></StaticResource></NonLinear></NonLinearAds></Creative>")),
        ],
        schemaBasis: .profile(.pauseAds))

    public static let pauseNoAd = RuleDescription(
        id: "PROFILE-pause-no-ad",
        name: "Pause-ad response without an ad",
        summary: "a response without any <Ad> shows no pause ad",
        rationale: "A no-ad response (only <Error>, or empty) leaves the pause without an ad; the player emits AdErrorEvent and removes the item. Error: the tag will not work in this flow.",
        fix: "Make sure the ad server returns an ad for pause-ad requests (targeting, inventory, the pause placement).",
        severity: .error,
        specReferences: [
            SpecReference(document: .pauseAds, section: "Troubleshooting", quote: "If a pause ad fails to load or be shown, AdErrorEvent is emitted and that ad item is removed."),
        ],
        validExamples: [
            RuleExample(pauseTag("<Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative>")),
        ],
        invalidExamples: [
            RuleExample("↓<VAST version=\"4.2\"><Error><![CDATA[https://t.example/err?c=[ERRORCODE]]]></Error></VAST>"),
        ],
        schemaBasis: .profile(.pauseAds))

    public static let pauseWrapperUnresolved = RuleDescription(
        id: "PROFILE-pause-wrapper-unresolved",
        name: "Pause ad behind an unresolved Wrapper",
        summary: "the first ad is a Wrapper and the chain was not resolved, so the creative is unknown",
        rationale: "The SDK resolves the wrapper chain before it renders; without the wrapped response conform cannot tell which creative would show. Warning: the verdict is incomplete, not negative.",
        fix: "Resolve the chain (follow the VASTAdTagURI) to evaluate the InLine it ends in.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .pauseAds, section: "Pause Ads", quote: "The SDK resolves the VAST tag, renders the creative and fires the VAST tracking."),
        ],
        validExamples: [
            RuleExample(pauseTag("<Creative><NonLinearAds>\(pngNonLinear)</NonLinearAds></Creative>")),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad>\n↓<Wrapper><AdSystem>s</AdSystem><VASTAdTagURI><![CDATA[https://ads.example/next]]></VASTAdTagURI><Impression><![CDATA[https://t.example/w]]></Impression></Wrapper></Ad></VAST>"),
        ],
        schemaBasis: .profile(.pauseAds))
}
