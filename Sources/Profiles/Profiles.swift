import ConformCore
import VAST

// Profiles answer a trafficker's question for one player flow of the in-house reference documents:
// will this tag work there, what will the player show, and which pixels will fire. Each profile is
// pure: it takes a decoded input (and, for pause ads, the documents of a resolved wrapper chain) and
// returns a `ProfileReport`. Nothing here prints, reads files or opens the network.

/// The player flows conform can evaluate a tag against.
public enum ProfileName: String, Sendable, Codable, Hashable, CaseIterable, Comparable {
    /// Pause ads (`pause-ads.txt`): a static NonLinear image over paused content.
    case pause
    /// Companion presentation (`companion-ads-and-trafficking-parameters.txt`).
    case companion
    /// Server-side ad insertion ad model (`ssai-ad-integration.txt`).
    case ssai
    /// Pre-, mid- and post-roll schedule (`instream-pre-mid-post-roll.txt` and VMAP).
    case schedule
    /// CTV Ad Portfolio screensaver ads (VAST 4.4 §3.12, the ctv_ad_portfolio extension): a NonLinear shown in the
    /// app's or device's idle state.
    case screensaver
    /// CTV Ad Portfolio overlay ads: a NonLinear over playing content.
    case overlay
    /// CTV Ad Portfolio squeezeback ads: the content shrinks and the NonLinear fills the frame around it.
    case squeezeback
    /// CTV Ad Portfolio in-scene ads: a NonLinear placed within the content's scene.
    case inScene = "in-scene"

    /// One line: what the profile answers.
    public var summary: String {
        switch self {
        case .pause: "will the tag show as a pause ad, which creative, and which pixels fire"
        case .companion: "what the companion presentation displays: carousel, custom CTA, native slot or nothing"
        case .ssai: "the server-side ad model: ad breaks with their offset, and per linear ad its AdInit values"
        case .schedule: "the resolved pre-, mid- and post-roll times of a VMAP document"
        case .screensaver, .overlay, .squeezeback, .inScene:
            "will the tag show as a CTV \(rawValue) ad, which asset, for how long, and which events fire"
        }
    }

    public static func < (lhs: ProfileName, rhs: ProfileName) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Errors of the Profiles layer: a bad option, timeline or schedule description.
public enum ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `key=value` profile option that conform does not understand.
    case invalidOption(String)
    /// A simulator timeline that does not parse.
    case invalidTimeline(String)
    /// A schedule description that does not parse.
    case invalidSchedule(String)

    public var description: String {
        switch self {
        case .invalidOption(let message): "invalid profile option: \(message)"
        case .invalidTimeline(let message): "invalid timeline: \(message)"
        case .invalidSchedule(let message): "invalid schedule description: \(message)"
        }
    }
}

/// A tracking URL a player flow would request, with where it was written.
public struct ProfilePixel: Sendable, Codable, Hashable {
    /// The URL as written in the tag (macros not expanded).
    public var url: String
    /// Which document of the chain holds it: 0 for the first (outermost) document, counting up to the InLine.
    public var hop: Int
    /// 1-based line:column of the element in its document.
    public var position: SourcePosition?
    /// Element path in its document.
    public var path: String?

    public init(url: String, hop: Int, position: SourcePosition? = nil, path: String? = nil) {
        self.url = url
        self.hop = hop
        self.position = position
        self.path = path
    }

    init(_ node: TextNode, hop: Int) {
        self.init(url: node.value, hop: hop, position: node.position, path: node.path)
    }
}

/// The settings a profile evaluation uses. Every field has a default that matches the reference
/// documents' defaults; `conform` sets them from `key=value` options (see ``applying(_:)``).
public struct ProfileOptions: Sendable, Codable, Hashable {
    /// The companion presentation's configuration.
    public var companion: CompanionConfiguration
    /// Contextual-ad playhead boundaries in seconds of stream time (companion profile).
    public var boundaries: [Double]
    /// How long before each boundary the contextual callback fires, in milliseconds (default 0).
    public var leadTimeMilliseconds: Int
    /// Duration of the content in seconds; needed for percentages and `end` (schedule, SSAI of VMAP).
    public var contentDuration: Double?
    /// Times of the content's cue points in seconds, in order; `#n` resolves to the n-th (schedule, SSAI).
    public var cuePoints: [Double]
    /// Stream time in seconds of the ad break a plain VAST response becomes (SSAI; default 0, a pre-roll).
    public var breakOffset: Double
    /// Whether the CTV unit player runs SIMID interactive creatives (screensaver, overlay, squeezeback, in-scene;
    /// default true). Without SIMID it falls back to a ready-to-render MediaFile.
    public var simid: Bool = true

