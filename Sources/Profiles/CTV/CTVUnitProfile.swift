import ConformCore
import VAST

// The screensaver, overlay, squeezeback and in-scene profiles: what a CTV player that requested one of these
// CTV Ad Portfolio units would do with a VAST response (VAST 4.4 §1.9 and §3.12, and the ctv_ad_portfolio
// extension document for VAST 2.0 to 4.3). The pause profile stays the one of the pause-ad reference player;
// these four have no player document of their own, so they follow the IAB texts:
//
// - The unit is the one the player requested: "The bid request remains the authoritative description of the
//   opportunity" (§1.9). A `plcmt` the ad signals must name that unit ("plcmt matches the requested CTV Ad
//   Portfolio format", extension document, Error handling); one naming another unit, or no CTV unit, makes the
//   player refuse the ad and fire its error tracking.
// - The asset: SIMID through `<InteractiveCreativeFile>` when the player runs SIMID, else the first ready-to-render
//   `<MediaFile>` (§3.12.4 "the player may use that media file as a fallback"), the native 4.4 form first, then
//   the extension's, then a native PNG or JPEG `<StaticResource>` (the fallback the extension document asks for).
// - The duration: from the NonLinear's `<Duration>` (or the extension's). Time-based events fire only with a known
//   duration (§3.14.1); a static image of a pause, screensaver or overlay unit may leave it unknown, a squeezeback
//   or in-scene ad may not (see ``CTVUnit/staticImageMayOmitDuration``).

/// Which kind of asset a CTV unit shows.
public enum CTVAssetKind: String, Sendable, Codable, Hashable {
    /// An `<InteractiveCreativeFile apiFramework="SIMID">` the player runs.
    case interactive
    /// A video `<MediaFile>` (a cinemagraph, an animated overlay).
    case video
    /// A static image: an image `<MediaFile>` or a `<StaticResource>`.
    case image
}

/// The asset a CTV unit would show.
public struct CTVAsset: Sendable, Codable, Hashable {
    public var kind: CTVAssetKind
    public var url: String
    /// The MIME type as written (`type` or `creativeType`).
    public var type: String?
    /// `InteractiveCreativeFile`, `MediaFile` or `StaticResource`.
    public var element: String
    public var width: Int?
    public var height: Int?
    /// `true` when it comes from the `<Extension type="ctv_ad_portfolio">`; absent otherwise.
    public var fromExtension: Bool?
    /// Which document of the chain holds it (0 = the first).
    public var hop: Int
    public var position: SourcePosition
    public var path: String

    /// `MediaFile video/mp4 https://…` for verdicts.
    public var label: String {
        "\(element) \(type.map { "\($0) " } ?? "")\(url)" + (fromExtension == true ? " (from the ctv_ad_portfolio extension)" : "")
    }
}

/// Why a CTV unit does not show, one cause per reason a verdict gives, for expectations that pin it.
public enum CTVUnitCause: String, Sendable, Codable, Hashable, CaseIterable {
    /// The response has no `<Ad>` (PROFILE-ctv-no-asset).
    case noAd = "no-ad"
    /// The first `<Ad>` has neither `<InLine>` nor `<Wrapper>` (PROFILE-ctv-no-asset).
    case noInLineOrWrapper = "no-inline-or-wrapper"
    /// The first ad is a Wrapper whose chain was not resolved (PROFILE-ctv-wrapper-unresolved).
    case wrapperUnresolved = "wrapper-unresolved"
    /// The first ad has no `<NonLinear>` (PROFILE-ctv-no-asset).
    case noNonLinear = "no-nonlinear"
    /// No NonLinear carries an asset the player renders (PROFILE-ctv-no-asset).
    case noRenderableAsset = "no-renderable-asset"
    /// A `plcmt` names another unit, or no CTV Ad Portfolio unit (PROFILE-ctv-unit-mismatch).
    case unitMismatch = "unit-mismatch"
    /// The input is not a VAST response (PROFILE-input-not-applicable).
    case notVAST = "not-vast"
}

/// The part of a CTV unit evaluation a `ProfileReport` adds to its common fields.
public struct CTVUnitDetail: Sendable, Codable, Hashable {
    /// The unit the player requested (the profile).
    public var unit: CTVUnit
    /// The `plcmt` the ad signals (the InLine's, else the nearest Wrapper's), when it signals one as a number.
    public var plcmt: Int?
    /// The asset that would show (`nil` when not eligible).
    public var asset: CTVAsset?
    /// The duration the player runs the unit for, in seconds, when known.
    public var durationSeconds: Double?
    /// How the player handles the duration, in words.
    public var durationHandling: String?
    /// The tracking events the player fires for the ad, in ``CTVUnitProfile/pixelEvents`` order: those with at
    /// least one URL (when not eligible, only `error`).
    public var events: [String]
    /// Why it does not show, one ``CTVUnitCause`` per reason (empty when eligible).
    public var causes: [String]
}

