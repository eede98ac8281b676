import ConformCore
import VAST

/// A creative format the companion presentation can render.
public enum CompanionFormat: String, Sendable, Codable, Hashable, CaseIterable, Comparable {
    /// The native IMA companion slot (fixed size, iOS only).
    case standard
    case carousel
    case customCTA

    public static func < (lhs: CompanionFormat, rhs: CompanionFormat) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A fixed slot size in points, such as 320x50 (iPhone) or 728x90 (iPad).
public struct SlotSize: Sendable, Codable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `320x50` (also `320×50`).
    public init?(parsing raw: String) {
        let parts = raw.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }
}

/// The device orientation, which `.automatic` presentation mode follows.
public enum Orientation: String, Sendable, Codable, Hashable, CaseIterable { case portrait, landscape }

/// `presentationMode`: `.automatic` follows the device orientation.
public enum PresentationMode: String, Sendable, Codable, Hashable, CaseIterable { case automatic, portrait, landscape, fullscreen }

/// The platform the app runs on; tvOS has no native IMA companion slot.
public enum Platform: String, Sendable, Codable, Hashable, CaseIterable { case iOS, tvOS }

/// The presentation's configuration (`CompanionConfiguration` plus the presenter's `standardSlotSize`,
/// the orientation and the platform). Defaults follow the reference: all formats, 320x50, portrait, iOS.
public struct CompanionConfiguration: Sendable, Codable, Hashable {
    public var formats: Set<CompanionFormat>
    /// `nil`: no fixed native IMA slot.
    public var standardSlotSize: SlotSize?
    public var orientation: Orientation
    public var presentationMode: PresentationMode
    public var platform: Platform
    public var persistCarouselAfterAd: Bool
    /// Image URLs that fail to load (`*` stands for every image), to ask "what if the image fails".
    public var failedImages: [String]

    public init(formats: Set<CompanionFormat> = Set(CompanionFormat.allCases), standardSlotSize: SlotSize? = SlotSize(width: 320, height: 50),
                orientation: Orientation = .portrait, presentationMode: PresentationMode = .automatic,
                platform: Platform = .iOS, persistCarouselAfterAd: Bool = false, failedImages: [String] = []) {
        self.formats = formats
        self.standardSlotSize = standardSlotSize
        self.orientation = orientation
        self.presentationMode = presentationMode
        self.platform = platform
        self.persistCarouselAfterAd = persistCarouselAfterAd
        self.failedImages = failedImages
    }

    /// The mode carousels are judged in: the forced mode, or the orientation when automatic.
    public var effectiveMode: PresentationMode {
        presentationMode == .automatic ? (orientation == .portrait ? .portrait : .landscape) : presentationMode
    }

    func fails(_ url: String) -> Bool { failedImages.contains("*") || failedImages.contains(url) }

    /// Encodes `formats` sorted, so the output is the same on every run.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formats.sorted(), forKey: .formats)
        try container.encodeIfPresent(standardSlotSize, forKey: .standardSlotSize)
        try container.encode(orientation, forKey: .orientation)
        try container.encode(presentationMode, forKey: .presentationMode)
        try container.encode(platform, forKey: .platform)
        try container.encode(persistCarouselAfterAd, forKey: .persistCarouselAfterAd)
        try container.encode(failedImages, forKey: .failedImages)
    }
}

/// What the presentation displays for an ad.
public enum CompanionDisplay: String, Sendable, Codable, Hashable {
    case carousel, customCTA
    /// The native IMA slot, fed by a `<Companion>` of exactly the slot size.
    case standard
    /// Nothing: the container stays empty.
    case none
}

/// The fallback an ad's presentation took when no in-house creative shows, for expectations that pin it.
public enum CompanionFallback: String, Sendable, Codable, Hashable {
    /// None needed: an in-house format (carousel, custom CTA) shows.
    case none
    /// The native slot shows a `<Companion>` of its size.
    case standardSlot = "standard-slot"
    /// The native slot is there, but no `<Companion>` of its size has a resource: nothing shows.
    case noMatchingCompanion = "no-matching-companion"
    /// No native slot to fall back to (the standard format off, no slot size, tvOS): nothing shows.
    case noNativeSlot = "no-native-slot"
}

