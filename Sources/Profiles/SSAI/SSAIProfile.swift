import ConformCore
import VAST

/// One ad as a server-side integration creates it (`AdInit`). Values that cannot be derived are absent
/// (never zero) and come with a diagnostic.
public struct SSAIAd: Sendable, Codable, Hashable {
    /// `linear`.
    public var type: String
    /// `Ad@id`, else the Creative's `id`.
    public var id: String?
    /// Seconds after the ad starts when it becomes skippable; absent when not skippable or not convertible.
    public var skipOffset: Double?
    /// The media file the player plays.
    public var resourceURI: String?
    /// Seconds.
    public var duration: Double?
    public var clickThrough: String?
    /// Where the Linear is written.
    public var position: SourcePosition
    public var path: String
}

/// One ad break (`AdBreakInit`) and its ads.
public struct SSAIAdBreak: Sendable, Codable, Hashable {
    /// Seconds of stream time; absent when it cannot be resolved.
    public var timeOffset: Double?
    /// Where the break comes from: `VAST response` or `AdBreak[2] timeOffset="25%"`.
    public var source: String
    public var ads: [SSAIAd]
}

/// The server-side ad model of a VAST response or VMAP document (ssai-ad-integration.txt).
public struct SSAIModel: Sendable, Codable, Hashable {
    public var adBreaks: [SSAIAdBreak]
    public var verdict: String
    /// The findings (not encoded: a `ProfileReport` carries them once, at its top level).
    public var diagnostics: [Diagnostic] = []

    enum CodingKeys: String, CodingKey { case adBreaks, verdict }
}

/// Maps VAST and VMAP to `AdBreakInit` / `AdInit` values.
public enum SSAIProfile {
    /// Media types the iOS player plays, in order of preference (HLS first).
    static let playableTypes: [[String]] = [
        ["application/x-mpegurl", "application/vnd.apple.mpegurl", "audio/mpegurl"],
        ["video/mp4", "video/x-m4v", "video/quicktime", "video/3gpp", "audio/mp4", "audio/mpeg", "audio/aac"],
    ]

    /// The media file a native player would play: HLS first, then MP4-family files, in document order.
    static func playableMediaFile(_ linear: Linear) -> MediaFile? {
        for group in playableTypes {
            if let file = linear.mediaFiles.first(where: { file in
                let api = (file.apiFramework ?? "").uppercased()
                return group.contains((file.type ?? "").lowercased()) && api != "VPAID" && !file.url.value.isEmpty
            }) { return file }
        }
        return nil
    }

    /// Maps a VAST response to one ad break at `options.breakOffset`.
    public static func model(vast: VASTDocument, options: ProfileOptions) -> SSAIModel {
        var diagnostics: [Diagnostic] = []
        let ads = mapAds(vast, into: &diagnostics)
        let adBreak = SSAIAdBreak(timeOffset: options.breakOffset, source: "VAST response", ads: ads)
        return finish([adBreak], diagnostics)
    }

    /// Maps every break of a VMAP document; each break's embedded VAST becomes its ads.
    public static func model(vmap: VMAPDocument, options: ProfileOptions) -> SSAIModel {
        var diagnostics: [Diagnostic] = []
        var breaks: [SSAIAdBreak] = []
        for (index, adBreak) in vmap.adBreaks.enumerated() {
            let source = "AdBreak[\(index + 1)] timeOffset=\"\(adBreak.timeOffset?.raw ?? "")\""
            var offset: Double?
            if let value = adBreak.timeOffset?.value {
                offset = ScheduleResolver.seconds(of: value, options: options)
                if offset == nil {
                    diagnostics.append(ProfileRules.ssaiBreakOffsetUnresolved.diagnostic(
                        "the break's timeOffset \"\(value)\" needs \(ScheduleResolver.missingFact(for: value)) to become seconds of stream time",
                        at: adBreak.position, path: adBreak.path))
                }
            } else {
                diagnostics.append(ProfileRules.ssaiBreakOffsetUnresolved.diagnostic(
                    "the break's timeOffset \"\(adBreak.timeOffset?.raw ?? "")\" is not a valid VMAP offset",
                    at: adBreak.position, path: adBreak.path))
            }
            var ads: [SSAIAd] = []
            if let vast = adBreak.adSource?.vastAdData {
                ads = mapAds(vast, into: &diagnostics)
            } else if let source = adBreak.adSource, source.adTagURI != nil || source.customAdData != nil {
                let what = source.adTagURI != nil ? "an AdTagURI (\(source.adTagURI!.value))" : "CustomAdData"
                diagnostics.append(ProfileRules.ssaiBreakRemoteSource.diagnostic(
                    "the break's ads come from \(what): fetch the VAST response to map them",
                    at: source.position, path: source.path))
            }
            breaks.append(SSAIAdBreak(timeOffset: offset, source: source, ads: ads))
        }
        return finish(breaks, diagnostics)
    }