    public init(companion: CompanionConfiguration = CompanionConfiguration(), boundaries: [Double] = [],
                leadTimeMilliseconds: Int = 0, contentDuration: Double? = nil, cuePoints: [Double] = [],
                breakOffset: Double = 0, simid: Bool = true) {
        self.simid = simid
        self.companion = companion
        self.boundaries = boundaries
        self.leadTimeMilliseconds = leadTimeMilliseconds
        self.contentDuration = contentDuration
        self.cuePoints = cuePoints
        self.breakOffset = breakOffset
    }

    /// The keys ``applying(_:)`` understands, with their values, for help texts.
    public static let keys: [(key: String, values: String)] = [
        ("formats", "comma list of standard, carousel, customCTA (default: all three)"),
        ("slot", "standard native slot size WxH, e.g. 320x50 or 728x90, or none (default: 320x50)"),
        ("orientation", "portrait or landscape (default: portrait)"),
        ("mode", "presentation mode: automatic, portrait, landscape, fullscreen (default: automatic)"),
        ("platform", "iOS or tvOS (default: iOS)"),
        ("persist-carousel", "true or false: persistCarouselAfterAd (default: false)"),
        ("failed-images", "comma list of image URLs that fail to load, or * for all (default: none)"),
        ("boundaries", "comma list of contextual-ad boundary positions in seconds (default: none)"),
        ("lead-time-ms", "lead time of the contextual callbacks in milliseconds (default: 0)"),
        ("duration", "content duration, HH:MM:SS[.mmm] or seconds (default: unknown)"),
        ("cue-points", "comma list of cue point times in seconds, for #n offsets (default: none)"),
        ("break-offset", "stream time of the break a VAST response becomes, in seconds (default: 0)"),
        ("simid", "true or false: the CTV unit player runs SIMID interactive creatives (default: true)"),
    ]

