import Chain
import ConformCore
import Foundation

/// How a URL answered a probe, and what its bytes are. The same for every asset that names the URL, so it is
/// cached per URL (see ``ProbeCache``).
public struct AssetAnswer: Sendable, Codable, Hashable {
    public enum Outcome: String, Sendable, Codable, Hashable {
        /// A 2xx response was read whole.
        case answered
        /// A non-2xx status, or nothing at the URL (offline: not in the map).
        case notFound = "not-found"
        case timeout
        /// The URL or a redirect was refused by the fetch policy (scheme, private address); never opened.
        case refused
        case redirectLimit = "redirect-limit"
        /// Larger than the probe's size limit; cut off.
        case oversize
        /// Any other transport failure (DNS, connection refused, TLS).
        case failed
    }

    /// The URL requested: the asset's URL with its macros filled.
    public var url: String
    public var outcome: Outcome
    /// The HTTP status (`nil` offline for files, and when no response came).
    public var status: Int?
    /// Where redirects led, when somewhere else.
    public var finalURL: String?
    public var redirects: Int
    /// The Content-Type sent, as sent.
    public var contentType: String?
    /// Bytes of body read.
    public var bytes: Int
    /// Milliseconds to the first byte of the final response (`nil` offline).
    public var firstByteMs: Int?
    /// Milliseconds for the whole transfer (0 offline).
    public var durationMs: Int
    /// What went wrong, for any outcome but `answered`.
    public var failure: String?
    /// The container the body's first bytes show.
    public var sniffed: MediaType.Container?
    /// For images: the size in the header (`nil` when the header could not be read).
    public var image: ImageSize?
    /// For media: what the inspector read.
    public var media: MediaFacts?
    /// For media: why the inspector could not read the file.
    public var mediaProblem: String?
    /// For media: why no inspector ran (ffprobe missing); the media checks were skipped.
    public var mediaUnavailable: String?
    /// For caption files: what they parse as.
    public var caption: CaptionFacts?

    public init(url: String, outcome: Outcome, status: Int? = nil, finalURL: String? = nil, redirects: Int = 0,
                contentType: String? = nil, bytes: Int = 0, firstByteMs: Int? = nil, durationMs: Int = 0, failure: String? = nil) {
        self.url = url
        self.outcome = outcome
        self.status = status
        self.finalURL = finalURL
        self.redirects = redirects
        self.contentType = contentType
        self.bytes = bytes
        self.firstByteMs = firstByteMs
        self.durationMs = durationMs
        self.failure = failure
    }
}

/// One asset with its answer and its findings.
public struct AssetResult: Sendable, Codable, Hashable {
    public var asset: ProbeAsset
    public var answer: AssetAnswer
    public var diagnostics: [Diagnostic]
}

/// What probing a tag's assets found.
public struct ProbeReport: Sendable, Codable, Hashable {
    /// Every asset, in document order (hop by hop).
    public var assets: [AssetResult]
    /// How many tracking pixels were seen; none was requested.
    public var pixels: Int
    /// Every finding, the assets' and the pixels', sorted.
    public var diagnostics: [Diagnostic]
    /// Why media files were not inspected (no ffprobe), when they were not.
    public var mediaUnavailable: String?

    public init(assets: [AssetResult] = [], pixels: Int = 0, diagnostics: [Diagnostic] = [], mediaUnavailable: String? = nil) {
        self.assets = assets
        self.pixels = pixels
        self.diagnostics = diagnostics
        self.mediaUnavailable = mediaUnavailable
    }
}

