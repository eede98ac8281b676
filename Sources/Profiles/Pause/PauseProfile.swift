import ConformCore
import VAST

/// The creative a pause ad would show.
public struct PauseCreative: Sendable, Codable, Hashable {
    /// `NonLinear@id`, if any.
    public var id: String?
    /// The image URL of the PNG or JPEG `StaticResource`.
    public var imageURL: String
    /// `image/png` or `image/jpeg`.
    public var creativeType: String
    public var width: Int?
    public var height: Int?
    /// `NonLinearClickThrough`: opened when the creative is tapped (iOS only; tvOS has no click-through).
    public var clickThrough: String?
    /// Which document of the chain holds it (0 = the first).
    public var hop: Int
    public var position: SourcePosition
    public var path: String
    /// `MediaFile` when the image comes from a VAST 4.4 NonLinear `<MediaFiles>`; `nil` for a `StaticResource`
    /// (the form every version has, and the one reports written before 4.4 name implicitly).
    public var element: String? = nil
    /// `true` when the image comes from the `<Extension type="ctv_ad_portfolio">` of VAST 2.0 to 4.3 (its
    /// `<MediaFiles>`), not from the NonLinear itself; absent otherwise.
    public var fromExtension: Bool? = nil
    /// The advertiser QR code (`<CreativeExtension type="tl_qrcode">` of the creative, or of the ctv_ad_portfolio
    /// extension describing it) the player draws over the image; absent when there is none.
    public var qrCode: PauseQRCode? = nil

    /// `NonLinear "id" image/png https://…` for verdicts.
    public var label: String {
        var text = "<NonLinear"
        if let id { text += " id=\"\(id)\"" }
        text += "> \(element.map { "\($0) " } ?? "")\(creativeType) \(imageURL)"
        if fromExtension == true { text += " (from the ctv_ad_portfolio extension)" }
        return text
    }
}

/// A `tl_qrcode` CreativeExtension as a pause ad shows it: the URL the code opens, the image of the code (when
/// the ad server draws it), and its position and size as written (percentages of the ad view).
public struct PauseQRCode: Sendable, Codable, Hashable {
    public var scanURL: String?
    public var imageURL: String?
    public var xPosition: String?
    public var yPosition: String?
    public var size: String?
    /// `true` when it comes from the ctv_ad_portfolio extension; absent otherwise.
    public var fromExtension: Bool?

