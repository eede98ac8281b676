import ConformCore

extension ProfileRules {
    static let ctvEntries: [Entry] = [
        Entry(rule: ctvUnitMismatch, profile: .overlay, exampleOptions: ProfileOptions()),
        Entry(rule: ctvNoAsset, profile: .screensaver, exampleOptions: ProfileOptions(simid: false)),
        Entry(rule: ctvDurationMissing, profile: .squeezeback, exampleOptions: ProfileOptions()),
        Entry(rule: ctvWrapperUnresolved, profile: .inScene, exampleOptions: ProfileOptions()),
    ]

    /// A VAST 4.4 InLine of one NonLinearAds creative: `nonLinear` is the NonLinear's content, `tracking` the
    /// NonLinearAds' `<Tracking>` elements, `extensions` the InLine's `<Extension>` elements.
    static func ctvTag(_ nonLinear: String, tracking: String = "", extensions: String = "", version: String = "4.4") -> String {
        let events = tracking.isEmpty ? "" : "<TrackingEvents>\(tracking)</TrackingEvents>"
        let exts = extensions.isEmpty ? "" : "<Extensions>\(extensions)</Extensions>"
        return "<VAST version=\"\(version)\"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression><![CDATA[https://t.example/imp]]></Impression><Creatives><Creative id=\"c1\"><NonLinearAds><NonLinear width=\"1920\" height=\"1080\">\(nonLinear)</NonLinear>\(events)</NonLinearAds></Creative></Creatives>\(exts)</InLine></Ad></VAST>"
    }

    static let ctvVideo = "<Duration>00:00:10</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"1920\" height=\"1080\"><![CDATA[https://cdn.example/unit.mp4]]></MediaFile></MediaFiles>"
    static let ctvImage = "<MediaFiles><MediaFile delivery=\"progressive\" type=\"image/png\" width=\"1920\" height=\"1080\"><![CDATA[https://cdn.example/unit.png]]></MediaFile></MediaFiles>"

    public static let ctvUnitMismatch = RuleDescription(
        id: "PROFILE-ctv-unit-mismatch",
        name: "CTV ad made for another unit",
        summary: "the plcmt an ad signals must name the CTV Ad Portfolio unit the player requested",
        rationale: "A CTV player requests one unit (a screensaver, an overlay, a squeezeback, an in-scene ad) and the bid request stays the authoritative description of it; the plcmt an ad carries in its Extensions (VAST 4.4) or in its ctv_ad_portfolio extension (2.0 to 4.3) says which unit the creative was made for. A receiving platform checks that they match and does not render a creative made for another format, firing the ad's error tracking instead. The unit of each plcmt value is read from the documents' examples (5 pause, 6 screensaver, 7 overlay, 8 squeezeback, 9 in-scene); 1 to 4 are video placements, no CTV unit. An ad that signals no plcmt is taken for the unit requested. Error: the ad does not show.",
        fix: "Serve the creative made for the requested unit, or correct the plcmt to the unit the bid request asked for.",
        severity: .error,
        specReferences: [
            SpecReference(document: .ctvAdPortfolio, section: "Error handling and validation", quote: "plcmt matches the requested CTV Ad Portfolio format"),
            SpecReference(document: .vast44, section: "1.9", quote: "The bid request remains the authoritative description of the opportunity."),
        ],
        validExamples: [
            RuleExample(ctvTag(ctvVideo, extensions: "<Extension type=\"plcmt\" ext=\"adcom\"><plcmt>7</plcmt></Extension>")),
            RuleExample(ctvTag(ctvVideo)),
        ],
        invalidExamples: [
            RuleExample(ctvTag(ctvVideo, extensions: "<Extension type=\"plcmt\" ext=\"adcom\">\n↓<plcmt>6</plcmt></Extension>")),
            RuleExample(ctvTag("<StaticResource creativeType=\"image/png\"><![CDATA[https://cdn.example/u.png]]></StaticResource>",
                               extensions: "<Extension type=\"ctv_ad_portfolio\">\n↓<plcmt>1</plcmt></Extension>", version: "3.0")),
        ],
        schemaBasis: .profile(.ctvAdPortfolio))

