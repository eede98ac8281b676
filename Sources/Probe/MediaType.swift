import Foundation

/// What kind of file a MIME type names, or a body's first bytes show: the container, not the codecs.
public enum MediaType {
    public enum Container: String, Sendable, Codable, Hashable {
        case mp4 = "MP4", webm = "WebM", ogg = "Ogg", mpegTS = "MPEG-TS", mp3 = "MP3", adts = "AAC (ADTS)", flv = "FLV"
        case hls = "HLS playlist", dash = "DASH manifest"
        case png = "PNG", jpeg = "JPEG", gif = "GIF", webp = "WebP", svg = "SVG"
        case html = "HTML", xml = "XML", javascript = "JavaScript", json = "JSON"
        case webvtt = "WebVTT", srt = "SRT", ttml = "TTML"

        /// Images a player decodes (SVG is markup).
        public var isImage: Bool { [.png, .jpeg, .gif, .webp, .svg].contains(self) }
        /// Audio or video containers and streaming manifests.
        public var isMedia: Bool { [.mp4, .webm, .ogg, .mpegTS, .mp3, .adts, .flv, .hls, .dash].contains(self) }
    }

    /// The MIME type without parameters, lower-case (`Video/MP4; codecs=...` → `video/mp4`).
    public static func essence(_ mime: String) -> String {
        String(mime.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The container a MIME type names; `nil` for a type that names none (`application/octet-stream`) or one not known.
    public static func container(of mime: String) -> Container? {
        switch essence(mime) {
        case "video/mp4", "audio/mp4", "video/x-m4v", "audio/x-m4a", "audio/m4a", "video/quicktime", "video/3gpp", "audio/3gpp":
            .mp4
        case "video/webm", "audio/webm", "video/x-matroska": .webm
        case "video/ogg", "audio/ogg", "application/ogg": .ogg
        case "video/mp2t": .mpegTS
        case "audio/mpeg", "audio/mp3", "audio/mpeg3": .mp3
        case "audio/aac", "audio/aacp", "audio/x-aac": .adts
        case "video/x-flv": .flv
        case "application/x-mpegurl", "application/vnd.apple.mpegurl", "audio/mpegurl", "audio/x-mpegurl": .hls
        case "application/dash+xml": .dash
        case "image/png": .png
        case "image/jpeg", "image/jpg", "image/pjpeg": .jpeg
        case "image/gif": .gif
        case "image/webp": .webp
        case "image/svg+xml": .svg
        case "text/html", "application/xhtml+xml": .html
        case "application/xml", "text/xml": .xml
        case "application/javascript", "text/javascript", "application/x-javascript", "application/ecmascript", "text/ecmascript":
            .javascript
        case "application/json": .json
        case "text/vtt": .webvtt
        case "text/srt", "application/x-subrip", "text/x-srt", "application/srt": .srt
        case "application/ttml+xml", "application/ttaf+xml": .ttml
        default: nil
        }
    }

    /// Two containers one declared type may legitimately be served as (AAC comes raw or in MP4; TTML is XML).
    public static func compatible(declared: Container, found: Container) -> Bool {
        if declared == found { return true }
        switch (declared, found) {
        case (.adts, .mp4), (.ttml, .xml), (.xml, .ttml), (.dash, .xml), (.svg, .xml): return true
        default: return false
        }
    }

    /// The container the first bytes of a body show, or `nil` when they show none this knows (scripts and
    /// JSON are not recognised from bytes).
    public static func sniff(_ data: Data) -> Container? {
        let bytes = [UInt8](data.prefix(512))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset ..< offset + prefix.count]) == prefix
        }
        if starts(Array("ftyp".utf8), at: 4) { return .mp4 }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return .webm }
        if starts(Array("OggS".utf8)) { return .ogg }
        if starts(Array("FLV".utf8)) { return .flv }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("ID3".utf8)) { return .mp3 }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xF6 == 0xF0 { return .adts }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0 { return .mp3 }
        if bytes.count > 376 && bytes[0] == 0x47 && bytes[188] == 0x47 { return .mpegTS }
        // Text: skip a byte-order mark and leading whitespace.
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let head = text.drop { $0.isWhitespace }.lowercased()
        if head.hasPrefix("webvtt") { return .webvtt }
        if head.hasPrefix("#extm3u") { return .hls }
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head") || head.hasPrefix("<body") {
            return .html
        }
        if head.hasPrefix("<svg") { return .svg }
        if head.hasPrefix("<") {
            if head.contains("<mpd") { return .dash }
            if head.contains("<tt ") || head.contains("<tt>") || head.contains("<tt:tt") { return .ttml }
            if head.contains("<svg") { return .svg }
            if head.contains("<html") { return .html }
            return .xml
        }
        if SubRip.looksLike(head) { return .srt }
        return nil
    }
}

/// Pixel dimensions read from an image's header, without decoding it (PNG, GIF, JPEG, WebP).
public struct ImageSize: Sendable, Codable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }

    /// The size in the header of `data`, or `nil` when the header is not one of the formats read, or is cut short.
    public static func read(_ data: Data) -> ImageSize? {
        let b = [UInt8](data.prefix(256 * 1024))
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func le24(_ i: Int) -> Int { le16(i) | Int(b[i + 2]) << 16 }
        switch MediaType.sniff(data) {
        case .png:
            guard b.count >= 24, String(decoding: b[12..<16], as: UTF8.self) == "IHDR" else { return nil }
            return ImageSize(width: be32(16), height: be32(20))
        case .gif:
            guard b.count >= 10 else { return nil }
            return ImageSize(width: le16(6), height: le16(8))
        case .webp:
            guard b.count >= 30 else { return nil }
            switch String(decoding: b[12..<16], as: UTF8.self) {
            case "VP8 ": return ImageSize(width: le16(26) & 0x3FFF, height: le16(28) & 0x3FFF)
            case "VP8L":
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                return ImageSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X": return ImageSize(width: le24(24) + 1, height: le24(27) + 1)
            default: return nil
            }
        case .jpeg:
            // Walk the segments to the first start-of-frame marker (SOF0 to SOF15 but DHT, JPG and DAC).
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
                let length = be16(i + 2)
                if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return ImageSize(width: be16(i + 7), height: be16(i + 5))
                }
                guard length >= 2 else { return nil }
                i += 2 + length
            }
            return nil
        default:
            return nil
        }
    }
}

/// SubRip (`.srt`) text: numbered cues with `00:00:01,000 --> 00:00:02,500` timings.
enum SubRip {
    /// True when the text opens as a SubRip file: a cue number, then a timing line.
    static func looksLike(_ text: some StringProtocol) -> Bool {
        let lines = text.split(whereSeparator: \.isNewline).prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.count == 2 && Int(lines[0]) != nil && lines[1].contains("-->")
    }
}
