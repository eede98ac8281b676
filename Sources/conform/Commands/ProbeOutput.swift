import Chain
import ConformCore
import Conformance
import Foundation
import Probe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `conform check --probe`: options, the prober's fetcher, media inspector and host resolver, and printing.
struct ProbeCheck {
    static let valueOptions: Set<String> = ["--probe-jobs", "--probe-timeout", "--probe-max-size", "--probe-slow"]
    static let flagOptions: Set<String> = ["--probe", "--probe-pixels"]

    static let helpOptions = """
          --probe                 Request every asset of the tag (and, with --follow, of every hop): MediaFile,
                                  Mezzanine, InteractiveCreativeFile, ClosedCaptionFile, StaticResource and
                                  IFrameResource of companions, NonLinears and icons (and what an HTMLResource's
                                  markup loads by an absolute URL), verification scripts. Checks
                                  the answer (status, redirects, Content-Type against the declared type, time to
                                  first byte) and, with ffprobe installed (Debian package ffmpeg), the media:
                                  dimensions, duration (1 s tolerance), bitrate (25%), codecs, audio, frame rate;
                                  images' sizes; captions. Tracking pixels are never requested. With --map, assets
                                  are served from the map too. Macros in asset URLs are filled before the request
                                  as in tracking URLs (the samples, or --macro with --follow).
          --probe-pixels          With --probe: also look up the host of every tracking URL (no request is sent).
          --probe-jobs <n>        Assets requested at once, over all inputs. (default: 8)
          --probe-timeout <seconds>
                                  Time limit for one asset, and for ffprobe's reading of it. (default: 10)
          --probe-max-size <bytes>
                                  Largest asset read; a larger one is reported and not inspected. (default: 67108864)
          --probe-slow <ms>       A first byte later than this is PROBE-slow. (default: 2000)
        """

    var options: AssetProber.Options
    var maxBytes: Int

    /// The probe options of `scanner`, or `nil` without `--probe`.
    static func parse(_ scanner: ArgumentScanner, usage: String, command: String = "check") throws(UsageError) -> ProbeCheck? {
        func fail(_ message: String) -> UsageError { UsageError(message: message, command: command, usage: usage) }
        guard scanner.flag("--probe") else {
            let given = valueOptions.filter { scanner.value($0) != nil } + (scanner.flag("--probe-pixels") ? ["--probe-pixels"] : [])
            if let first = given.sorted().first { throw fail("\(first) needs --probe") }
            return nil
        }
        var options = AssetProber.Options(resolvePixels: scanner.flag("--probe-pixels"))
        if let raw = scanner.value("--probe-jobs") {
            guard let jobs = Int(raw), (1...64).contains(jobs) else { throw fail("--probe-jobs takes a whole number from 1 to 64") }
            options.jobs = jobs
        }
        if let raw = scanner.value("--probe-timeout") {
            guard let seconds = Double(raw), seconds > 0, seconds <= FetchPolicy.maximumTimeout else {
                throw fail("--probe-timeout takes a positive number of seconds, at most \(Int(FetchPolicy.maximumTimeout))")
            }
            options.timeout = seconds
        }
        if let raw = scanner.value("--probe-slow") {
            guard let ms = Int(raw), ms > 0 else { throw fail("--probe-slow takes a positive number of milliseconds") }
            options.slowMs = ms
        }
        var maxBytes = 64 * 1024 * 1024
        if let raw = scanner.value("--probe-max-size") {
            guard let bytes = Int(raw), bytes > 0 else { throw fail("--probe-max-size takes a positive number of bytes") }
            maxBytes = bytes
        }
        return ProbeCheck(options: options, maxBytes: maxBytes)
    }

