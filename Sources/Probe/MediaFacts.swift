import Foundation
import XMLCore

/// What a media inspector read from a media file.
public struct MediaFacts: Sendable, Codable, Hashable {
    /// The demuxer's name for the container (ffprobe's `format_name`, such as `mov,mp4,m4a,3gp,3g2,mj2`).
    public var formatName: String?
    /// Length in milliseconds.
    public var durationMs: Int?
    /// Average bitrate of the whole file, in kilobits per second.
    public var bitrateKbps: Int?
    /// Codec of the first video stream (ffprobe's `codec_name`: `h264`, `hevc`, `vp9`, `av1` ...).
    public var videoCodec: String?
    public var width: Int?
    public var height: Int?
    /// Frames per second of the first video stream: its average (ffprobe's `avg_frame_rate`), else its base rate.
    public var frameRate: Double?
    /// The base frame rate of the first video stream (ffprobe's `r_frame_rate`: the lowest rate every timestamp
    /// fits), when known. Far from ``frameRate``, the stream's frames are not evenly spaced (variable frame rate).
    public var baseFrameRate: Double?
    /// Codec of the first audio stream (`aac`, `opus`, `mp3` ...).
    public var audioCodec: String?

    public init(formatName: String? = nil, durationMs: Int? = nil, bitrateKbps: Int? = nil, videoCodec: String? = nil,
                width: Int? = nil, height: Int? = nil, frameRate: Double? = nil, baseFrameRate: Double? = nil, audioCodec: String? = nil) {
        self.formatName = formatName
        self.durationMs = durationMs
        self.bitrateKbps = bitrateKbps
        self.videoCodec = videoCodec
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.baseFrameRate = baseFrameRate
        self.audioCodec = audioCodec
    }

    public var hasVideo: Bool { videoCodec != nil }
    public var hasAudio: Bool { audioCodec != nil }

    /// The frame rates a video ad is judged against (frames per second). VAST states no frame rate; a rate
    /// outside these is a clear fault: a slideshow below, a capture or encoder setting no player is built for above.
    public static let frameRateRange: ClosedRange<Double> = 10...120
    /// How far (a fraction) the average rate may be from the base rate before the frames count as unevenly spaced.
    public static let variableFrameRateTolerance = 0.05

    /// What is wrong with the video's frame rate, or `nil` when nothing clearly is (or there is no video). Only
    /// clear faults count: no readable rate, a variable rate (the average more than
    /// ``variableFrameRateTolerance`` from the base rate, except an interlaced stream's base rate of twice its
    /// average, the field rate), or a rate outside ``frameRateRange``.
    public var frameRateProblem: String? {
        guard hasVideo else { return nil }
        guard let rate = frameRate else { return "has no readable frame rate" }
        func fps(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value)) fps" : String(format: "%.3f fps", value)
        }
        if let base = baseFrameRate, abs(base - rate) > Self.variableFrameRateTolerance * base,
           abs(base - 2 * rate) > Self.variableFrameRateTolerance * base {
            return "has a variable frame rate: its frames average \(fps(rate)) against a base rate of \(fps(base))"
        }
        if !Self.frameRateRange.contains(rate) {
            return "plays at \(fps(rate)), outside \(fps(Self.frameRateRange.lowerBound)) to \(fps(Self.frameRateRange.upperBound))"
        }
        return nil
    }

    /// Reads ffprobe's JSON (`-print_format json -show_format -show_streams`). Cover art (an attached picture
    /// stream) does not count as video. `nil` when the text is not such JSON.
    public static func fromFFProbe(_ json: Data) -> MediaFacts? {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
        let format = object["format"] as? [String: Any] ?? [:]
        let streams = object["streams"] as? [[String: Any]] ?? []
        func double(_ value: Any?) -> Double? {
            if let text = value as? String { return Double(text) }
            return (value as? NSNumber)?.doubleValue
        }
        var facts = MediaFacts(formatName: format["format_name"] as? String)
        if let seconds = double(format["duration"]), seconds.isFinite, seconds >= 0 {
            facts.durationMs = Int((seconds * 1000).rounded())
        }
        if let bits = double(format["bit_rate"]), bits.isFinite, bits >= 0 {
            facts.bitrateKbps = Int((bits / 1000).rounded())
        }
        for stream in streams {
            let type = stream["codec_type"] as? String
            let attachedPicture = ((stream["disposition"] as? [String: Any])?["attached_pic"] as? NSNumber)?.intValue == 1
            if type == "video", !attachedPicture, facts.videoCodec == nil {
                facts.videoCodec = stream["codec_name"] as? String
                facts.width = (stream["width"] as? NSNumber)?.intValue
                facts.height = (stream["height"] as? NSNumber)?.intValue
                // ffprobe writes rates as fractions ("30000/1001"), "0/0" when it does not know one.
                func rate(_ key: String) -> Double? {
                    guard let text = stream[key] as? String else { return nil }
                    let parts = text.split(separator: "/").compactMap { Double($0) }
                    guard parts.count == 2, parts[1] > 0, parts[0] > 0 else { return nil }
                    return parts[0] / parts[1]
                }
                facts.baseFrameRate = rate("r_frame_rate")
                facts.frameRate = rate("avg_frame_rate") ?? facts.baseFrameRate
            } else if type == "audio", facts.audioCodec == nil {
                facts.audioCodec = stream["codec_name"] as? String
            }
        }
        return facts
    }

    /// The codec names (ffprobe's) that the tokens of a `codec` attribute stand for, split into video and audio:
    /// `avc1.42E01E, mp4a.40.2` → (`h264`, `aac`). Tokens this does not know are left out.
    public static func declaredCodecs(_ attribute: String) -> (video: Set<String>, audio: Set<String>) {
        var video: Set<String> = [], audio: Set<String> = []
        for raw in attribute.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let token = raw.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            let head = String(token.split(separator: ".").first ?? "")
            switch head {
            case "avc1", "avc3", "h264", "h.264", "avc": video.insert("h264")
            case "hev1", "hvc1", "hevc", "h265", "h.265": video.insert("hevc")
            case "vp8": video.insert("vp8")
            case "vp9", "vp09": video.insert("vp9")
            case "av01", "av1": video.insert("av1")
            case "mp4a", "aac": audio.insert("aac")
            case "opus": audio.insert("opus")
            case "vorbis": audio.insert("vorbis")
            case "mp3", "mp4a.6b", "mp4a.69": audio.insert("mp3")
            case "ac-3", "ac3": audio.insert("ac3")
            case "ec-3", "eac3": audio.insert("eac3")
            default: continue
            }
        }
        return (video, audio)
    }
}

