import ConformCore

extension ProfileRules {
    static let ssaiEntries: [Entry] = [
        ssaiSkipOffsetUnconvertible, ssaiNoPlayableMedia, ssaiDurationMissing, ssaiNonLinearCreative, ssaiWrapperUnresolved,
        ssaiBreakOffsetUnresolved, ssaiBreakRemoteSource,
    ].map { Entry(rule: $0, profile: .ssai, exampleOptions: ProfileOptions()) }

    static let mp4 = "<MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"1280\" height=\"720\"><![CDATA[https://cdn.example/ad.mp4]]></MediaFile></MediaFiles>"

    static func ssaiTag(_ linear: String) -> String {
        "<VAST version=\"4.2\"><Ad id=\"a1\"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative>\(linear)</Creative></Creatives></InLine></Ad></VAST>"
    }

    static func ssaiVMAP(_ breaks: String) -> String {
        "<vmap:VMAP \(minimalVMAP)>\(breaks)</vmap:VMAP>"
    }

    public static let ssaiSkipOffsetUnconvertible = RuleDescription(
        id: "PROFILE-ssai-skipoffset-unconvertible",
        name: "Skip offset cannot be converted",
        summary: "a percentage skipoffset needs the ad's duration to become AdInit's skipOffset in seconds",
        rationale: "AdInit takes skipOffset in seconds; a percentage is converted with the ad's <Duration>. Without a duration the value is unknown, and reporting 0 would make the ad skippable at once. Warning: the integration must not guess.",
        fix: "Give the Linear a valid <Duration>, or write skipoffset as HH:MM:SS.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .ssai, section: "Creating Ad objects", quote: "skipOffset: 5, resourceURI: firstAdResourceURL, duration: 10,"),
        ],
        validExamples: [
            RuleExample(ssaiTag("<Linear skipoffset=\"20%\"><Duration>00:00:30</Duration>\(mp4)</Linear>")),
            RuleExample(ssaiTag("<Linear skipoffset=\"00:00:05\"><Duration>00:00:30</Duration>\(mp4)</Linear>")),
        ],
        invalidExamples: [
            RuleExample(ssaiTag("\n↓<Linear skipoffset=\"20%\">\(mp4)</Linear>")),
        ],
        schemaBasis: .profile(.ssai))

    public static let ssaiNoPlayableMedia = RuleDescription(
        id: "PROFILE-ssai-no-playable-media",
        name: "No playable media file",
        summary: "a linear ad needs an HLS or MP4 media file to become AdInit's resourceURI",
        rationale: "The server-side model points the player at one playable resource; VPAID, WebM or Flash files give it nothing to play. Error: the ad cannot play.",
        fix: "Add an HLS (application/x-mpegURL) or MP4 (video/mp4) <MediaFile>.",
        severity: .error,
        specReferences: [
            SpecReference(document: .ssai, section: "Creating Ad objects", quote: "resourceURI: firstAdResourceURL,"),
        ],
        validExamples: [
            RuleExample(ssaiTag("<Linear><Duration>00:00:10</Duration>\(mp4)</Linear>")),
        ],
        invalidExamples: [
            RuleExample(ssaiTag("\n↓<Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/webm\" width=\"640\" height=\"360\"><![CDATA[https://cdn.example/ad.webm]]></MediaFile><MediaFile delivery=\"progressive\" type=\"application/javascript\" apiFramework=\"VPAID\" width=\"640\" height=\"360\"><![CDATA[https://cdn.example/vpaid.js]]></MediaFile></MediaFiles></Linear>")),
        ],
        schemaBasis: .profile(.ssai))

    public static let ssaiDurationMissing = RuleDescription(
        id: "PROFILE-ssai-duration-missing",
        name: "Linear duration unknown",
        summary: "a linear ad needs a valid <Duration> to become AdInit's duration in seconds",
        rationale: "The integration reports the ad's duration and progress to the player; without it, ad progress and percentage skip offsets cannot be computed. Error: the model is incomplete.",
        fix: "Add <Duration>HH:MM:SS</Duration> (or HH:MM:SS.mmm) to the Linear.",
        severity: .error,
        specReferences: [
            SpecReference(document: .ssai, section: "Creating Ad objects", quote: "duration: 10,"),
        ],
        validExamples: [
            RuleExample(ssaiTag("<Linear><Duration>00:00:10.500</Duration>\(mp4)</Linear>")),
        ],
        invalidExamples: [
            RuleExample(ssaiTag("\n↓<Linear>\(mp4)</Linear>")),
            RuleExample(ssaiTag("\n↓<Linear><Duration>10</Duration>\(mp4)</Linear>")),
        ],
        schemaBasis: .profile(.ssai))

    public static let ssaiNonLinearCreative = RuleDescription(
        id: "PROFILE-ssai-nonlinear-creative",
        name: "NonLinear creative in a server-side break",
        summary: "a NonLinear creative has no stream duration, media file or skip offset and is not mapped to a linear ad",
        rationale: "Server-side insertion stitches linear ads into the stream; an overlay has nothing to stitch, and its values cannot be converted. Warning: the creative is dropped from the model.",
        fix: "Serve NonLinear creatives through a client-side integration, or traffic a Linear creative for the server-side break.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .ssai, section: "Creating Ad objects", quote: "type: \"linear\","),
        ],
        validExamples: [
            RuleExample(ssaiTag("<Linear><Duration>00:00:10</Duration>\(mp4)</Linear>")),
        ],
        invalidExamples: [
            RuleExample(ssaiTag("\n↓<NonLinearAds><NonLinear><StaticResource creativeType=\"image/png\"><![CDATA[https://cdn.example/o.png]]></StaticResource></NonLinear></NonLinearAds>")),
        ],
        schemaBasis: .profile(.ssai))

    public static let ssaiWrapperUnresolved = RuleDescription(
        id: "PROFILE-ssai-wrapper-unresolved",
        name: "Server-side ad behind a Wrapper",
        summary: "a Wrapper has no media, duration or skip offset of its own; map the InLine it resolves to",
        rationale: "The ad server resolves wrappers before stitching; conform maps the document it is given. Warning: the ad is missing from the model until the chain is resolved.",
        fix: "Resolve the chain and map the InLine response.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .ssai, section: "Creating Ad objects", quote: "When the advertisement provider reports an ad, an AdBreak and an Ad object should be created"),
        ],
        validExamples: [
            RuleExample(ssaiTag("<Linear><Duration>00:00:10</Duration>\(mp4)</Linear>")),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad>\n↓<Wrapper><AdSystem>s</AdSystem><VASTAdTagURI><![CDATA[https://ads.example/next]]></VASTAdTagURI></Wrapper></Ad></VAST>"),
        ],
        schemaBasis: .profile(.ssai))

    public static let ssaiBreakOffsetUnresolved = RuleDescription(
        id: "PROFILE-ssai-break-offset-unresolved",
        name: "Ad break offset unresolved",
        summary: "a VMAP break at a percentage, at end or at #n needs the content duration or cue points to become AdBreakInit's timeOffset",
        rationale: "AdBreakInit takes the break's time offset in seconds; a percentage or `end` needs the content duration and `#n` the cue points. Warning: the break has no time until they are given.",
        fix: "Pass the content duration (duration=HH:MM:SS) and cue points (cue-points=…), or write the offset as HH:MM:SS.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .ssai, section: "Creating Ad objects", quote: "params: THEOplayerSDK.AdBreakInit(timeOffset: 0)"),
        ],
        validExamples: [
            RuleExample(ssaiVMAP("<vmap:AdBreak timeOffset=\"start\" breakType=\"linear\"/>")),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP("\n↓<vmap:AdBreak timeOffset=\"50%\" breakType=\"linear\"/>")),
        ],
        schemaBasis: .profile(.ssai))

    public static let ssaiBreakRemoteSource = RuleDescription(
        id: "PROFILE-ssai-break-remote-source",
        name: "Ad break ads behind an AdTagURI",
        summary: "a VMAP break whose ads come from an AdTagURI or CustomAdData has no ads to map until they are fetched",
        rationale: "Only embedded VASTAdData can be mapped offline. Info: the break is listed without ads.",
        fix: "Fetch the tag and map its response, or embed the VAST in VASTAdData.",
        severity: .info,
        specReferences: [
            SpecReference(document: .ssai, section: "Setting a source", quote: "calling an external service to replace the content URL"),
        ],
        validExamples: [
            RuleExample(ssaiVMAP("<vmap:AdBreak timeOffset=\"start\" breakType=\"linear\"><vmap:AdSource><vmap:VASTAdData>\(ssaiTag("<Linear><Duration>00:00:10</Duration>\(mp4)</Linear>"))</vmap:VASTAdData></vmap:AdSource></vmap:AdBreak>")),
        ],
        invalidExamples: [
            RuleExample(ssaiVMAP("<vmap:AdBreak timeOffset=\"start\" breakType=\"linear\">\n↓<vmap:AdSource><vmap:AdTagURI templateType=\"vast3\"><![CDATA[https://ads.example/pre]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak>")),
        ],
        schemaBasis: .profile(.ssai))
}