    /// A copy with one `key=value` setting applied.
    /// - Throws: ``ProfileError/invalidOption(_:)`` for an unknown key or a value that does not parse.
    public func applying(_ setting: String) throws(ProfileError) -> ProfileOptions {
        guard let eq = setting.firstIndex(of: "=") else {
            throw .invalidOption("'\(setting)' is not key=value")
        }
        let key = String(setting[..<eq]).trimmingWhitespace()
        let value = String(setting[setting.index(after: eq)...]).trimmingWhitespace()
        var copy = self
        func list(_ raw: String) -> [String] {
            raw.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        func seconds(_ raw: String) throws(ProfileError) -> Double {
            guard let s = parseSeconds(raw) else { throw .invalidOption("\(key): '\(raw)' is not seconds or HH:MM:SS[.mmm] (at most \(maximumTimecode))") }
            return s
        }
        switch key {
        case "formats":
            var formats: [CompanionFormat] = []
            for name in list(value) {
                guard let format = CompanionFormat(rawValue: name) else {
                    throw .invalidOption("formats: unknown format '\(name)' (values: standard, carousel, customCTA)")
                }
                formats.append(format)
            }
            copy.companion.formats = Set(formats)
        case "slot":
            if value == "none" {
                copy.companion.standardSlotSize = nil
            } else {
                guard let size = SlotSize(parsing: value) else { throw .invalidOption("slot: '\(value)' is not WxH or none") }
                copy.companion.standardSlotSize = size
            }
        case "orientation":
            guard let orientation = Orientation(rawValue: value) else {
                throw .invalidOption("orientation: '\(value)' (values: portrait, landscape)")
            }
            copy.companion.orientation = orientation
        case "mode":
            guard let mode = PresentationMode(rawValue: value) else {
                throw .invalidOption("mode: '\(value)' (values: automatic, portrait, landscape, fullscreen)")
            }
            copy.companion.presentationMode = mode
        case "platform":
            guard let platform = Platform.allCases.first(where: { $0.rawValue.lowercased() == value.lowercased() }) else {
                throw .invalidOption("platform: '\(value)' (values: iOS, tvOS)")
            }
            copy.companion.platform = platform
        case "persist-carousel":
            guard let flag = parseXMLBoolean(value) else { throw .invalidOption("persist-carousel: '\(value)' (values: true, false)") }
            copy.companion.persistCarouselAfterAd = flag
        case "failed-images":
            copy.companion.failedImages = list(value)
        case "boundaries":
            var positions: [Double] = []
            for item in list(value) { positions.append(try seconds(item)) }
            copy.boundaries = positions
        case "lead-time-ms":
            guard let ms = Int(value), ms >= 0 else { throw .invalidOption("lead-time-ms: '\(value)' is not a non-negative integer") }
            copy.leadTimeMilliseconds = ms
        case "duration":
            let duration = try seconds(value)
            // No content has no length: 0 would put every break past the end (a typo, or a live stream's placeholder).
            guard duration > 0 else { throw .invalidOption("duration must be more than 0 (leave it out when it is unknown)") }
            copy.contentDuration = duration
        case "cue-points":
            var times: [Double] = []
            for item in list(value) { times.append(try seconds(item)) }
            copy.cuePoints = times
        case "break-offset":
            copy.breakOffset = try seconds(value)
        case "simid":
            guard let flag = parseXMLBoolean(value) else { throw .invalidOption("simid: '\(value)' (values: true, false)") }
            copy.simid = flag
        default:
            throw .invalidOption("unknown key '\(key)' (keys: \(Self.keys.map(\.key).joined(separator: ", ")))")
        }
        return copy
    }
}

extension ProfileOptions {
    /// The `key=value` settings that turn the default options into these, in the order of ``keys``
    /// (a key whose value is the default is left out): `ProfileOptions()` with each setting
    /// ``applying(_:)`` in turn equals `self`. Corpus cases and generated rule examples carry options
    /// in this form.
    public var settings: [String] {
        let defaults = ProfileOptions()
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        var out: [String] = []
        if companion.formats != defaults.companion.formats {
            out.append("formats=" + companion.formats.sorted().map(\.rawValue).joined(separator: ","))
        }
        if companion.standardSlotSize != defaults.companion.standardSlotSize {
            out.append("slot=" + (companion.standardSlotSize?.description ?? "none"))
        }
        if companion.orientation != defaults.companion.orientation { out.append("orientation=\(companion.orientation.rawValue)") }
        if companion.presentationMode != defaults.companion.presentationMode { out.append("mode=\(companion.presentationMode.rawValue)") }
        if companion.platform != defaults.companion.platform { out.append("platform=\(companion.platform.rawValue)") }
        if companion.persistCarouselAfterAd != defaults.companion.persistCarouselAfterAd {
            out.append("persist-carousel=\(companion.persistCarouselAfterAd)")
        }
        if companion.failedImages != defaults.companion.failedImages {
            out.append("failed-images=" + companion.failedImages.joined(separator: ","))
        }
        if boundaries != defaults.boundaries { out.append("boundaries=" + boundaries.map(number).joined(separator: ",")) }
        if leadTimeMilliseconds != defaults.leadTimeMilliseconds { out.append("lead-time-ms=\(leadTimeMilliseconds)") }
        if let contentDuration, contentDuration != defaults.contentDuration { out.append("duration=" + number(contentDuration)) }
        if cuePoints != defaults.cuePoints { out.append("cue-points=" + cuePoints.map(number).joined(separator: ",")) }
        if breakOffset != defaults.breakOffset { out.append("break-offset=" + number(breakOffset)) }
        if simid != defaults.simid { out.append("simid=\(simid)") }
        return out
    }

    /// The default options with every setting of `settings` applied in order.
    /// - Throws: ``ProfileError/invalidOption(_:)`` for the first setting that does not apply.
    public init(settings: [String]) throws(ProfileError) {
        var options = ProfileOptions()
        for setting in settings { options = try options.applying(setting) }
        self = options
    }
}

/// The longest time, in seconds, that profile options, timelines and schedule descriptions take: the largest
/// VAST can write (`999999999:59:59.999`, nine digits of hours). A longer number of seconds is refused, so
/// that no profile computes with times beyond any content or with an infinite one.
public let maximumSeconds: Double = 3_599_999_999_999.999

/// ``maximumSeconds`` as VAST writes it, for messages.
public let maximumTimecode = "999999999:59:59.999"

/// Parses a time given as seconds (`90`, `12.5`) or as `HH:MM:SS[.mmm]`; `nil` otherwise, when negative, or
/// when longer than ``maximumSeconds``.
public func parseSeconds(_ raw: String) -> Double? {
    let trimmed = raw.trimmingWhitespace()
    if let time = VASTTime(parsing: trimmed) { return time.seconds }
    guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 }),
          let value = Double(trimmed), value >= 0, value <= maximumSeconds else { return nil }
    return value
}