/// What inspecting a media file gave.
public enum MediaInspection: Sendable, Hashable {
    case facts(MediaFacts)
    /// The file could not be read as media: why.
    case unreadable(String)
    /// No inspector could run (ffprobe not installed, or it failed to start): why.
    case unavailable(String)
}

/// Reads the facts of a media file's bytes. The `conform` executable runs ffprobe; tests may pass their own.
/// Implementations must be safe to call from several threads at once, and bounded in time.
public protocol MediaInspector: Sendable {
    /// Inspects `data`, whose first bytes show `container`.
    func inspect(_ data: Data, container: MediaType.Container) -> MediaInspection
}

/// Looks host names up, for `--probe-pixels`: no request is sent to the host. Injected by the caller.
public protocol HostResolver: Sendable {
    /// Whether `host` has at least one address.
    func resolves(_ host: String) -> Bool
}

/// What a caption file is.
public struct CaptionFacts: Sendable, Codable, Hashable {
    /// The format it parses as, when it does.
    public var format: MediaType.Container?
    /// Why it is not well-formed, when it is not.
    public var problem: String?
    /// The language it declares (TTML `xml:lang`), when it declares one.
    public var language: String?

    /// Checks `data` as WebVTT, SRT or TTML, by what its first bytes show.
    public static func read(_ data: Data) -> CaptionFacts {
        guard let text = String(data: data, encoding: .utf8) else {
            return CaptionFacts(format: nil, problem: "the file is not UTF-8 text")
        }
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        switch MediaType.sniff(data) {
        case .webvtt:
            let header = body.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let rest = header.dropFirst("WEBVTT".count)
            if let next = rest.first, next != " " && next != "\t" && next != "\r" {
                return CaptionFacts(format: .webvtt, problem: "the WEBVTT signature is not followed by a space, a tab or a line break")
            }
            guard body.contains("-->") else { return CaptionFacts(format: .webvtt, problem: "the file has no cue (no timing line with -->)") }
            if let bad = timingLines(body).first(where: { !validTiming($0, decimal: ".") }) {
                return CaptionFacts(format: .webvtt, problem: "a cue timing is not hh:mm:ss.ttt --> hh:mm:ss.ttt: \(bad)")
            }
            return CaptionFacts(format: .webvtt)
        case .srt:
            if let bad = timingLines(body).first(where: { !validTiming($0, decimal: ",") }) {
                return CaptionFacts(format: .srt, problem: "a cue timing is not hh:mm:ss,ttt --> hh:mm:ss,ttt: \(bad)")
            }
            return CaptionFacts(format: .srt)
        case .ttml, .xml:
            return ttml(data)
        default:
            return CaptionFacts(format: nil, problem: "the file is not WebVTT, SRT or TTML")
        }
    }

    private static func timingLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("-->") }
    }

    /// `00:00:01.000 --> 00:00:02.500` (hours optional in WebVTT), settings after the end time allowed.
    private static func validTiming(_ line: String, decimal: Character) -> Bool {
        let parts = line.components(separatedBy: "-->")
        guard parts.count == 2 else { return false }
        let start = parts[0].trimmingCharacters(in: .whitespaces)
        let end = parts[1].trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
        func seconds(_ time: String) -> Double? {
            let pieces = time.split(separator: decimal)
            guard pieces.count == 2, pieces[1].count == 3, let fraction = Int(pieces[1]) else { return nil }
            let clock = pieces[0].split(separator: ":").map { Int($0) }
            guard (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }) else { return nil }
            let values = clock.map { $0! }
            guard values.dropFirst().allSatisfy({ (0..<60).contains($0) }) else { return nil }
            return Double(values.reduce(0) { $0 * 60 + $1 }) + Double(fraction) / 1000
        }
        guard let from = seconds(start), let to = seconds(end) else { return false }
        return to >= from
    }

    /// TTML: well-formed XML whose root is `tt`, and its `xml:lang`.
    private static func ttml(_ data: Data) -> CaptionFacts {
        let document = XMLParser.parse(data)
        guard document.isWellFormed, let root = document.root else {
            let line = document.messages.first?.position.map { " (line \($0.line))" } ?? ""
            return CaptionFacts(format: .ttml, problem: "the TTML is not well-formed XML\(line)")
        }
        guard root.name == "tt" else {
            return CaptionFacts(format: .xml, problem: "the XML root is <\(root.name)>, not a TTML <tt>")
        }
        return CaptionFacts(format: .ttml, language: root.attribute("lang"))
    }
}