    public static let ctvNoAsset = RuleDescription(
        id: "PROFILE-ctv-no-asset",
        name: "CTV ad without an asset the player renders",
        summary: "the first ad must have a NonLinear whose SIMID file, image or video MediaFile, or PNG or JPEG StaticResource the player renders",
        rationale: "A CTV Ad Portfolio unit is delivered as NonLinearAds. The player runs a SIMID InteractiveCreativeFile when it supports SIMID, else takes the first ready-to-render MediaFile (PNG, JPEG, MP4 or WebM: the media the 4.4 text's and the extension document's examples deliver), the native 4.4 form before the ctv_ad_portfolio extension's, and last a native PNG or JPEG StaticResource. A response without an ad, without a NonLinear, or whose NonLinears hold only HTML, IFrame, audio or other media shows nothing; the player fires the ad's error tracking. Error: the ad does not show.",
        fix: "Give the NonLinear a PNG or JPEG image or an MP4 or WebM video in <MediaFiles> (VAST 4.4) or in the ctv_ad_portfolio extension, and a PNG or JPEG <StaticResource> fallback; add a ready-to-render MediaFile beside a SIMID file.",
        severity: .error,
        specReferences: [
            SpecReference(document: .vast44, section: "3.12.4", quote: "If the interactive file cannot be executed and no fallback media can be rendered, the player should trigger included error URIs using the relevant VAST error code."),
            SpecReference(document: .ctvAdPortfolio, section: "Error handling and validation", quote: "Otherwise, the platform should not render the creative and should fire the appropriate error tracking URI when available."),
        ],
        validExamples: [
            RuleExample(ctvTag(ctvImage)),
            RuleExample(ctvTag("<MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[https://cdn.example/simid.html]]></InteractiveCreativeFile><MediaFile delivery=\"progressive\" type=\"image/jpeg\" width=\"1920\" height=\"1080\"><![CDATA[https://cdn.example/unit.jpg]]></MediaFile></MediaFiles>")),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.4\"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><NonLinearAds>\n↓<NonLinear width=\"1920\" height=\"1080\"><MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[https://cdn.example/simid.html]]></InteractiveCreativeFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"),
            RuleExample("<VAST version=\"4.4\"><Ad>\n↓<InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><Linear><Duration>00:00:10</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"),
            RuleExample("↓<VAST version=\"4.4\"><Error><![CDATA[https://t.example/err?c=[ERRORCODE]]]></Error></VAST>"),
        ],
        schemaBasis: .profile(.ctvAdPortfolio))

    public static let ctvDurationMissing = RuleDescription(
        id: "PROFILE-ctv-duration-missing",
        name: "CTV ad without the Duration its unit needs",
        summary: "a CTV ad with video or interactive media, time-based tracking, or a squeezeback or in-scene static image should give its Duration",
        rationale: "Time-based events (start, the quartiles, complete, progress) apply to a NonLinear only when it has a known Duration, so without one the player never fires them, and it cannot tell how long to run a video or a SIMID creative. A static image may leave its duration unknown only for the units the extension document names (pause, screensaver, overlay), which stay until the viewer or the state ends them; a squeezeback or in-scene ad shares the screen with playing content, which the player must give back at a known time. Decision: a warning, not an error: the ad still shows, with pixels missing and a display time the player must choose.",
        fix: "Add <Duration>00:00:15</Duration> to the NonLinear (or to the ctv_ad_portfolio extension), the length of the media or of the timed experience.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .vast44, section: "3.14.1", quote: "The following time-based events apply to Linear ads and to NonLinear ads when the NonLinear creative has a known <Duration> and the player can determine playback or display progress for the creative."),
            SpecReference(document: .ctvAdPortfolio, section: "Duration and tracking", quote: "For static image Pause, Screensaver, or Overlay Ads where the duration is not known at VAST response time, Duration may be omitted."),
        ],
        validExamples: [
            RuleExample(ctvTag(ctvVideo, tracking: "<Tracking event=\"midpoint\"><![CDATA[https://t.example/mid]]></Tracking>")),
            RuleExample(ctvTag("<Duration>00:00:20</Duration>" + ctvImage)),
        ],
        invalidExamples: [
            RuleExample(ctvTag("<MediaFiles>\n↓<MediaFile delivery=\"progressive\" type=\"video/webm\" width=\"1920\" height=\"1080\"><![CDATA[https://cdn.example/unit.webm]]></MediaFile></MediaFiles>")),
            RuleExample(ctvTag("<MediaFiles>\n↓<MediaFile delivery=\"progressive\" type=\"image/png\" width=\"1920\" height=\"1080\"><![CDATA[https://cdn.example/unit.png]]></MediaFile></MediaFiles>",
                               tracking: "<Tracking event=\"complete\"><![CDATA[https://t.example/complete]]></Tracking>")),
        ],
        schemaBasis: .profile(.ctvAdPortfolio))

    public static let ctvWrapperUnresolved = RuleDescription(
        id: "PROFILE-ctv-wrapper-unresolved",
        name: "CTV ad behind an unresolved Wrapper",
        summary: "the first ad is a Wrapper and the chain was not resolved, so the CTV asset is unknown",
        rationale: "A Wrapper's NonLinearAds carry tracking only; the creative, its media and its Duration come from the InLine the chain ends in. Without the wrapped response conform cannot tell what the unit would show. Warning: the verdict is incomplete, not negative.",
        fix: "Resolve the chain (follow the VASTAdTagURI, conform check --follow) to evaluate the InLine it ends in.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .vast44, section: "3.12", quote: "If used in a wrapper, only the tracking elements are available. NonLinear creative cannot be provided in a wrapper ad."),
        ],
        validExamples: [
            RuleExample(ctvTag(ctvVideo)),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.4\"><Ad>\n↓<Wrapper><AdSystem>s</AdSystem><VASTAdTagURI><![CDATA[https://ads.example/next]]></VASTAdTagURI><Impression><![CDATA[https://t.example/w]]></Impression></Wrapper></Ad></VAST>"),
        ],
        schemaBasis: .profile(.vast44))
}