/// One computation per key for the whole run, shared by every thread: a key asked for while it is being
/// computed waits for that computation instead of starting another. Probes request each URL once per run.
///
/// A cache that outlives a run (the workbench keeps one for as long as the server runs) is bounded: at most ``limit`` values,
/// the oldest dropped first, each kept for ``lifetime`` at most; ``forget(_:)`` drops values so that they are
/// computed again.
public final class ProbeCache<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [String: (value: Value, at: ContinuousClock.Instant)] = [:]
    /// The keys of ``values``, oldest first.
    private var order: [String] = []
    private var running: Set<String> = []
    /// How many values were computed (not served from the cache).
    public private(set) var computed = 0
    /// The most values kept (`nil`: no limit).
    public let limit: Int?
    /// How long a value is kept (`nil`: for the cache's life).
    public let lifetime: Duration?
    private let now: @Sendable () -> ContinuousClock.Instant

    /// - Parameter now: the clock values are aged by (tests pass their own).
    public init(limit: Int? = nil, lifetime: Duration? = nil, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.limit = limit.map { max(1, $0) }
        self.lifetime = lifetime
        self.now = now
    }

    /// How many values are kept.
    public var count: Int { condition.withLock { values.count } }

    /// The value for `key`, computed by `make` the first time only (or again once it expired or was forgotten).
    public func value(_ key: String, _ make: () -> Value) -> Value {
        condition.lock()
        while true {
            if let stored = values[key] {
                if let lifetime, now() - stored.at > lifetime {
                    drop(key)
                } else {
                    condition.unlock()
                    return stored.value
                }
            }
            if !running.contains(key) { break }
            condition.wait()
        }
        running.insert(key)
        computed += 1
        condition.unlock()
        let value = make()
        condition.lock()
        drop(key)
        values[key] = (value, now())
        order.append(key)
        if let limit {
            while values.count > limit, let oldest = order.first { drop(oldest) }
        }
        running.remove(key)
        condition.broadcast()
        condition.unlock()
        return value
    }

    /// Drops the values of `keys`: the next ask computes them again.
    public func forget(_ keys: some Sequence<String>) {
        condition.withLock { for key in keys { drop(key) } }
    }

    /// Removes `key` (the lock held).
    private func drop(_ key: String) {
        guard values.removeValue(forKey: key) != nil else { return }
        order.removeAll { $0 == key }
    }
}

/// Requests a tag's assets and compares what comes back with what the tag declares. The caller injects the
/// fetcher (which carries the fetch policy: schemes, time and size limits, redirects, private addresses), the
/// media inspector and the host resolver: nothing is opened behind the caller's back. Tracking pixels are never
/// requested.
public struct AssetProber: Sendable {
    public struct Options: Sendable, Hashable {
        /// How many URLs are requested at once.
        public var jobs: Int
        /// A first byte later than this (milliseconds) is `PROBE-slow`.
        public var slowMs: Int
        /// Media longer or shorter than `<Duration>` by more than this (milliseconds) is `PROBE-duration`.
        public var durationToleranceMs: Int
        /// A measured bitrate further than this fraction from the declared one is `PROBE-bitrate`.
        public var bitrateTolerance: Double
        /// Time limit for one asset, in seconds (passed to the fetcher).
        public var timeout: Double
        /// Look up the host of every tracking pixel (`--probe-pixels`).
        public var resolvePixels: Bool
        /// Request every URL again even when ``AssetProber/answers`` holds its answer (an explicit re-probe).
        public var refresh: Bool
        /// Values of the macros in asset URLs (`CACHEBUSTING` → `123`), filled before the request as a player
        /// fills them; macros not given get the catalogue's samples, as tracking URLs do.
        public var macros: [String: String]

        public static let defaultSlowMs = 2000
        public static let defaultDurationToleranceMs = 1000

        public init(jobs: Int = 8, slowMs: Int = defaultSlowMs, durationToleranceMs: Int = defaultDurationToleranceMs,
                    bitrateTolerance: Double = 0.25, timeout: Double = 10, resolvePixels: Bool = false,
                    macros: [String: String] = [:], refresh: Bool = false) {
            self.jobs = jobs
            self.slowMs = slowMs
            self.durationToleranceMs = durationToleranceMs
            self.bitrateTolerance = bitrateTolerance
            self.timeout = timeout
            self.resolvePixels = resolvePixels
            self.macros = macros
            self.refresh = refresh
        }
    }

