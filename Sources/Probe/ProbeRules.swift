import ConformCore

/// Ids of the findings asset probing makes.
public enum ProbeRuleID {
    public static let notFound = "PROBE-not-found"
    public static let timeout = "PROBE-timeout"
    public static let slow = "PROBE-slow"
    public static let redirectLimit = "PROBE-redirect-limit"
    public static let refused = "PROBE-refused"
    public static let httpsDowngrade = "PROBE-https-downgrade"
    public static let oversize = "PROBE-oversize"
    public static let wrongType = "PROBE-wrong-type"
    public static let undecodable = "PROBE-undecodable"
    public static let dimensions = "PROBE-dimensions"
    public static let duration = "PROBE-duration"
    public static let bitrate = "PROBE-bitrate"
    public static let codec = "PROBE-codec"
    public static let noAudio = "PROBE-no-audio"
    public static let frameRate = "PROBE-frame-rate"
    public static let captionMalformed = "PROBE-caption-malformed"
    public static let captionLanguage = "PROBE-caption-language"
    public static let pixelHost = "PROBE-pixel-host-unresolved"
}

/// The descriptions of every probe finding, for `conform explain`, `conform rules` and the rule docs.
/// Like the chain findings, the examples describe assets in words: what an asset is takes a server to
/// answer, so the single-document example runner does not execute them; the probe tests produce each id
/// from a live loopback server or a corpus case instead.
public enum ProbeRules {
    private static func errorCode(_ text: String) -> SpecReference {
        SpecReference(document: .vast43, section: "2.3.6.3", quote: text)
    }
    private static let notFoundRef = errorCode("401 File not found. Unable to find Linear/MediaFile from URI.")
    private static let companionFetchRef = errorCode("603 Unable to fetch CompanionAds/Companion resource.")
    private static let timeoutRef = errorCode("402 Timeout of MediaFile URI.")
    private static let displayRef = errorCode("405 Problem displaying MediaFile. Media player found a MediaFile with supported type but couldn’t display it. MediaFile may include: unsupported codecs, different MIME type than MediaFile@type, unsupported delivery method, etc.")
    private static let mediaAttributesRef = SpecReference(
        document: .vast43, section: "3.9.1",
        quote: "type* | MIME type for the file container.")
    private static let mediaSizeRef = SpecReference(
        document: .vast43, section: "3.9.1",
        quote: "width* | The native width of the video file, in pixels.")
    private static let companionSizeRef = SpecReference(
        document: .vast43, section: "3.13.1", quote: "assetWidth | The pixel width of the creative.")
    private static let iconSizeRef = SpecReference(
        document: .vast43, section: "3.11.1", quote: "width | Pixel width of the icon asset.")
    private static let durationRef = SpecReference(
        document: .vast43, section: "3.8.1",
        quote: "The ad server uses the `<Duration>` element to denote the intended playback duration for the video or audio component of the ad.")
    private static let bitrateRef = SpecReference(
        document: .vast43, section: "3.9.1",
        quote: "For progressive load video or audio, the bitrate value specifies the average bitrate for the media file")
    private static let codecRef = SpecReference(
        document: .vast43, section: "3.9.1",
        quote: "codec The codec used to encode the file which can take values as specified by RFC 4281")
    private static let captionRef = SpecReference(
        document: .vast43, section: "3.9.5",
        quote: "Individual closed caption files for various languages.")
    private static let captionLanguageRef = SpecReference(
        document: .vast43, section: "3.9.5",
        quote: "language Language of the Closed Caption File using ISO 631-1 codes.")
    private static let policyRef = SpecReference(
        document: .conform, section: "probe", quote: "only http and https are ever fetched from a tag")
    private static let mixedContentRef = SpecReference(
        document: .conform, section: "URLs",
        quote: "an http URL is blocked as mixed content on https pages and by app cleartext policies; VAST itself does not require https")
    private static let slowRef = SpecReference(
        document: .conform, section: "probe",
        quote: "an asset whose first byte takes longer than the slow limit (2 s unless set) risks the player's media timeout")
    private static let audioRef = SpecReference(
        document: .conform, section: "probe",
        quote: "a video ad without an audio track plays silent; players and buyers expect sound unless the ad is declared silent")
    private static let formatGuidelinesRef = SpecReference(
        document: .vast43, section: "VAST 4.0 Updates",
        quote: "The Digital Video Ad Format Guidelines offers guidance on video/audio file specifications for linear ads.")
    private static let frameRateRef = SpecReference(
        document: .conform, section: "probe",
        quote: "VAST declares no frame rate; a video ad whose frame rate is unreadable, variable, or outside 10 to 120 fps is judged an encoding fault")
    private static let pixelRef = SpecReference(
        document: .vast43, section: "2.3.4",
        quote: "The publisher must send requests to the URIs provided in tracking elements")