/// The `<Companion>` that feeds the native slot.
public struct ChosenCompanion: Sendable, Codable, Hashable {
    public var id: String?
    public var width: Int
    public var height: Int
    /// StaticResource, IFrameResource or HTMLResource.
    public var resource: String
    /// The resource's content (a URL, or HTML).
    public var resourceContent: String
    /// `CompanionClickThrough`, if any.
    public var clickThrough: String?
    public var position: SourcePosition
    public var path: String
}

/// The takeover parameters of an ad, and what the app must do with them (takeovers are not a
/// presentation format; the SDK does not parse them).
public struct TakeoverReport: Sendable, Codable, Hashable {
    /// `in-video` (ad_type=webview) or `contextual / ads under a tab` (ad_type=takeoverAds).
    public var type: String
    public var fields: [String: String]
    public var appResponsibilities: [String]
    public var notes: [String]
}

/// When a contextual-ad callback fires.
public struct ContextualCallback: Sendable, Codable, Hashable {
    /// The boundary position the callback receives, in seconds of stream time.
    public var position: Double
    /// When it fires: the position minus the lead time, not before 0.
    public var firesAt: Double
    public var note: String?
}

/// The presentation's decision for one ad of the response.
public struct CompanionAdDecision: Sendable, Codable, Hashable {
    public var adPath: String
    public var adID: String?
    /// In-house format the parameters describe (`customCTA`, `carousel`, `takeover`), if any.
    public var detectedFormat: String?
    public var parametersAccepted: Bool?
    public var display: CompanionDisplay
    public var companion: ChosenCompanion?
    /// What the viewer sees: the creative's fields as displayed (title, button text with its default, images, …).
    public var content: [String: String]?
    /// Presentation events, in order (capabilityLimited, assetFailed, displayDecision, then cleared or retained).
    public var events: [String]
    /// Every reason for the decision, fallbacks included.
    public var reasons: [String]
    /// What happens after the ad ends and content resumes.
    public var afterAd: String
    public var takeover: TakeoverReport?
    /// The fallback taken; `nil` in reports written before it was recorded.
    public var fallback: CompanionFallback?
}

/// The companion profile's answer for a response.
public struct CompanionEvaluation: Sendable, Codable, Hashable {
    public var configuration: CompanionConfiguration
    /// The first ad's display (the one a single-ad tag shows).
    public var decision: CompanionDisplay
    public var verdict: String
    public var reasons: [String]
    public var ads: [CompanionAdDecision]
    /// Contextual-ad callbacks, when boundaries were given.
    public var contextual: [ContextualCallback]?
    public var contextualResponsibilities: [String]?
    /// The findings (not encoded: a `ProfileReport` carries them once, at its top level).
    public var diagnostics: [Diagnostic] = []

    enum CodingKeys: String, CodingKey {
        case configuration, decision, verdict, reasons, ads, contextual, contextualResponsibilities
    }
}