    /// The first `tl_qrcode` of `extensions`, or `nil`.
    static func first(in extensions: [Extension], fromExtension: Bool) -> PauseQRCode? {
        guard let element = extensions.first(where: { $0.type == "tl_qrcode" })?.element else { return nil }
        func text(_ name: String) -> String? {
            element.child(name).map { $0.trimmedText }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let position = element.child("QrCodePosition")
        return PauseQRCode(
            scanURL: text("QrCodeScanUrl"), imageURL: text("QrCodeImageUrl"),
            xPosition: position?.attribute("xPosition"), yPosition: position?.attribute("yPosition"),
            size: element.child("QrCodeSize")?.attribute("size"), fromExtension: fromExtension ? true : nil)
    }
}

/// The video (a cinemagraph) a pause creative also carries, native VAST 4.4 `<MediaFiles>` or the
/// ctv_ad_portfolio extension's, with the Duration its time-based events are placed on. The pause-ad reference
/// player shows the static image; `conform simulate --play-video` models a player that plays this instead.
public struct PauseVideo: Sendable, Codable, Hashable {
    public var url: String
    public var type: String?
    /// The NonLinear's `<Duration>` or the extension's, in seconds.
    public var durationSeconds: Double
    /// `true` when it comes from the ctv_ad_portfolio extension; absent otherwise.
    public var fromExtension: Bool?
    /// The time-based tracking (`start`, `firstQuartile`, `midpoint`, `thirdQuartile`, `complete`) of every hop
    /// and of the extension, per event.
    public var pixels: [String: [ProfilePixel]]
}

/// The part of a pause evaluation a `ProfileReport` adds to its common fields.
public struct PauseDetail: Sendable, Codable, Hashable {
    /// The creative that would show (`nil` when not eligible).
    public var creative: PauseCreative?
    /// Path of the ad used (the first ad of the pod) in its document, and the hop of that document.
    public var adPath: String?
    public var adHop: Int?
    /// Why no pause ad shows, one ``PauseCause`` per reason (empty when eligible); `nil` in reports written
    /// before causes were recorded.
    public var causes: [String]?
}

/// Why a pause ad does not show: one cause per reason a verdict gives, for expectations that pin it.
public enum PauseCause: String, Sendable, Codable, Hashable, CaseIterable {
    /// The response has no `<Ad>` (PROFILE-pause-no-ad).
    case noAd = "no-ad"
    /// The first `<Ad>` has neither `<InLine>` nor `<Wrapper>` (PROFILE-pause-nonlinear-required).
    case noInLineOrWrapper = "no-inline-or-wrapper"
    /// The first ad is a Wrapper whose chain was not resolved (PROFILE-pause-wrapper-unresolved).
    case wrapperUnresolved = "wrapper-unresolved"
    /// The first ad has no `<NonLinear>` (PROFILE-pause-nonlinear-required).
    case noNonLinear = "no-nonlinear"
    /// A `<NonLinear apiFramework>` names VPAID, SIMID or MRAID (PROFILE-pause-static-image-type).
    case nonLinearAPIFramework = "nonlinear-api-framework"
    /// Its `<Creative apiFramework>` names VPAID, SIMID or MRAID (PROFILE-pause-static-image-type).
    case creativeAPIFramework = "creative-api-framework"
    /// A `<NonLinear>` without a non-empty PNG or JPEG `<StaticResource>` (PROFILE-pause-static-image-type).
    case noStaticImage = "no-static-image"
    /// The input is not a VAST response (PROFILE-input-not-applicable).
    case notVAST = "not-vast"
}

/// What the pause-ad flow would do with a VAST response (pause-ads.txt).
public struct PauseEvaluation: Sendable, Codable, Hashable {
    /// A pause ad would show.
    public var eligible: Bool
    /// The verdict in words, naming the creative that would show or every reason it would not.
    public var verdict: String
    /// Every reason the tag cannot show (empty when eligible).
    public var reasons: [String]
    /// The cause of each reason, in the same order (empty when eligible).
    public var causes: [PauseCause] = []
    /// The creative that would show.
    public var creative: PauseCreative?
    /// Path of the ad used (the first ad of the pod) in its document, and the hop of that document.
    public var adPath: String?
    public var adHop: Int?
    /// Tracking URLs per event, every hop included: impression, creativeView, click, close,
    /// overlayViewDuration, notUsed, error. Every key is present, possibly with an empty list.
    public var pixels: [String: [ProfilePixel]]
    public var diagnostics: [Diagnostic]
    /// The documents end at a Wrapper: whether an ad shows depends on a tag that was not resolved.
    public var unresolved: Bool
    /// The video the creative also carries, with a known Duration (VAST 4.4 or the ctv_ad_portfolio extension);
    /// absent when it has none. Shown only by a player that plays video (`conform simulate --play-video`).
    public var video: PauseVideo?

    public init(eligible: Bool, verdict: String, reasons: [String], creative: PauseCreative?, adPath: String?, adHop: Int?,
                pixels: [String: [ProfilePixel]], diagnostics: [Diagnostic], unresolved: Bool = false) {
        self.unresolved = unresolved
        self.eligible = eligible
        self.verdict = verdict
        self.reasons = reasons
        self.creative = creative
        self.adPath = adPath
        self.adHop = adHop
        self.pixels = pixels
        self.diagnostics = diagnostics
    }
}

/// Pause-ad eligibility and tracking.
public enum PauseProfile {
    /// The tracking events a pause ad fires, in the order reports list them.
    public static let pixelEvents = ["impression", "creativeView", "click", "close", "overlayViewDuration", "notUsed", "error"]

    /// The time-based events of a video pause creative, in the order they fire.
    public static let videoEvents = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]

    /// The creative types the pause-ad renderer accepts.
    public static let supportedImageTypes: Set<String> = ["image/png", "image/jpeg"]

    /// The ad a pod-aware player uses first: the lowest `sequence` when any ad has one, else the first ad.
    static func firstAdIndex(_ ads: [Ad]) -> Int? {
        guard !ads.isEmpty else { return nil }
        let sequenced = ads.indices.filter { ads[$0].sequence?.value != nil }
        if let best = sequenced.min(by: { ads[$0].sequence!.value! < ads[$1].sequence!.value! }) { return best }
        return 0
    }

    /// Why a NonLinear cannot be shown as a pause ad, or its supported image.
    /// The image a pause ad shows: its URL node, MIME type, and `MediaFile` when it comes from a 4.4 `<MediaFiles>`.
    struct Image {
        var content: TextNode
        var creativeType: String?
        var element: String?
        var fromExtension = false
    }

    /// The ctv_ad_portfolio extension of `body` that describes `creative`, if any.
    static func portfolio(describing creative: Creative, in body: AdBody) -> CTVAdPortfolio? {
        body.ctvAdPortfolios.first { $0.creative(in: body)?.path == creative.path }
    }