    /// The prober: assets from the chain's map when there is one, else over HTTP(S) under the chain's fetch
    /// policy (http and https only, redirects checked, private addresses refused when asked) with the probe's
    /// size and time limits, sharing the per-host limit of the run.
    func prober(follow: ChainCheck?, limiter: HostLimiter, progress: Bool) throws -> AssetProber {
        var policy = follow?.settings.policy ?? FetchPolicy()
        policy.maxBytes = maxBytes
        policy.perHopTimeout = options.timeout
        let fetcher: any Fetcher
        if let mapFile = follow?.mapFile {
            let entries = try CorpusFetcher(mapFile: URL(fileURLWithPath: mapFile)).map
            fetcher = CorpusFetcher(entries: entries, baseDirectory: URL(fileURLWithPath: mapFile).deletingLastPathComponent(), policy: policy)
        } else {
            fetcher = PoliteFetcher(HTTPFetcher(policy: policy), limiter: limiter)
        }
        // Macros in asset URLs are filled as in the chain's tracking URLs: --macro values, else the samples.
        var options = options
        options.macros = follow?.macros ?? [:]
        var prober = AssetProber(fetcher: fetcher, inspector: FFProbe.inspector(timeLimit: options.timeout),
                                 resolver: SystemResolver(), options: options)
        if progress {
            let line = ProbeProgressLine()
            prober.progress = { done, total in line.show(done, total) }
        }
        return prober
    }

    /// Says once per run, on standard error, that media files were not inspected and how to get ffprobe.
    static func noteUnavailable(_ report: ProbeReport?) {
        guard let why = report?.mediaUnavailable else { return }
        noted.withLock { done in
            guard !done else { return }
            done = true
            Terminal.printError("note: media files were not inspected (\(why)); the answers and types were checked. "
                + "Install ffprobe for dimensions, duration, bitrate and codecs: apt-get install ffmpeg (macOS: brew install ffmpeg)")
        }
    }
    private static let noted = Mutex(false)

    /// The probed assets of one input, in text, under its findings.
    static func printText(_ report: ProbeReport) {
        guard !report.assets.isEmpty || report.pixels > 0 else { return }
        let failing = report.assets.filter { !$0.diagnostics.isEmpty }.count
        print(Terminal.paint("  assets: \(report.assets.count) probed, \(failing) with findings; \(report.pixels) tracking pixel(s) not requested", .dim))
        for result in report.assets {
            let answer = result.answer
            var parts: [String] = []
            if let status = answer.status { parts.append("HTTP \(status)") } else { parts.append(answer.outcome.rawValue) }
            if let type = answer.contentType { parts.append(MediaType.essence(type)) }
            if answer.outcome == .answered { parts.append(byteCount(answer.bytes)) }
            if let firstByte = answer.firstByteMs { parts.append("\(firstByte) ms") }
            if answer.redirects > 0 { parts.append("\(answer.redirects) redirect(s)") }
            if let media = answer.media {
                if let w = media.width, let h = media.height { parts.append("\(w)x\(h)") }
                if let ms = media.durationMs { parts.append(String(format: "%.2f s", Double(ms) / 1000)) }
                if let kbps = media.bitrateKbps { parts.append("\(kbps) kbps") }
                parts.append([media.videoCodec, media.audioCodec].compactMap { $0 }.joined(separator: "+"))
            } else if let image = answer.image {
                parts.append(image.description)
            } else if let caption = answer.caption?.format {
                parts.append(caption.rawValue)
            }
            let mark = result.diagnostics.isEmpty ? "ok" : "✗"
            let hop = result.asset.hop > 0 ? " (hop \(result.asset.hop))" : ""
            print("    \(mark) \(result.asset.label) \(result.asset.position.line):\(result.asset.position.column)\(hop)  "
                  + parts.filter { !$0.isEmpty }.joined(separator: " · "))
        }
        print("")
    }

    private static func byteCount(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) B" : bytes < 1024 * 1024 ? "\(bytes / 1024) KB" : String(format: "%.1f MB", Double(bytes) / 1048576)
    }
}