/// The companion presentation decision (companion-ads-and-trafficking-parameters.txt).
public enum CompanionProfile {
    /// The parameters the presentation reads: the Linear's AdParameters, else a NonLinear's.
    static func adParameters(_ body: AdBody) -> AdParameters? {
        for creative in body.creatives { if let p = creative.linear?.adParameters { return p } }
        for creative in body.creatives {
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] { if let p = nonLinear.adParameters { return p } }
        }
        return nil
    }

    /// Evaluates every ad of a response (pod order) against the configuration.
    /// - Parameter readParameters: reads an `AdParameters` string (default ``CompanionParameters/read(_:)``).
    public static func evaluate(_ vast: VASTDocument, options: ProfileOptions,
                                readParameters: (String) -> CompanionParameters? = CompanionParameters.read) -> CompanionEvaluation {
        let configuration = options.companion
        var diagnostics: [Diagnostic] = []
        var decisions: [CompanionAdDecision] = []
        let order = vast.ads.indices.sorted {
            let a = vast.ads[$0].sequence?.value ?? Int.max, b = vast.ads[$1].sequence?.value ?? Int.max
            return (a, $0) < (b, $1)
        }
        for index in order {
            let ad = vast.ads[index]
            guard let body = ad.body else { continue }
            if ad.inLine == nil {
                diagnostics.append(ProfileRules.companionWrapperUnresolved.diagnostic(
                    "this ad is a <Wrapper>: its companions and parameters come from the tag it wraps (resolve the chain)",
                    at: body.position, path: body.path))
                continue
            }
            let (decision, found) = decide(body, ad: ad, configuration: configuration, readParameters: readParameters)
            decisions.append(decision)
            diagnostics += found
        }
        var contextual: [ContextualCallback]?
        var responsibilities: [String]?
        if !options.boundaries.isEmpty {
            contextual = contextualCallbacks(positions: options.boundaries, leadTimeMilliseconds: options.leadTimeMilliseconds)
            responsibilities = [
                "register a playhead boundary observer for each playback with these positions",
                "handle a nil token: registration can return no observer",
                "parse the contextual ad data and render it; the observer reports timing only",
                "remove the observer when playback completes or the user stops playback",
            ]
        }
        let first = decisions.first
        let decision = first?.display ?? .none
        var verdict: String
        if let first {
            verdict = describe(first)
            if decisions.count > 1 {
                verdict += " (first of \(decisions.count) ads: " + decisions.map(\.display.rawValue).joined(separator: ", ") + ")"
            }
        } else {
            verdict = vast.ads.isEmpty ? "none: the response has no ad" : "none: no InLine ad to present (resolve the wrappers)"
        }
        var evaluation = CompanionEvaluation(
            configuration: configuration, decision: decision, verdict: verdict, reasons: first?.reasons ?? [verdict],
            ads: decisions, contextual: contextual, contextualResponsibilities: responsibilities)
        evaluation.diagnostics = diagnostics.sorted()
        return evaluation
    }

    static func describe(_ decision: CompanionAdDecision) -> String {
        switch decision.display {
        case .carousel: "carousel (from the trafficking parameters)"
        case .customCTA: "custom CTA (from the trafficking parameters)"
        case .standard:
            "standard native slot with the \(decision.companion.map { "\($0.width)x\($0.height) <Companion>\($0.id.map { " id=\"\($0)\"" } ?? "")" } ?? "companion")"
        case .none: "none: " + (decision.reasons.last ?? "nothing to display")
        }
    }

    static func decide(_ body: AdBody, ad: Ad, configuration: CompanionConfiguration,
                       readParameters: (String) -> CompanionParameters?) -> (CompanionAdDecision, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var reasons: [String] = []
        var events: [String] = []
        let parametersNode = adParameters(body)
        let parameters = parametersNode.flatMap { readParameters($0.decoded) }
        let at = parametersNode?.position ?? body.position
        let atPath = parametersNode?.path ?? body.path
        let slotConfigured = configuration.formats.contains(.standard) && configuration.standardSlotSize != nil
        let slotAvailable = slotConfigured && configuration.platform == .iOS
        if configuration.platform == .tvOS {
            events.append("capabilityLimited")
            let message = "tvOS has no native IMA companion slot (prepareSlots returns no slot; capabilityLimited)"
            reasons.append(message)
            diagnostics.append(ProfileRules.companionNativeSlotUnavailable.diagnostic(message, at: body.position, path: body.path))
        }

        var display: CompanionDisplay?
        var takeover: TakeoverReport?
        if let parameters, let format = parameters.format {
            switch format {
            case .takeover:
                takeover = takeoverReport(parameters)
                let message = "the parameters describe a takeover (ad_type=\(parameters.fields["ad_type"] ?? "")): not a presentation format; the app parses and renders it"
                reasons.append(message)
                diagnostics.append(ProfileRules.companionTakeoverAppOwned.diagnostic(message, at: at, path: atPath))
            case .customCTA, .carousel:
                let name: CompanionFormat = format == .carousel ? .carousel : .customCTA
                let label = format == .carousel ? "carousel" : "custom CTA"
                if !parameters.accepted {
                    let message = "the \(label) parameters are rejected (\(parameters.problems.joined(separator: "; "))): no in-house creative"
                    reasons.append(message)
                    diagnostics.append(ProfileRules.companionParametersRejected.diagnostic(message, at: at, path: atPath))
                } else if !configuration.formats.contains(name) {
                    let message = "the \(label) format is not enabled in the configuration's formats"
                    reasons.append(message)
                    diagnostics.append(ProfileRules.companionFormatDisabled.diagnostic(message, at: at, path: atPath))
                } else if name == .carousel && configuration.effectiveMode != .portrait {
                    let message = "carousels are portrait-only; the presentation is in \(configuration.effectiveMode.rawValue) mode"
                    reasons.append(message)
                    diagnostics.append(ProfileRules.companionCarouselLandscape.diagnostic(message, at: at, path: atPath))
                } else {
                    var failed = parameters.requiredImages.filter(configuration.fails)
                    if name == .carousel, !parameters.carouselImages.isEmpty, parameters.carouselImages.allSatisfy(configuration.fails) {
                        failed.append("every carousel_images entry")
                    }
                    if failed.isEmpty {
                        display = name == .carousel ? .carousel : .customCTA
                        reasons.append("the \(label) parameters are accepted and the \(label) format is enabled")
                    } else {
                        events.append("assetFailed")
                        let message = "a required \(label) image fails to load (\(failed.joined(separator: ", ")))"
                        reasons.append(message)
                        diagnostics.append(ProfileRules.companionImageFailed.diagnostic(message, at: at, path: atPath))
                    }
                }
            }
        }

        var chosen: ChosenCompanion?
        var fallback = CompanionFallback.none
        if display == nil {
            if parameters?.format == nil || parameters?.format == .takeover {
                reasons.append("no eligible in-house creative (no custom CTA or carousel parameters)")
            }
            if slotAvailable, let size = configuration.standardSlotSize {
                let companions = body.creatives.flatMap { $0.companionAds?.companions ?? [] }
                if let match = companions.first(where: { $0.width?.value == size.width && $0.height?.value == size.height && !$0.resources.isEmpty }) {
                    display = .standard
                    fallback = .standardSlot
                    chosen = ChosenCompanion(id: match.id, width: size.width, height: size.height,
                                             resource: match.resources[0].kind.rawValue, resourceContent: match.resources[0].content.value,
                                             clickThrough: match.clickThrough?.value, position: match.position, path: match.path)
                    reasons.append("falls back to the standard native slot with the \(size) <Companion>")
                } else {
                    let sizes = companions.compactMap { c -> String? in
                        guard let w = c.width?.raw, let h = c.height?.raw else { return nil }
                        return "\(w)x\(h)"
                    }
                    let have = sizes.isEmpty ? "the ad has no <Companion>" : "the ad's companions are \(sizes.joined(separator: ", "))"
                    let message = "no <Companion> of exactly the \(size) slot size with a resource (\(have)): nothing is displayed"
                    fallback = .noMatchingCompanion
                    reasons.append(message)
                    let anchor = body.creatives.first(where: { $0.companionAds != nil })?.companionAds
                    diagnostics.append(ProfileRules.companionNoDisplay.diagnostic(
                        message, at: anchor?.position ?? body.position, path: anchor?.path ?? body.path))
                }
            } else {
                var why: [String] = []
                if !configuration.formats.contains(.standard) { why.append("the standard format is not enabled") }
                if configuration.standardSlotSize == nil { why.append("no standard slot size is configured") }
                if configuration.platform == .tvOS { why.append("tvOS has no native slot") }
                fallback = .noNativeSlot
                reasons.append("no native slot fallback (\(why.joined(separator: ", "))): nothing is displayed")
            }
        }
        let final = display ?? CompanionDisplay.none
        events.append("displayDecision")
        let afterAd: String
        if final == .carousel && configuration.persistCarouselAfterAd {
            events.append("retained")
            afterAd = "the carousel stays visible after the ad (persistCarouselAfterAd)"
        } else if final == .none {
            afterAd = "nothing to clear"
        } else {
            events.append("cleared")
            afterAd = "cleared when content resumes"
        }
        let decision = CompanionAdDecision(
            adPath: ad.path, adID: ad.id, detectedFormat: parameters?.format?.rawValue,
            parametersAccepted: parameters?.format == nil ? nil : parameters?.accepted, display: final, companion: chosen,
            content: content(final, parameters: parameters, companion: chosen),
            events: events, reasons: reasons, afterAd: afterAd, takeover: takeover, fallback: fallback)
        return (decision, diagnostics)
    }

    /// The fields the viewer sees for a display decision.
    static func content(_ display: CompanionDisplay, parameters: CompanionParameters?, companion: ChosenCompanion?) -> [String: String]? {
        var out: [String: String] = [:]
        let fields = parameters?.fields ?? [:]
        func campaign() { if let c = fields["campaign"] ?? fields["campaign name"] { out["campaign"] = c } }
        switch display {
        case .customCTA:
            out["icon"] = fields["icon"] ?? fields["Icon"]
            out["title"] = fields["bannerTitle"]
            if let d = fields["bannerDescription"], !d.isEmpty { out["description"] = d }
            out["buttonText"] = (fields["ctaText"].flatMap { $0.isEmpty ? nil : $0 }) ?? "Learn more"
            out["destination"] = fields["ctaUrl"]
            if let url = fields["ctaUrl"], !CompanionParameters.isHTTP(url) {
                out["destinationHandling"] = "not HTTP or HTTPS: only the app's CompanionActions handler can open it"
            }
            campaign()
        case .carousel:
            out["banner"] = fields["carousel_banner"]
            out["brandIcon"] = fields["brand_icon"]
            out["title"] = fields["carousel_title"]
            out["description"] = fields["carousel_description"]
            out["images"] = parameters?.carouselImages.joined(separator: " ")
            out["imageCount"] = parameters.map { String($0.carouselImages.count) }
            if let text = fields["carousel_cta_text"], let url = fields["carousel_cta_url"] {
                out["buttonText"] = text
                out["destination"] = url
            }
            campaign()
        case .standard:
            guard let companion else { return nil }
            out["size"] = "\(companion.width)x\(companion.height)"
            out["resource"] = companion.resource
            out["resourceContent"] = companion.resourceContent
            if let click = companion.clickThrough { out["clickThrough"] = click }
        case .none:
            return nil
        }
        return out
    }

    static func takeoverReport(_ parameters: CompanionParameters) -> TakeoverReport {
        if parameters.fields["ad_type"] == "webview" {
            var notes = ["ad_type=webview is an Android convention; iOS handling is not confirmed"]
            if parameters.fields["Image_url"] != nil { notes.append("Image_url is the page URL, despite its name") }
            for key in ["campaign", "Image_url"] where parameters.fields[key] == nil { notes.append("\(key) is missing") }
            return TakeoverReport(
                type: "in-video", fields: parameters.fields,
                appResponsibilities: [
                    "read the ad's raw traffickingParameters (make them available as optional ad metadata if the ad model does not expose them)",
                    "parse the takeover fields by key, splitting each entry at its first =",
                    "validate the destination URL against the app's security policy before loading it",
                    "show and dismiss the takeover with the ad lifecycle (IMA ad events)",
                    "own the WebView lifecycle, click handling and takeover analytics",
                ],
                notes: notes)
        }
        var notes: [String] = []
        if parameters.fields["Takeover_ads_url"] == nil { notes.append("Takeover_ads_url is missing") }
        return TakeoverReport(
            type: "contextual / ads under a tab", fields: parameters.fields,
            appResponsibilities: [
                "parse the takeover metadata (Takeover_ads_url and, under a tab, redirection_url, sidelogo, c_title, thirdPartyImpression, thirdPartyClick, advertiser_name)",
                "contextual: render at the intended stream-time position using playhead boundaries",
                "under a tab: render in the app's page UI, not in the companion container",
                "validate destination URLs against the app's security policy",
            ],
            notes: notes)
    }

    /// When each contextual-ad callback fires: `leadTimeMs` before each position (not before 0), sorted.
    public static func contextualCallbacks(positions: [Double], leadTimeMilliseconds: Int) -> [ContextualCallback] {
        let lead = Double(leadTimeMilliseconds) / 1000
        return positions.sorted().map { position in
            let at = position - lead
            return ContextualCallback(
                position: position, firesAt: max(0, at),
                note: at < 0 ? "the lead time is longer than the position: fires when playback starts" : nil)
        }
    }
}