    /// The image MediaFile of a ctv_ad_portfolio extension, if it has one.
    static func extensionImage(_ portfolio: CTVAdPortfolio) -> Image? {
        guard let file = portfolio.nonLinear?.mediaFiles.first(where: {
            supportedImageTypes.contains(($0.type ?? "").lowercased()) && !$0.url.value.isEmpty
        }) else { return nil }
        return Image(content: file.url, creativeType: file.type, element: "MediaFile", fromExtension: true)
    }

    /// The tracking and click tracking of a ctv_ad_portfolio extension (VAST 2.0 to 4.3), as the NonLinear's.
    static func collectExtension(_ portfolio: CTVAdPortfolio, hop: Int, into pixels: inout [String: [ProfilePixel]]) {
        collectTracking(portfolio.nonLinearAds.trackingEvents, hop: hop, into: &pixels)
        for nonLinear in portfolio.nonLinearAds.nonLinears {
            for node in nonLinear.clickTrackings { pixels["click", default: []].append(ProfilePixel(node, hop: hop)) }
        }
    }

    static func check(_ nonLinear: NonLinear, in creative: Creative) -> (resource: Image?, reason: String?, cause: PauseCause?) {
        for (framework, cause) in [(nonLinear.apiFramework, PauseCause.nonLinearAPIFramework), (creative.apiFramework, .creativeAPIFramework)] {
            guard let framework else { continue }
            let upper = framework.uppercased()
            if upper == "VPAID" || upper == "SIMID" || upper == "MRAID" {
                return (nil, "is a \(upper) creative (apiFramework=\"\(framework)\"); pause ads show static PNG or JPEG images only", cause)
            }
        }
        if let image = nonLinear.resources.first(where: {
            $0.kind == .staticResource && supportedImageTypes.contains(($0.creativeType ?? "").lowercased()) && !$0.content.value.isEmpty
        }) {
            return (Image(content: image.content, creativeType: image.creativeType), nil, nil)
        }
        // VAST 4.4 (§3.12.3): the image may come as a MediaFile of the NonLinear's MediaFiles instead. The
        // player shows static images only, so a video (a cinemagraph) or a SIMID file there is not shown.
        if let file = nonLinear.mediaFiles.first(where: {
            supportedImageTypes.contains(($0.type ?? "").lowercased()) && !$0.url.value.isEmpty
        }) {
            return (Image(content: file.url, creativeType: file.type, element: "MediaFile"), nil, nil)
        }
        var found: [String] = []
        for file in nonLinear.mediaFiles {
            let type = file.type ?? "(none)"
            found.append(type.lowercased().hasPrefix("video/") ? "a video MediaFile of type \"\(type)\" (a cinemagraph)" : "a MediaFile of type \"\(type)\"")
        }
        for file in nonLinear.interactiveCreativeFiles {
            found.append("an InteractiveCreativeFile\(file.apiFramework.map { " (\($0))" } ?? "")")
        }
        for resource in nonLinear.resources {
            switch resource.kind {
            case .staticResource:
                if resource.content.value.isEmpty {
                    found.append("an empty StaticResource")
                } else {
                    let type = resource.creativeType ?? "(none)"
                    let hint = type.lowercased() == "image/jpg" ? " (the MIME type of JPEG is image/jpeg)" : ""
                    found.append("a StaticResource of type \"\(type)\"\(hint)")
                }
            case .html: found.append("an HTMLResource")
            case .iframe: found.append("an IFrameResource")
            }
        }
        let has = found.isEmpty ? "has no resource" : "has only \(found.joined(separator: ", "))"
        let need = nonLinear.mediaFiles.isEmpty && nonLinear.interactiveCreativeFiles.isEmpty
            ? "a StaticResource of type image/png or image/jpeg" : "a StaticResource or MediaFile of type image/png or image/jpeg"
        return (nil, "\(has); pause ads need \(need)", .noStaticImage)
    }