    /// Every probe rule, sorted by id.
    public static let all: [RuleDescription] = unsorted.sorted { $0.id < $1.id }

    private static let unsorted: [RuleDescription] = [
        .wordedRule(ProbeRuleID.notFound, "Asset not found",
             "an asset URL (media file, image, page, script, caption) answered an HTTP error or could not be fetched",
             rationale: "A player that cannot fetch the media file reports 401 and skips the ad; a missing companion or NonLinear resource is 603 or 502.",
             fix: "upload the asset, or correct its URL, so that it answers 200", .error, [notFoundRef, companionFetchRef],
             valid: "<MediaFile>https://cdn.example.com/ad.mp4</MediaFile> answering 200",
             invalid: "<MediaFile>https://cdn.example.com/gone.mp4</MediaFile> answering 404"),
        .wordedRule(ProbeRuleID.timeout, "Asset timeout",
             "an asset did not arrive within the probe's time limit",
             rationale: "A media file that does not load in time is error 402; the ad is skipped.",
             fix: "serve the asset from a CDN that answers fast", .error, [timeoutRef],
             valid: "a MediaFile that arrives in 300 ms",
             invalid: "a MediaFile whose server sends nothing for 10 s (or trickles an endless body)"),
        .wordedRule(ProbeRuleID.slow, "Asset slow to answer",
             "an asset's first byte took longer than the slow limit",
             rationale: "Players give media files a few seconds; a slow first byte delays the ad start or trips the player's timeout (402).",
             fix: "serve the asset from a CDN close to the viewers", .warning, [slowRef, timeoutRef],
             valid: "a MediaFile whose first byte arrives after 150 ms",
             invalid: "a MediaFile whose first byte arrives after 4 s"),
        .wordedRule(ProbeRuleID.redirectLimit, "Asset redirects too often",
             "fetching an asset took more HTTP redirects than the limit, or redirected in a loop",
             rationale: "A player gives up on an asset URL that keeps redirecting, as on one not found (401, 603).",
             fix: "point the URL at the asset's final location", .error, [notFoundRef],
             valid: "a MediaFile URL that redirects once to the CDN",
             invalid: "a MediaFile URL that redirects to itself"),
        .wordedRule(ProbeRuleID.refused, "Asset URL refused",
             "an asset URL (or a redirect) uses a scheme other than http or https, or a refused private address; it is never opened",
             rationale: "file:, data:, ftp: and javascript: URLs read local files or run code; players only load http(s) assets.",
             fix: "use an https URL on a public host", .error, [policyRef, notFoundRef],
             valid: "<MediaFile>https://cdn.example.com/ad.mp4</MediaFile>",
             invalid: "<MediaFile>https://cdn.example.com/ad.mp4</MediaFile> redirecting to file:///etc/passwd"),
        .wordedRule(ProbeRuleID.httpsDowngrade, "Asset redirects from https to http",
             "an https asset URL redirects to an http URL",
             rationale: "Secure pages and apps block the insecure request the redirect leads to, so the asset does not load there.",
             fix: "make the server redirect to https, or point the tag at the final https URL", .warning, [mixedContentRef],
             valid: "https://cdn.example.com/ad.mp4 redirecting to https://edge.example.com/ad.mp4",
             invalid: "https://cdn.example.com/ad.mp4 redirecting to http://edge.example.com/ad.mp4"),
        .wordedRule(ProbeRuleID.oversize, "Asset larger than the probe limit",
             "an asset is larger than the probe's size limit: the transfer was cut off and the asset not inspected",
             rationale: "Not an error in itself: the asset answered, but its dimensions, duration and codecs were not checked. Large files also load slowly on mobile networks.",
             fix: "raise --probe-max-size to inspect it, or serve a smaller rendition", .info, [mediaAttributesRef],
             valid: "a 3 MB MediaFile (limit 64 MB)",
             invalid: "a 200 MB Mezzanine (limit 64 MB)"),
        .wordedRule(ProbeRuleID.wrongType, "Asset is not the declared type",
             "the Content-Type an asset is served with, or the file itself, is not the type the tag declares",
             rationale: "A player picks the media file by its declared type; a file of another type fails to play (405) or is never chosen (403). A companion resource of another type cannot be shown (604).",
             fix: "declare the type the file really is, or serve the file the tag declares, with that Content-Type", .error,
             [mediaAttributesRef, displayRef],
             valid: "<MediaFile type=\"video/mp4\"> answering an MP4 file as video/mp4",
             invalid: "<MediaFile type=\"video/mp4\"> answering a WebM file, or an MP4 served as text/html"),
        .wordedRule(ProbeRuleID.undecodable, "Asset cannot be read",
             "a media file or image answered, but its bytes cannot be read as the media or image it should be",
             rationale: "A file a player cannot decode fails with 405 (media) or cannot be shown (companions, icons).",
             fix: "re-export the asset and upload it again", .error, [displayRef],
             valid: "an MP4 file ffprobe reads",
             invalid: "a MediaFile URL answering a truncated or corrupt file"),
        .wordedRule(ProbeRuleID.dimensions, "Asset dimensions differ from the tag",
             "a media file's video size, or an image's size, is not the width and height the tag declares",
             rationale: "Players choose a rendition by its declared size; a file of another size is scaled or chosen wrongly. Images of another size than the slot are scaled or cropped.",
             fix: "declare the file's real width and height, or serve a file of the declared size", .warning,
             [mediaSizeRef, companionSizeRef, iconSizeRef],
             valid: "<MediaFile width=\"1920\" height=\"1080\"> answering a 1920x1080 video",
             invalid: "<MediaFile width=\"1920\" height=\"1080\"> answering a 1280x720 video"),
        .wordedRule(ProbeRuleID.duration, "Media duration differs from <Duration>",
             "a media file plays longer or shorter than the Linear's <Duration>, by more than 1 second",
             rationale: "Quartile events and ad-break timing are computed from <Duration>; a 15 s file in a 30 s slot fires its complete event early or never.",
             fix: "write the file's real length in <Duration>, or serve a file of that length", .error, [durationRef],
             valid: "<Duration>00:00:30</Duration> with a 30.02 s file",
             invalid: "<Duration>00:00:30</Duration> with a 15 s file"),
        .wordedRule(ProbeRuleID.bitrate, "Media bitrate differs from the tag",
             "a media file's measured bitrate is more than 25% away from its declared bitrate, or outside minBitrate to maxBitrate",
             rationale: "Players pick the rendition for the connection by its declared bitrate; a wrong value picks a file that stalls or looks poor.",
             fix: "declare the file's real average bitrate in kbps", .warning, [bitrateRef],
             valid: "bitrate=\"2000\" with a 2.1 Mbps file",
             invalid: "bitrate=\"500\" with a 4 Mbps file"),
        .wordedRule(ProbeRuleID.codec, "Media codec differs from the tag",
             "a media file's video or audio codec is not the one its codec attribute declares",
             rationale: "A player that supports the declared codec may not support the real one; the file fails to play (405).",
             fix: "declare the codecs the file really uses (for example avc1.4D401F,mp4a.40.2)", .warning, [codecRef, displayRef],
             valid: "codec=\"avc1.4D401F\" with an H.264 file",
             invalid: "codec=\"avc1.4D401F\" with an HEVC file"),
        .wordedRule(ProbeRuleID.noAudio, "Video without audio",
             "a video media file has no audio track",
             rationale: "A silent video ad is usually an export mistake; buyers and players expect sound.",
             fix: "export the video with its audio track", .warning, [audioRef],
             valid: "an MP4 with H.264 video and AAC audio",
             invalid: "an MP4 with only an H.264 video track"),
        .wordedRule(ProbeRuleID.frameRate, "Video frame rate unusable",
             "a video media file has no readable frame rate, a variable frame rate (its average more than 5% from its base rate), or a rate outside 10 to 120 fps",
             rationale: "VAST has no frame-rate attribute and leaves file specifications to the IAB's format guidelines, so only clear faults are judged: a constant rate in the usual range (23.976 to 60 fps, at least 10) plays everywhere. A variable rate (a screen capture, a phone export, dropped frames) stutters in players and in the transcoders of ad-stitching services, which expect a constant rate; below 10 fps motion reads as a slideshow, and above 120 fps is an encoder setting no player is built for. An interlaced stream whose base rate is twice its average (the field rate) is not variable.",
             fix: "re-export the video at a constant frame rate such as 25, 29.97 or 30 fps (ffmpeg: -r 30 -fps_mode cfr)", .warning,
             [formatGuidelinesRef, frameRateRef, displayRef],
             valid: "an MP4 at a constant 30 fps (avg_frame_rate and r_frame_rate 30/1)",
             invalid: "an MP4 whose frames average 20 fps against a base rate of 30 fps (variable), or one at 2 fps"),
        .wordedRule(ProbeRuleID.captionMalformed, "Caption file malformed",
             "a closed caption file is not well-formed WebVTT, SRT or TTML",
             rationale: "A player cannot show captions it cannot parse; accessibility rules may then block the ad.",
             fix: "validate the caption file and serve it as its declared type", .error, [captionRef],
             valid: "<ClosedCaptionFile type=\"text/vtt\"> answering a WEBVTT file with cues",
             invalid: "<ClosedCaptionFile type=\"text/vtt\"> answering a file without the WEBVTT header"),
        .wordedRule(ProbeRuleID.captionLanguage, "Caption language differs",
             "a TTML caption file declares another xml:lang than the ClosedCaptionFile's language",
             rationale: "Players list captions by the declared language; a wrong label shows viewers the wrong language.",
             fix: "declare the language the captions are in", .warning, [captionLanguageRef],
             valid: "language=\"en\" with <tt xml:lang=\"en\">",
             invalid: "language=\"fr\" with <tt xml:lang=\"en\">"),
        .wordedRule(ProbeRuleID.pixelHost, "Tracking host does not resolve",
             "with --probe-pixels: the host of a tracking URL has no address (no request is sent)",
             rationale: "A pixel whose host does not resolve is never counted: the impressions or events it should record are lost.",
             fix: "correct the tracking URL's host name", .warning, [pixelRef],
             valid: "<Impression>https://t.example.com/imp</Impression> whose host resolves",
             invalid: "<Impression>https://t.exmaple.invalid/imp</Impression>"),
    ]

    /// The description of `id`, or `nil`.
    public static func description(_ id: String) -> RuleDescription? { all.first { $0.id == id } }

    static func make(_ id: String, _ message: String, for asset: ProbeAsset, details: [String: String] = [:]) -> Diagnostic {
        guard let description = description(id) else { preconditionFailure("unknown probe rule id \(id)") }
        var all = details
        all["url"] = asset.url
        all["hop"] = String(asset.hop)
        var diagnostic = description.diagnostic(message, at: asset.position, path: asset.path, details: all)
        diagnostic.file = asset.file
        return diagnostic
    }
}