/// `HH:MM:SS.mmm` for a number of seconds (rounded to the millisecond).
public func timecode(_ seconds: Double) -> String {
    VASTTime(seconds: seconds).description
}

/// What a profile concluded about one input.
public struct ProfileReport: Sendable, Codable, Hashable {
    public var profile: ProfileName
    /// The verdict in words, one line (also what corpus results show per profile).
    public var verdict: String
    /// Pause: whether a pause ad would show. `nil` for profiles without a yes/no answer.
    public var eligible: Bool?
    /// Companion: what the presentation displays (`carousel`, `customCTA`, `standard`, `none`).
    public var decision: String?
    /// Why the verdict is what it is, in words (every reason, not just the first).
    public var reasons: [String]
    /// Pause: tracking URLs per event (impression, creativeView, click, close, overlayViewDuration, notUsed, error).
    public var pixels: [String: [ProfilePixel]]?
    /// Findings of the profile's rules (ids `PROFILE-<profile>-…`), sorted.
    public var diagnostics: [Diagnostic]
    /// Pause: the creative and the ad used (eligibility, reasons, pixels and findings are the fields above).
    public var pause: PauseDetail?
    public var companion: CompanionEvaluation?
    public var ssai: SSAIModel?
    public var schedule: ResolvedSchedule?
    /// Screensaver, overlay, squeezeback, in-scene: the unit, the asset, the duration handling and the events fired.
    public var ctv: CTVUnitDetail?

    public init(profile: ProfileName, verdict: String, eligible: Bool? = nil, decision: String? = nil,
                reasons: [String] = [], pixels: [String: [ProfilePixel]]? = nil, diagnostics: [Diagnostic] = [],
                pause: PauseDetail? = nil, companion: CompanionEvaluation? = nil, ssai: SSAIModel? = nil,
                schedule: ResolvedSchedule? = nil, ctv: CTVUnitDetail? = nil) {
        self.ctv = ctv
        self.profile = profile
        self.verdict = verdict
        self.eligible = eligible
        self.decision = decision
        self.reasons = reasons
        self.pixels = pixels
        self.diagnostics = diagnostics
        self.pause = pause
        self.companion = companion
        self.ssai = ssai
        self.schedule = schedule
    }
}

/// The entry point: evaluate a decoded input against one profile.
public enum Profiles {
    /// Evaluates `input` against the profile `name`.
    /// - Parameters:
    ///   - input: the decoded tag (VAST or VMAP).
    ///   - options: presentation configuration, content duration and other settings.
    ///   - chain: for a Wrapper, the documents that follow `input` in its resolved chain, in order
    ///     (hop 1, 2, …, ending with the InLine response). Pause reports the pixels of every hop; the
    ///     companion and SSAI profiles evaluate the last document (the ad as played).
    ///   - file: the input's name, stamped on the diagnostics.
    ///   - readParameters: turns an `AdParameters` string into what the companion presentation needs;
    ///     ``CompanionParameters/read(_:)`` by default (a full trafficking analysis can be mapped instead).
    public static func evaluate(_ name: ProfileName, input: DecodedInput, options: ProfileOptions = ProfileOptions(),
                                chain: [VASTDocument] = [], file: String? = nil,
                                readParameters: @Sendable (String) -> CompanionParameters? = CompanionParameters.read) -> ProfileReport {
        var report: ProfileReport
        switch name {
        case .pause:
            report = evaluatePause(input, chain: chain)
        case .companion:
            report = evaluateCompanion(input, options: options, chain: chain, readParameters: readParameters)
        case .ssai:
            report = evaluateSSAI(input, options: options, chain: chain)
        case .schedule:
            report = evaluateSchedule(input, options: options)
        case .screensaver, .overlay, .squeezeback, .inScene:
            report = evaluateCTVUnit(name, input, options: options, chain: chain)
        }
        report.diagnostics = report.diagnostics.map { $0.inFile(file) }.sorted()
        return report
    }

    /// Profile name → verdict in words, as corpus results record them (`CaseResult.profiles`).
    public static func verdicts(_ reports: [ProfileReport]) -> [String: String] {
        Dictionary(reports.map { ($0.profile.rawValue, $0.verdict) }, uniquingKeysWith: { first, _ in first })
    }