    /// Evaluates a response, or a resolved chain: `documents[0]` is the tag as requested, each following
    /// document is the response of the previous one's first ad's `VASTAdTagURI`, the last one holds the InLine.
    public static func evaluate(_ documents: [VASTDocument]) -> PauseEvaluation {
        var diagnostics: [Diagnostic] = []
        var reasons: [String] = []
        var causes: [PauseCause] = []
        var pixels: [String: [ProfilePixel]] = Dictionary(uniqueKeysWithValues: pixelEvents.map { ($0, []) })
        // The time-based tracking of every hop and extension, for a video the creative may carry.
        var timed: [String: [ProfilePixel]] = Dictionary(uniqueKeysWithValues: videoEvents.map { ($0, []) })
        func collectTimed(_ nonLinearAds: NonLinearAds, hop: Int) {
            for event in nonLinearAds.trackingEvents {
                guard let name = event.event, timed[name] != nil else { continue }
                timed[name, default: []].append(ProfilePixel(event.url, hop: hop))
            }
        }
        var video: PauseVideo?
        func fail(_ rule: RuleDescription, _ message: String, cause: PauseCause? = nil, at position: SourcePosition?, path: String?, hop: Int) {
            var details: [String: String] = [:]
            if hop > 0 { details["hop"] = String(hop) }
            diagnostics.append(rule.diagnostic(message, at: position, path: path, details: details))
            if rule.severity == .error || rule.id == ProfileRules.pauseWrapperUnresolved.id {
                reasons.append(message)
                if let cause { causes.append(cause) }
            }
        }

        var inLineAd: Ad?
        var inLineHop = 0
        var unresolved = false
        for (hop, document) in documents.enumerated() {
            guard let index = firstAdIndex(document.ads) else {
                for node in document.errors { pixels["error", default: []].append(ProfilePixel(node, hop: hop)) }
                fail(ProfileRules.pauseNoAd, "the response has no <Ad>: no pause ad can show (the player reports a no-ad response)",
                     cause: .noAd, at: document.position, path: document.path, hop: hop)
                break
            }
            let ad = document.ads[index]
            for (other, ignored) in document.ads.enumerated() where other != index {
                fail(ProfileRules.pauseFirstAdOnly,
                     "only the first ad of the pod is used for a pause ad; this <Ad>\(ignored.id.map { " id=\"\($0)\"" } ?? "") is ignored",
                     at: ignored.position, path: ignored.path, hop: hop)
            }
            guard let body = ad.body else {
                fail(ProfileRules.pauseNonLinearRequired, "the first <Ad> has neither <InLine> nor <Wrapper>",
                     cause: .noInLineOrWrapper, at: ad.position, path: ad.path, hop: hop)
                break
            }
            for node in body.impressions { pixels["impression", default: []].append(ProfilePixel(node, hop: hop)) }
            for node in body.errors { pixels["error", default: []].append(ProfilePixel(node, hop: hop)) }
            if ad.inLine == nil {
                // A Wrapper hop: its NonLinear tracking and click tracking apply to the ad it wraps.
                for creative in body.creatives {
                    guard let nonLinearAds = creative.nonLinearAds else { continue }
                    collectTimed(nonLinearAds, hop: hop)
                    collectTracking(nonLinearAds.trackingEvents, hop: hop, into: &pixels)
                    for nonLinear in nonLinearAds.nonLinears {
                        for node in nonLinear.clickTrackings { pixels["click", default: []].append(ProfilePixel(node, hop: hop)) }
                    }
                }
                for portfolio in body.ctvAdPortfolios {
                    collectExtension(portfolio, hop: hop, into: &pixels)
                    collectTimed(portfolio.nonLinearAds, hop: hop)
                }
                if hop == documents.count - 1 {
                    unresolved = true
                    fail(ProfileRules.pauseWrapperUnresolved,
                         "the first ad is a <Wrapper>\(body.vastAdTagURI.map { " to \($0.value)" } ?? ""); whether it shows depends on the tag it wraps (resolve the chain)",
                         cause: .wrapperUnresolved, at: body.position, path: body.path, hop: hop)
                }
                continue
            }
            inLineAd = ad
            inLineHop = hop
            break
        }

        var chosen: PauseCreative?
        if let ad = inLineAd, let body = ad.inLine {
            let hop = inLineHop
            var candidates: [(NonLinear, Creative, Image)] = []
            var rejected: [(NonLinear, String, PauseCause?)] = []
            for creative in body.creatives {
                let portfolio = portfolio(describing: creative, in: body)
                for nonLinear in creative.nonLinearAds?.nonLinears ?? [] {
                    var result = check(nonLinear, in: creative)
                    // VAST 2.0 to 4.3: the ctv_ad_portfolio extension may carry the image as a MediaFile, for a
                    // NonLinear whose own resources the player cannot show.
                    if result.resource == nil, result.cause == .noStaticImage, let image = portfolio.flatMap(extensionImage) {
                        result = (image, nil, nil)
                    }
                    if let resource = result.resource {
                        candidates.append((nonLinear, creative, resource))
                    } else if let reason = result.reason {
                        rejected.append((nonLinear, reason, result.cause))
                    }
                }
            }
            if let (nonLinear, creative, resource) = candidates.first {
                let portfolio = portfolio(describing: creative, in: body)
                chosen = PauseCreative(
                    id: nonLinear.id, imageURL: resource.content.value, creativeType: (resource.creativeType ?? "").lowercased(),
                    width: nonLinear.width?.value, height: nonLinear.height?.value, clickThrough: nonLinear.clickThrough?.value,
                    hop: hop, position: nonLinear.position, path: nonLinear.path,
                    element: resource.element, fromExtension: resource.fromExtension ? true : nil,
                    qrCode: PauseQRCode.first(in: creative.creativeExtensions, fromExtension: false)
                        ?? portfolio.flatMap { PauseQRCode.first(in: $0.creativeExtensions, fromExtension: true) })
                if let nonLinearAds = creative.nonLinearAds {
                    collectTracking(nonLinearAds.trackingEvents, hop: hop, into: &pixels)
                }
                for node in nonLinear.clickTrackings { pixels["click", default: []].append(ProfilePixel(node, hop: hop)) }
                if let portfolio { collectExtension(portfolio, hop: hop, into: &pixels) }
                if let nonLinearAds = creative.nonLinearAds { collectTimed(nonLinearAds, hop: hop) }
                if let portfolio { collectTimed(portfolio.nonLinearAds, hop: hop) }
                video = videoOf(nonLinear, portfolio: portfolio, pixels: timed)
                for (alternative, _, _) in candidates.dropFirst() {
                    fail(ProfileRules.pauseNoFallback,
                         "this <NonLinear> is never shown: if the creative at \(nonLinear.position) fails, the player does not fall back to another creative of the response",
                         at: alternative.position, path: alternative.path, hop: hop)
                }
            } else if rejected.isEmpty {
                fail(ProfileRules.pauseNonLinearRequired,
                     "the first ad has no <NonLinear> creative; pause ads show a NonLinear static image",
                     cause: .noNonLinear, at: body.position, path: body.path, hop: hop)
            } else {
                for (nonLinear, reason, cause) in rejected {
                    fail(ProfileRules.pauseStaticImageType, "this <NonLinear> \(reason)", cause: cause,
                         at: nonLinear.position, path: nonLinear.path, hop: hop)
                }
            }
        }

        let eligible = chosen != nil && reasons.isEmpty
        let verdict: String
        if let chosen, eligible {
            verdict = "eligible: shows \(chosen.label)"
        } else {
            verdict = "not eligible: " + (reasons.isEmpty ? "no pause creative" : reasons.joined(separator: "; "))
        }
        var evaluation = PauseEvaluation(
            eligible: eligible, verdict: verdict, reasons: eligible ? [] : reasons, creative: eligible ? chosen : nil,
            adPath: inLineAd?.path, adHop: inLineAd == nil ? nil : inLineHop, pixels: pixels,
            diagnostics: diagnostics.sorted(), unresolved: unresolved)
        evaluation.causes = eligible ? [] : causes
        evaluation.video = eligible ? video : nil
        return evaluation
    }

    /// The video MediaFile of the shown NonLinear (its own 4.4 MediaFiles first, then the extension's) with a
    /// known Duration (the NonLinear's, else the extension's), or `nil`.
    static func videoOf(_ nonLinear: NonLinear, portfolio: CTVAdPortfolio?, pixels: [String: [ProfilePixel]]) -> PauseVideo? {
        let duration = (nonLinear.duration?.value ?? portfolio?.nonLinear?.duration?.value)?.seconds
        guard let duration, duration > 0 else { return nil }
        let isVideo: (MediaFile) -> Bool = { ($0.type ?? "").lowercased().hasPrefix("video/") && !$0.url.value.isEmpty }
        if let file = nonLinear.mediaFiles.first(where: isVideo) {
            return PauseVideo(url: file.url.value, type: file.type, durationSeconds: duration, fromExtension: nil, pixels: pixels)
        }
        if let file = portfolio?.nonLinear?.mediaFiles.first(where: isVideo) {
            return PauseVideo(url: file.url.value, type: file.type, durationSeconds: duration, fromExtension: true, pixels: pixels)
        }
        return nil
    }

    static func collectTracking(_ events: [TrackingEvent], hop: Int, into pixels: inout [String: [ProfilePixel]]) {
        for event in events {
            guard let name = event.event, pixelEvents.contains(name), name != "impression", name != "error", name != "click" else { continue }
            pixels[name, default: []].append(ProfilePixel(event.url, hop: hop))
        }
    }
}