    static func finish(_ breaks: [SSAIAdBreak], _ diagnostics: [Diagnostic]) -> SSAIModel {
        let adCount = breaks.reduce(0) { $0 + $1.ads.count }
        let complete = breaks.flatMap(\.ads).filter { $0.resourceURI != nil && $0.duration != nil }.count
        var verdict = "\(breaks.count) ad break(s), \(adCount) linear ad(s)"
        if adCount > complete { verdict += ", \(adCount - complete) without a resource URI or duration" }
        if !diagnostics.isEmpty { verdict += "; \(diagnostics.count) finding(s)" }
        var model = SSAIModel(adBreaks: breaks, verdict: verdict)
        model.diagnostics = diagnostics.sorted()
        return model
    }

    /// The linear ads of a response, in pod order (sequence, then document order).
    static func mapAds(_ vast: VASTDocument, into diagnostics: inout [Diagnostic]) -> [SSAIAd] {
        var ads: [SSAIAd] = []
        let order = vast.ads.indices.sorted {
            let a = vast.ads[$0].sequence?.value ?? Int.max, b = vast.ads[$1].sequence?.value ?? Int.max
            return (a, $0) < (b, $1)
        }
        for index in order {
            let ad = vast.ads[index]
            guard let body = ad.inLine else {
                if let wrapper = ad.wrapper {
                    diagnostics.append(ProfileRules.ssaiWrapperUnresolved.diagnostic(
                        "this ad is a <Wrapper>: its media, duration and skip offset come from the tag it wraps (resolve the chain first)",
                        at: wrapper.position, path: wrapper.path))
                }
                continue
            }
            for creative in body.creatives {
                if let nonLinearAds = creative.nonLinearAds {
                    diagnostics.append(ProfileRules.ssaiNonLinearCreative.diagnostic(
                        "a NonLinear creative has no stream duration, media file or skip offset: it is not mapped to a linear ad",
                        at: nonLinearAds.position, path: nonLinearAds.path))
                }
                guard let linear = creative.linear else { continue }
                let duration = linear.duration?.value
                if duration == nil {
                    let what = linear.duration.map { "<Duration> \"\($0.raw)\" is not HH:MM:SS[.mmm]" } ?? "the <Linear> has no <Duration>"
                    diagnostics.append(ProfileRules.ssaiDurationMissing.diagnostic(
                        "\(what): the ad's duration is unknown", at: linear.position, path: linear.path))
                }
                let media = playableMediaFile(linear)
                if media == nil {
                    let types = linear.mediaFiles.map { $0.type ?? "(no type)" }
                    let what = types.isEmpty ? "no <MediaFile>" : "only \(types.joined(separator: ", "))"
                    diagnostics.append(ProfileRules.ssaiNoPlayableMedia.diagnostic(
                        "no playable media file (\(what)): the ad has no resource URI", at: linear.position, path: linear.path))
                }
                var skip: Double?
                if let offset = linear.skipoffset {
                    if let value = offset.value {
                        skip = value.seconds(duration: duration)
                        if skip == nil {
                            diagnostics.append(ProfileRules.ssaiSkipOffsetUnconvertible.diagnostic(
                                "skipoffset \"\(offset.raw)\" is a percentage and the ad's duration is unknown: the skip offset cannot be converted to seconds",
                                at: linear.position, path: linear.path))
                        }
                    } else {
                        diagnostics.append(ProfileRules.ssaiSkipOffsetUnconvertible.diagnostic(
                            "skipoffset \"\(offset.raw)\" is neither HH:MM:SS[.mmm] nor a percentage: the skip offset cannot be converted to seconds",
                            at: linear.position, path: linear.path))
                    }
                }
                ads.append(SSAIAd(
                    type: "linear", id: ad.id ?? creative.id, skipOffset: skip, resourceURI: media?.url.value,
                    duration: duration?.seconds, clickThrough: linear.videoClicks?.clickThrough?.value,
                    position: linear.position, path: linear.path))
            }
        }
        return ads
    }
}