/// What a CTV unit's player would do with a response.
public struct CTVUnitEvaluation: Sendable, Codable, Hashable {
    public var eligible: Bool
    public var verdict: String
    /// Every reason the ad does not show (empty when eligible), or, when eligible, why it shows as it does.
    public var reasons: [String]
    public var detail: CTVUnitDetail
    /// Tracking URLs per event, every hop included; every key of ``CTVUnitProfile/pixelEvents`` is present.
    public var pixels: [String: [ProfilePixel]]
    public var diagnostics: [Diagnostic]
}

/// The screensaver, overlay, squeezeback and in-scene player flows.
public enum CTVUnitProfile {
    /// The tracking events a CTV unit fires, in the order reports list them.
    public static let pixelEvents = [
        "impression", "creativeView", "interactiveStart", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
        "progress", "click", "customClick", "close", "overlayViewDuration", "error",
    ]

    /// The events that need a known duration (§3.14.1, "Linear and Time-Based NonLinear Ad Metrics").
    public static let timeBasedEvents: Set<String> = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "progress"]

    /// The media types the player renders. Decision: the types the 4.4 text's and the extension document's
    /// examples deliver to CTV units (PNG and JPEG images, MP4 and WebM video); a platform refuses media "not
    /// supported by the platform", and an audio file has no place in NonLinearAds ("NonLinearAds are not
    /// applicable to Audio use cases").
    public static let imageTypes: Set<String> = ["image/png", "image/jpeg"]
    public static let videoTypes: Set<String> = ["video/mp4", "video/webm"]

    /// The profile of each unit.
    public static func unit(of profile: ProfileName) -> CTVUnit? {
        switch profile {
        case .screensaver: .screensaver
        case .overlay: .overlay
        case .squeezeback: .squeezeback
        case .inScene: .inScene
        case .pause, .companion, .ssai, .schedule: nil
        }
    }

    /// Evaluates a response, or a resolved chain (`documents[0]` is the tag as requested, the last holds the InLine),
    /// as the player of `unit` would.
    public static func evaluate(_ documents: [VASTDocument], unit: CTVUnit, options: ProfileOptions = ProfileOptions()) -> CTVUnitEvaluation {
        var diagnostics: [Diagnostic] = []
        var reasons: [String] = []
        var causes: [CTVUnitCause] = []
        var notes: [String] = []
        var pixels: [String: [ProfilePixel]] = Dictionary(uniqueKeysWithValues: pixelEvents.map { ($0, []) })
        func report(_ rule: RuleDescription, _ message: String, cause: CTVUnitCause? = nil, at position: SourcePosition?, path: String?, hop: Int) {
            var details: [String: String] = [:]
            if hop > 0 { details["hop"] = String(hop) }
            diagnostics.append(rule.diagnostic(message, at: position, path: path, details: details))
            if let cause {
                reasons.append(message)
                causes.append(cause)
            }
        }
        func add(_ event: String, _ nodes: [TextNode], hop: Int) {
            for node in nodes { pixels[event, default: []].append(ProfilePixel(node, hop: hop)) }
        }
        func collect(_ nonLinearAds: NonLinearAds, hop: Int) {
            for event in nonLinearAds.trackingEvents {
                guard let name = event.event, pixels[name] != nil, !["impression", "error", "click", "customClick"].contains(name) else { continue }
                pixels[name, default: []].append(ProfilePixel(event.url, hop: hop))
            }
            for nonLinear in nonLinearAds.nonLinears {
                add("click", nonLinear.clickTrackings, hop: hop)
                add("customClick", nonLinear.customClicks, hop: hop)
            }
        }

        var inLine: (body: AdBody, hop: Int)?
        var plcmt: Int?
        for (hop, document) in documents.enumerated() {
            guard let index = PauseProfile.firstAdIndex(document.ads) else {
                add("error", document.errors, hop: hop)
                report(ProfileRules.ctvNoAsset, "the response has no <Ad>: no \(unit.title) ad can show", cause: .noAd,
                       at: document.position, path: document.path, hop: hop)
                break
            }
            let ad = document.ads[index]
            guard let body = ad.body else {
                report(ProfileRules.ctvNoAsset, "the first <Ad> has neither <InLine> nor <Wrapper>", cause: .noInLineOrWrapper,
                       at: ad.position, path: ad.path, hop: hop)
                break
            }
            add("impression", body.impressions, hop: hop)
            add("error", body.errors, hop: hop)
            for signal in body.placementSignals {
                guard let value = signal.value else { continue }  // not a number: VAST-2.0-adcom-extension-value's
                plcmt = value
                if signal.unit != unit {
                    let named = signal.unit.map { "the \($0.title) unit" } ?? "no CTV Ad Portfolio unit"
                    report(ProfileRules.ctvUnitMismatch,
                           "<plcmt> is \(value), which names \(named); the player requested the \(unit.title) unit (plcmt \(unit.plcmt)) and does not render a creative made for another format",
                           cause: .unitMismatch, at: signal.position, path: signal.path, hop: hop)
                }
            }
            for creative in body.creatives {
                if let nonLinearAds = creative.nonLinearAds { collect(nonLinearAds, hop: hop) }
            }
            for portfolio in body.ctvAdPortfolios { collect(portfolio.nonLinearAds, hop: hop) }
            if ad.inLine == nil {
                if hop == documents.count - 1 {
                    report(ProfileRules.ctvWrapperUnresolved,
                           "the first ad is a <Wrapper>\(body.vastAdTagURI.map { " to \($0.value)" } ?? ""); whether it shows depends on the tag it wraps (resolve the chain)",
                           cause: .wrapperUnresolved, at: body.position, path: body.path, hop: hop)
                }
                continue
            }
            inLine = (body, hop)
            break
        }

        var asset: CTVAsset?
        var duration: Double?
        var handling: String?
        if let (body, hop) = inLine {
            var rejected: [(NonLinear, String)] = []
            search: for creative in body.creatives {
                let portfolio = PauseProfile.portfolio(describing: creative, in: body)
                for nonLinear in creative.nonLinearAds?.nonLinears ?? [] {
                    let choice = choose(nonLinear, portfolio: portfolio, hop: hop, options: options)
                    notes += choice.notes
                    if let found = choice.asset {
                        asset = found
                        let ext = portfolio?.nonLinear?.duration?.value
                        let native = nonLinear.duration?.value
                        duration = (found.fromExtension == true ? ext ?? native : native ?? ext)?.seconds
                        break search
                    }
                    rejected.append((nonLinear, choice.reason))
                }
            }
            if asset == nil {
                if rejected.isEmpty {
                    report(ProfileRules.ctvNoAsset, "the first ad has no <NonLinear> creative; a \(unit.title) ad is delivered as NonLinearAds",
                           cause: .noNonLinear, at: body.position, path: body.path, hop: hop)
                } else {
                    for (nonLinear, reason) in rejected {
                        report(ProfileRules.ctvNoAsset, "this <NonLinear> \(reason)", cause: .noRenderableAsset,
                               at: nonLinear.position, path: nonLinear.path, hop: hop)
                    }
                }
            }
        }

        let eligible = asset != nil && causes.isEmpty
        if eligible, let asset {
            let tracked = timeBasedEvents.filter { !(pixels[$0] ?? []).isEmpty }.sorted()
            let timed = asset.kind != .image
            if let duration {
                handling = "the ad runs for \(timecode(duration))" + (tracked.isEmpty ? "" : "; the time-based events fire at its quartiles and offsets")
            } else {
                var missing: [String] = []
                if timed { missing.append("\(asset.kind == .video ? "a video" : "an interactive") creative is time-based media") }
                if !tracked.isEmpty { missing.append("the time-based events \(tracked.joined(separator: ", ")) need a known duration and never fire") }
                if !timed && !unit.staticImageMayOmitDuration {
                    missing.append("a static \(unit.title) image shares the screen with the playing content, which the player must give back at a known time")
                }
                if missing.isEmpty {
                    handling = "the duration is unknown: the static image stays until the viewer closes it or the \(unit.title) state ends; overlayViewDuration measures how long it showed"
                } else {
                    handling = "the duration is unknown: " + missing.joined(separator: "; ")
                    report(ProfileRules.ctvDurationMissing, "no <Duration> for this \(unit.title) ad: " + missing.joined(separator: "; "),
                           at: asset.position, path: asset.path, hop: asset.hop)
                }
                for event in tracked { pixels[event] = [] }
            }
            if asset.kind != .interactive { pixels["interactiveStart"] = [] }
        }
        let events: [String] = eligible
            ? pixelEvents.filter { $0 != "error" && !(pixels[$0] ?? []).isEmpty }
            : ((pixels["error"] ?? []).isEmpty ? [] : ["error"])
        let verdict: String
        if eligible, let asset {
            verdict = "eligible: shows \(asset.label)" + (duration.map { " for \(timecode($0))" } ?? "")
        } else {
            verdict = "not eligible: " + (reasons.isEmpty ? "no \(unit.title) creative" : reasons.joined(separator: "; "))
        }
        var why: [String] = reasons
        if eligible {
            why = [plcmt.map { "the ad signals plcmt \($0), the \(unit.title) unit" }
                   ?? "the ad signals no plcmt: the player takes it for the \(unit.title) unit it requested"] + notes
            if let handling { why.append(handling) }
        }
        let detail = CTVUnitDetail(unit: unit, plcmt: plcmt, asset: eligible ? asset : nil, durationSeconds: eligible ? duration : nil,
                                   durationHandling: eligible ? handling : nil, events: events,
                                   causes: eligible ? [] : causes.map(\.rawValue))
        return CTVUnitEvaluation(eligible: eligible, verdict: verdict, reasons: why, detail: detail,
                                 pixels: eligible ? pixels : pixels.mapValues { _ in [] }.merging(["error": pixels["error"] ?? []]) { $1 },
                                 diagnostics: diagnostics.sorted())
    }

    /// The asset the player takes from one NonLinear (and the extension describing its creative), or why none.
    static func choose(_ nonLinear: NonLinear, portfolio: CTVAdPortfolio?, hop: Int, options: ProfileOptions)
        -> (asset: CTVAsset?, reason: String, notes: [String]) {
        var notes: [String] = []
        var found: [String] = []
        let forms: [(NonLinear, Bool)] = [(nonLinear, false)] + (portfolio?.nonLinear.map { [($0, true)] } ?? [])
        for (source, fromExtension) in forms {
            let flag: Bool? = fromExtension ? true : nil
            for file in source.interactiveCreativeFiles where !file.url.value.isEmpty {
                let framework = file.apiFramework ?? "(none)"
                if framework.uppercased() == "SIMID" && options.simid {
                    return (CTVAsset(kind: .interactive, url: file.url.value, type: file.type, element: "InteractiveCreativeFile",
                                     width: source.width?.value ?? nonLinear.width?.value, height: source.height?.value ?? nonLinear.height?.value,
                                     fromExtension: flag, hop: hop, position: file.url.position, path: file.url.path), "", notes)
                }
                let why = framework.uppercased() == "SIMID" ? "the player does not run SIMID (simid=false)" : "the player runs SIMID only, not apiFramework=\"\(framework)\""
                notes.append("the InteractiveCreativeFile \(file.url.value) is not executed: \(why); a ready-to-render MediaFile is the fallback")
                found.append("an InteractiveCreativeFile (\(framework)) it does not run")
            }
            for file in source.mediaFiles {
                let type = (file.type ?? "").lowercased()
                let kind: CTVAssetKind? = imageTypes.contains(type) ? .image : videoTypes.contains(type) ? .video : nil
                guard let kind, !file.url.value.isEmpty else {
                    let hint = type.hasPrefix("audio/") ? " (NonLinearAds are not for audio)" : ""
                    found.append(file.url.value.isEmpty ? "an empty MediaFile" : "a MediaFile of type \"\(file.type ?? "(none)")\"\(hint)")
                    continue
                }
                return (CTVAsset(kind: kind, url: file.url.value, type: file.type, element: "MediaFile",
                                 width: file.width?.value, height: file.height?.value, fromExtension: flag, hop: hop,
                                 position: file.url.position, path: file.url.path), "", notes)
            }
        }
        for resource in nonLinear.resources {
            let type = (resource.creativeType ?? "").lowercased()
            if resource.kind == .staticResource, imageTypes.contains(type), !resource.content.value.isEmpty {
                return (CTVAsset(kind: .image, url: resource.content.value, type: resource.creativeType, element: "StaticResource",
                                 width: nonLinear.width?.value, height: nonLinear.height?.value, fromExtension: nil, hop: hop,
                                 position: resource.content.position, path: resource.content.path), "", notes)
            }
            switch resource.kind {
            case .staticResource: found.append(resource.content.value.isEmpty ? "an empty StaticResource" : "a StaticResource of type \"\(resource.creativeType ?? "(none)")\"")
            case .html: found.append("an HTMLResource")
            case .iframe: found.append("an IFrameResource")
            }
        }
        let has = found.isEmpty ? "has no resource" : "has only \(found.joined(separator: ", "))"
        return (nil, "\(has); the player renders a SIMID InteractiveCreativeFile, a PNG, JPEG, MP4 or WebM MediaFile, or a PNG or JPEG StaticResource", notes)
    }
}