/// A one-line count of probed assets on a terminal's standard error, cleared when done.
final class ProbeProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled = Terminal.stderrIsTTY && ProcessInfo.processInfo.environment["CI"] == nil

    func show(_ done: Int, _ total: Int) {
        guard enabled else { return }
        lock.withLock {
            let line = done >= total ? "\r\u{1B}[K" : "\r\u{1B}[Kprobing assets \(done)/\(total)"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}

/// A value behind a lock.
final class Mutex<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Looks host names up with the system resolver (getaddrinfo); sends nothing to the host.
struct SystemResolver: HostResolver {
    func resolves(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return !AddressPolicy.resolve(bare).isEmpty
    }
}

/// Media inspection with ffprobe, run as a subprocess on a temporary copy of the bytes: the demuxer is forced
/// from the sniffed container (so no playlist or concat demuxer can open other files or URLs), only the `file`
/// protocol is allowed, the run is killed after ``timeLimit`` seconds and its output is read up to ``maxOutput``
/// bytes.
struct FFProbe: MediaInspector {
    let executable: URL
    var timeLimit: Double = 20
    var maxOutput = 1 << 20

    /// The environment variable naming the ffprobe program to run instead of the one found on PATH; set and
    /// empty, media inspection is off.
    static let environmentVariable = "CONFORM_FFPROBE"

    /// ffprobe as ``environmentVariable`` names it, else on PATH or in the usual folders, or `nil`.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> FFProbe? {
        if let named = environment[environmentVariable] {
            guard !named.isEmpty, FileManager.default.isExecutableFile(atPath: named) else { return nil }
            return FFProbe(executable: URL(fileURLWithPath: named))
        }
        return ProgramLookup.find("ffprobe").map { FFProbe(executable: $0) }
    }

    /// The media inspector of a probe: ffprobe, killed after `timeLimit` seconds, or, when it is not found, a
    /// stand-in that says why.
    static func inspector(timeLimit: Double = 20, environment: [String: String] = ProcessInfo.processInfo.environment) -> any MediaInspector {
        if var found = find(environment: environment) {
            found.timeLimit = timeLimit
            return found
        }
        if let named = environment[environmentVariable] {
            return Missing(why: named.isEmpty ? "\(environmentVariable) is set empty" : "\(environmentVariable) names \(named), which is not a program")
        }
        return Missing()
    }

    /// Stands in when ffprobe is not installed: every media file is reported uninspected.
    struct Missing: MediaInspector {
        var why = "ffprobe is not installed"
        func inspect(_ data: Data, container: MediaType.Container) -> MediaInspection {
            .unavailable(why)
        }
    }

    static func demuxer(_ container: MediaType.Container) -> String? {
        switch container {
        case .mp4: "mov"
        case .webm: "matroska"
        case .ogg: "ogg"
        case .mpegTS: "mpegts"
        case .mp3: "mp3"
        case .adts: "aac"
        case .flv: "flv"
        default: nil
        }
    }

    func inspect(_ data: Data, container: MediaType.Container) -> MediaInspection {
        guard let format = Self.demuxer(container) else { return .unreadable("\(container.rawValue) is not a media container") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("conform-probe-\(UUID().uuidString)")
        do { try data.write(to: file) } catch { return .unavailable("could not write a temporary file: \(error.localizedDescription)") }
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-v", "error", "-protocol_whitelist", "file", "-f", format, "-print_format", "json",
                             "-show_format", "-show_streams", file.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return .unavailable("ffprobe could not be started: \(error.localizedDescription)") }
        let pid = process.processIdentifier
        let killed = Mutex(false)
        let timer = DispatchWorkItem {
            killed.withLock { $0 = true }
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: timer)
        let errorText = Mutex(Data())
        let errorReader = Thread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data.prefix(4096) }
        }
        errorReader.start()
        var json = Data()
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            json.append(chunk)
            if json.count > maxOutput {
                kill(pid, SIGKILL)
                break
            }
        }
        process.waitUntilExit()
        timer.cancel()
        while errorReader.isExecuting { usleep(1000) }
        if killed.withLock({ $0 }) {
            return .unreadable("ffprobe did not finish within \(timeLimit == timeLimit.rounded() ? String(Int(timeLimit)) : String(timeLimit)) s")
        }
        if json.count > maxOutput { return .unreadable("ffprobe wrote more than \(maxOutput) bytes") }
        guard process.terminationStatus == 0, let facts = MediaFacts.fromFFProbe(json) else {
            let message = String(decoding: errorText.withLock { $0 }, as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .unreadable(message.replacingOccurrences(of: file.path, with: "the file"))
        }
        return .facts(facts)
    }
}

/// Finds a program the command runs, on PATH or in the usual folders.
enum ProgramLookup {
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        for folder in folders where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }
}