    /// The diagnostic when a profile does not apply to the input at all (not VAST, not VMAP, malformed).
    static func notApplicable(_ profile: ProfileName, _ input: DecodedInput, expected: String) -> ProfileReport {
        let what = input.rootName.map { "<\($0)>" } ?? (input.xml.isWellFormed ? "an empty document" : "malformed XML")
        let message = "the \(profile.rawValue) profile needs \(expected); the input is \(what)"
        let diagnostics = [ProfileRules.inputNotApplicable.diagnostic(message, at: input.xml.root?.position, path: input.xml.root?.path)]
        let unit = CTVUnitProfile.unit(of: profile)
        var report = ProfileReport(profile: profile, verdict: "not applicable: \(message)", eligible: profile == .pause || unit != nil ? false : nil,
                                   reasons: [message], diagnostics: diagnostics)
        if let unit {
            report.ctv = CTVUnitDetail(unit: unit, events: [], causes: [CTVUnitCause.notVAST.rawValue])
            report.pixels = Dictionary(uniqueKeysWithValues: CTVUnitProfile.pixelEvents.map { ($0, []) })
        }
        if profile == .pause {
            report.pause = PauseDetail(creative: nil, adPath: nil, adHop: nil, causes: [PauseCause.notVAST.rawValue])
            report.pixels = Dictionary(uniqueKeysWithValues: PauseProfile.pixelEvents.map { ($0, []) })
        }
        return report
    }

    static func evaluatePause(_ input: DecodedInput, chain: [VASTDocument]) -> ProfileReport {
        guard let vast = input.vast else { return notApplicable(.pause, input, expected: "a VAST response") }
        let evaluation = PauseProfile.evaluate([vast] + chain)
        return ProfileReport(profile: .pause, verdict: evaluation.verdict, eligible: evaluation.eligible,
                             reasons: evaluation.reasons, pixels: evaluation.pixels, diagnostics: evaluation.diagnostics,
                             pause: PauseDetail(creative: evaluation.creative, adPath: evaluation.adPath, adHop: evaluation.adHop,
                                                causes: evaluation.causes.map(\.rawValue)))
    }

    static func evaluateCTVUnit(_ name: ProfileName, _ input: DecodedInput, options: ProfileOptions, chain: [VASTDocument]) -> ProfileReport {
        guard let vast = input.vast, let unit = CTVUnitProfile.unit(of: name) else { return notApplicable(name, input, expected: "a VAST response") }
        let evaluation = CTVUnitProfile.evaluate([vast] + chain, unit: unit, options: options)
        return ProfileReport(profile: name, verdict: evaluation.verdict, eligible: evaluation.eligible, reasons: evaluation.reasons,
                             pixels: evaluation.pixels, diagnostics: evaluation.diagnostics, ctv: evaluation.detail)
    }

    static func evaluateCompanion(_ input: DecodedInput, options: ProfileOptions, chain: [VASTDocument],
                                  readParameters: (String) -> CompanionParameters?) -> ProfileReport {
        guard let vast = input.vast else { return notApplicable(.companion, input, expected: "a VAST response") }
        let evaluation = CompanionProfile.evaluate(chain.last ?? vast, options: options, readParameters: readParameters)
        return ProfileReport(profile: .companion, verdict: evaluation.verdict, decision: evaluation.decision.rawValue,
                             reasons: evaluation.reasons, diagnostics: evaluation.diagnostics, companion: evaluation)
    }

    static func evaluateSSAI(_ input: DecodedInput, options: ProfileOptions, chain: [VASTDocument]) -> ProfileReport {
        let model: SSAIModel
        if let vast = input.vast {
            model = SSAIProfile.model(vast: chain.last ?? vast, options: options)
        } else if let vmap = input.vmap {
            model = SSAIProfile.model(vmap: vmap, options: options)
        } else {
            return notApplicable(.ssai, input, expected: "a VAST or VMAP document")
        }
        return ProfileReport(profile: .ssai, verdict: model.verdict, reasons: model.diagnostics.map(\.message),
                             diagnostics: model.diagnostics, ssai: model)
    }

    static func evaluateSchedule(_ input: DecodedInput, options: ProfileOptions) -> ProfileReport {
        guard let vmap = input.vmap else {
            if input.vast != nil {
                let message = "a VAST response carries no schedule; the player's pre-, mid- and post-roll settings decide when it plays (use a VMAP document or a schedule description)"
                return ProfileReport(profile: .schedule, verdict: "not applicable: \(message)", reasons: [message])
            }
            return notApplicable(.schedule, input, expected: "a VMAP document")
        }
        let schedule = ScheduleResolver.resolve(vmap: vmap, options: options)
        return ProfileReport(profile: .schedule, verdict: schedule.verdict, reasons: schedule.diagnostics.map(\.message),
                             diagnostics: schedule.diagnostics, schedule: schedule)
    }
}