    public var fetcher: any Fetcher
    public var inspector: (any MediaInspector)?
    public var resolver: (any HostResolver)?
    public var options: Options
    /// Answers per URL requested, for the whole run (or, in the workbench, for as long as the server runs: see ``ProbeCache``).
    public let answers: ProbeCache<AssetAnswer>
    /// Pixel hosts looked up, for the whole run.
    public let hosts: ProbeCache<Bool>
    /// At most ``Options/jobs`` requests at once over every call of the run (several inputs may be probed at once).
    public let slots: HostLimiter
    /// Called after each URL is probed, with how many of this call's URLs are done and how many there are.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    public init(fetcher: any Fetcher, inspector: (any MediaInspector)? = nil, resolver: (any HostResolver)? = nil,
                options: Options = Options(), answers: ProbeCache<AssetAnswer> = ProbeCache(), hosts: ProbeCache<Bool> = ProbeCache()) {
        self.fetcher = fetcher
        self.inspector = inspector
        self.resolver = resolver
        self.options = options
        self.answers = answers
        self.hosts = hosts
        self.slots = HostLimiter(perHost: max(1, options.jobs))
    }

    /// The key ``slots`` counts every request under.
    public static let slotKey = "assets"

    /// Probes `assets` (each distinct URL once, its macros filled, ``Options/jobs`` at a time) and, with
    /// ``Options/resolvePixels``, looks up the hosts of `pixels`.
    public func probe(_ assets: [ProbeAsset], pixels: [TrackingPixel] = []) -> ProbeReport {
        // Each URL as a player requests it: its macros filled the way the chain's tracking URLs are.
        let filling = TrackingCollector(macros: options.macros)
        let requested = assets.map { filling.expand($0.url) }
        var seen: Set<String> = []
        let urls = requested.filter { seen.insert($0).inserted }
        if options.refresh { answers.forget(urls) }
        let counter = Counter()
        let total = urls.count
        var byURL: [String: AssetAnswer] = [:]
        OrderedWork.run(urls, jobs: options.jobs, work: { [self] url in
            let answer = answers.value(url) { slots.withSlot(for: Self.slotKey) { self.answer(url) } }
            progress?(counter.increment(), total)
            return answer
        }, deliver: { byURL[$0.url] = $0 })
        var report = ProbeReport(pixels: pixels.count)
        for (asset, url) in zip(assets, requested) {
            guard let answer = byURL[url] else { continue }
            let found = Self.evaluate(asset, answer, options: options)
            report.assets.append(AssetResult(asset: asset, answer: answer, diagnostics: found))
            report.diagnostics += found
            if report.mediaUnavailable == nil { report.mediaUnavailable = answer.mediaUnavailable }
        }
        if options.resolvePixels, let resolver {
            for pixel in pixels {
                guard let host = URL(string: pixel.url)?.host, !host.isEmpty, !host.contains("[") || host.hasPrefix("[") else { continue }
                let resolves = hosts.value(host.lowercased()) { resolver.resolves(host) }
                if !resolves {
                    let description = ProbeRules.description(ProbeRuleID.pixelHost)!
                    var diagnostic = description.diagnostic("the host \(host) of this \(pixel.element) URL does not resolve; its hits are lost (no request was sent)",
                                                            at: pixel.position, path: pixel.path,
                                                            details: ["url": pixel.url, "hop": String(pixel.hop), "host": host])
                    diagnostic.file = pixel.file
                    report.diagnostics.append(diagnostic)
                }
            }
        }
        report.diagnostics.sort()
        return report
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() -> Int { lock.withLock { value += 1; return value } }
    }

    /// Requests `url` and reads what its body is.
    public func answer(_ url: String) -> AssetAnswer {
        guard let uri = URL(string: url) else {
            return AssetAnswer(url: url, outcome: .failed, failure: "the URL cannot be parsed (percent-encode spaces, brackets and other reserved characters)")
        }
        guard let scheme = uri.scheme?.lowercased() else {
            return AssetAnswer(url: url, outcome: .refused, failure: "\(url) is not an absolute URL; a player needs an http(s) URL")
        }
        guard scheme == "http" || scheme == "https" else {
            return AssetAnswer(url: url, outcome: .refused,
                               failure: "the scheme '\(scheme):' is not allowed (only http and https are fetched from a tag)")
        }
        let document: FetchedDocument
        do {
            document = try fetcher.fetch(uri, referrer: nil, timeLimit: options.timeout)
        } catch {
            let outcome: AssetAnswer.Outcome
            var status: Int?
            switch error {
            case .schemeRefused, .privateAddressRefused: outcome = .refused
            case .timeout: outcome = .timeout
            case .oversize: outcome = .oversize
            case .tooManyRedirects: outcome = .redirectLimit
            case .httpStatus(_, let code): outcome = .notFound; status = code
            case .notFound: outcome = .notFound
            case .failed: outcome = .failed
            }
            return AssetAnswer(url: url, outcome: outcome, status: status, failure: error.description)
        }
        var answer = AssetAnswer(url: url, outcome: .answered, status: document.statusCode,
                                 finalURL: document.finalURI.absoluteString == url ? nil : document.finalURI.absoluteString,
                                 redirects: document.redirects, contentType: document.contentType, bytes: document.data.count,
                                 firstByteMs: document.firstByteMs, durationMs: document.durationMs)
        let sniffed = MediaType.sniff(document.data)
        answer.sniffed = sniffed
        guard let sniffed else { return answer }
        if sniffed.isImage && sniffed != .svg {
            answer.image = ImageSize.read(document.data)
        } else if sniffed.isMedia && sniffed != .hls && sniffed != .dash {
            // Manifests are not inspected: reading one would request its segments.
            if let inspector {
                switch inspector.inspect(document.data, container: sniffed) {
                case .facts(let facts): answer.media = facts
                case .unreadable(let why): answer.mediaProblem = why
                case .unavailable(let why): answer.mediaUnavailable = why
                }
            } else {
                answer.mediaUnavailable = "no media inspector was given"
            }
        } else if [.webvtt, .srt, .ttml, .xml].contains(sniffed) {
            answer.caption = CaptionFacts.read(document.data)
        }
        return answer
    }

    // MARK: - Comparing an answer with the tag

    /// The findings of `asset` given how its URL answered.
    public static func evaluate(_ asset: ProbeAsset, _ answer: AssetAnswer, options: Options) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // Messages name the URL as the tag writes it; the URL requested (macros filled) is a detail.
        let requested = answer.url == asset.url ? [:] : ["requested": answer.url]
        func report(_ id: String, _ message: String, _ details: [String: String] = [:]) {
            found.append(ProbeRules.make(id, message, for: asset, details: details.merging(requested) { kept, _ in kept }))
        }
        let what = "\(asset.label) \(asset.url)"
        switch answer.outcome {
        case .answered: break
        case .notFound:
            report(ProbeRuleID.notFound, answer.status.map { "\(what) answered HTTP \($0)" } ?? "\(what) is not available",
                   answer.status.map { ["status": String($0)] } ?? [:])
            return found
        case .failed:
            report(ProbeRuleID.notFound, "\(what) could not be fetched: \(answer.failure ?? "unknown failure")")
            return found
        case .timeout:
            report(ProbeRuleID.timeout, "\(what) did not arrive within \(formatSeconds(options.timeout))")
            return found
        case .refused:
            report(ProbeRuleID.refused, "\(asset.label): \(answer.failure ?? "refused")")
            return found
        case .redirectLimit:
            report(ProbeRuleID.redirectLimit, "\(asset.label): \(answer.failure ?? "too many redirects")")
            return found
        case .oversize:
            report(ProbeRuleID.oversize, "\(asset.label): \(answer.failure ?? "larger than the size limit"); not inspected")
            return found
        }
        if let firstByte = answer.firstByteMs, firstByte > options.slowMs {
            report(ProbeRuleID.slow, "\(what) took \(firstByte) ms to its first byte (slow past \(options.slowMs) ms)",
                   ["firstByteMs": String(firstByte)])
        }
        if let final = answer.finalURL, asset.url.lowercased().hasPrefix("https:"), final.lowercased().hasPrefix("http:") {
            report(ProbeRuleID.httpsDowngrade, "\(what) redirects to the insecure \(final)")
        }
        checkType(asset, answer, report)
        switch asset.role {
        case .media: checkMedia(asset, answer, options: options, report)
        case .image: checkImage(asset, answer, report)
        case .caption: checkCaption(asset, answer, report)
        case .page, .script: break
        }
        return found
    }

    private typealias Report = (_ id: String, _ message: String, _ details: [String: String]) -> Void

    /// The declared type against the Content-Type sent and against what the bytes are.
    private static func checkType(_ asset: ProbeAsset, _ answer: AssetAnswer, _ report: Report) {
        let declared = asset.declaredType.flatMap(MediaType.container(of:))
        let served = answer.contentType.flatMap(MediaType.container(of:))
        var problems: [String] = []
        if let declared {
            if let sniffed = answer.sniffed, !MediaType.compatible(declared: declared, found: sniffed),
               !(declared == .javascript && sniffed == .json) {
                problems.append("the file is \(sniffed.rawValue)")
            }
            if let served, let type = answer.contentType, !MediaType.compatible(declared: declared, found: served),
               !(declared == .javascript && served == .json) {
                problems.append("it is served as \(MediaType.essence(type))")
            }
        }
        if !problems.isEmpty, let type = asset.declaredType {
            report(ProbeRuleID.wrongType, "\(asset.label) \(asset.url) is declared \(MediaType.essence(type)) but \(problems.joined(separator: " and "))",
                   ["declared": MediaType.essence(type)])
        } else if answer.bytes == 0, asset.role == .media || asset.role == .image {
            report(ProbeRuleID.undecodable, "\(asset.label) \(asset.url) answered an empty body", [:])
        }
    }

    private static func checkMedia(_ asset: ProbeAsset, _ answer: AssetAnswer, options: Options, _ report: Report) {
        if let problem = answer.mediaProblem {
            report(ProbeRuleID.undecodable, "\(asset.label) \(asset.url) cannot be read as media: \(problem)", [:])
            return
        }
        guard let facts = answer.media else { return }
        if let width = asset.width, let height = asset.height, width > 0, height > 0, let w = facts.width, let h = facts.height,
           (w, h) != (width, height) {
            report(ProbeRuleID.dimensions, "\(asset.label) is declared \(width)x\(height) but the video is \(w)x\(h)",
                   ["declared": "\(width)x\(height)", "actual": "\(w)x\(h)"])
        }
        if let declared = asset.durationMs, let actual = facts.durationMs, abs(actual - declared) > options.durationToleranceMs {
            report(ProbeRuleID.duration,
                   "\(asset.label) plays \(seconds(actual)) but <Duration> says \(seconds(declared)) (tolerance \(seconds(options.durationToleranceMs)))",
                   ["declaredMs": String(declared), "actualMs": String(actual)])
        }
        if let measured = facts.bitrateKbps, measured > 0, asset.delivery?.lowercased() != "streaming" {
            if let declared = asset.bitrate, declared > 0,
               abs(Double(measured - declared)) > options.bitrateTolerance * Double(declared) {
                report(ProbeRuleID.bitrate, "\(asset.label) is declared \(declared) kbps but averages \(measured) kbps",
                       ["declaredKbps": String(declared), "actualKbps": String(measured)])
            } else if asset.bitrate == nil, let low = asset.minBitrate, let high = asset.maxBitrate,
                      Double(measured) < Double(low) * (1 - options.bitrateTolerance) || Double(measured) > Double(high) * (1 + options.bitrateTolerance) {
                report(ProbeRuleID.bitrate, "\(asset.label) is declared \(low) to \(high) kbps but averages \(measured) kbps",
                       ["declaredKbps": "\(low)-\(high)", "actualKbps": String(measured)])
            }
        }
        if let codec = asset.codec {
            let declared = MediaFacts.declaredCodecs(codec)
            var wrong: [String] = []
            if !declared.video.isEmpty, let actual = facts.videoCodec, !declared.video.contains(actual) {
                wrong.append("video \(actual)")
            }
            if !declared.audio.isEmpty, let actual = facts.audioCodec, !declared.audio.contains(actual) {
                wrong.append("audio \(actual)")
            }
            if !wrong.isEmpty {
                report(ProbeRuleID.codec, "\(asset.label) is declared codec=\"\(codec)\" but the file has \(wrong.joined(separator: " and "))",
                       ["declared": codec])
            }
        }
        if let problem = facts.frameRateProblem {
            var details: [String: String] = [:]
            if let rate = facts.frameRate { details["frameRate"] = String(format: "%.3f", rate) }
            if let base = facts.baseFrameRate { details["baseFrameRate"] = String(format: "%.3f", base) }
            report(ProbeRuleID.frameRate, "\(asset.label) \(asset.url) \(problem)", details)
        }
        if facts.hasVideo, !facts.hasAudio {
            report(ProbeRuleID.noAudio, "\(asset.label) \(asset.url) has video (\(facts.videoCodec ?? "?")) but no audio track", [:])
        }
    }

    private static func checkImage(_ asset: ProbeAsset, _ answer: AssetAnswer, _ report: Report) {
        guard let sniffed = answer.sniffed, sniffed.isImage, sniffed != .svg else { return }
        guard let size = answer.image else {
            report(ProbeRuleID.undecodable, "\(asset.label) \(asset.url) is not a readable \(sniffed.rawValue) image", [:])
            return
        }
        guard let width = asset.width, let height = asset.height, width > 0, height > 0 else { return }
        if (size.width, size.height) == (width, height) { return }
        // A slot (or an icon) may hold an image at a higher pixel ratio: 2x, 3x the declared size.
        if asset.sizeIsSlot, size.width % width == 0, size.height % height == 0, size.width / width == size.height / height {
            return
        }
        report(ProbeRuleID.dimensions, "\(asset.label) is declared \(width)x\(height) but the image is \(size)",
               ["declared": "\(width)x\(height)", "actual": size.description])
    }

    private static func checkCaption(_ asset: ProbeAsset, _ answer: AssetAnswer, _ report: Report) {
        guard let caption = answer.caption else {
            if answer.sniffed == nil || !(answer.sniffed?.isMedia ?? false) {
                report(ProbeRuleID.captionMalformed, "\(asset.label) \(asset.url) is not WebVTT, SRT or TTML", [:])
            }
            return
        }
        if let problem = caption.problem {
            report(ProbeRuleID.captionMalformed, "\(asset.label) \(asset.url): \(problem)", [:])
            return
        }
        if let declared = asset.language, let actual = caption.language,
           declared.lowercased().split(separator: "-").first != actual.lowercased().split(separator: "-").first {
            report(ProbeRuleID.captionLanguage, "\(asset.label) is declared language=\"\(declared)\" but the captions say xml:lang=\"\(actual)\"",
                   ["declared": declared, "actual": actual])
        }
    }

    private static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : String(format: "%.2f s", Double(milliseconds) / 1000)
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
    }
}
