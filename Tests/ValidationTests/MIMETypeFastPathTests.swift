import ConformCore
import Testing
@testable import Validation

/// The byte-level MIME checks give the answers of the character-level definitions they replace.
@Suite struct MIMETypeFastPathTests {
    /// The character-level definitions, as they were written before the byte paths.
    static func referenceWellFormed(_ raw: String) -> Bool {
        let essence = raw.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingWhitespace()
        let parts = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { b in
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                    || [0x21, 0x23, 0x24, 0x26, 0x2D, 0x5E, 0x5F, 0x2E, 0x2B].contains(b)
            }
        }
    }

    static func referenceFlash(_ raw: String) -> Bool {
        let lower = raw.lowercased()
        return lower.contains("shockwave-flash") || lower == "video/x-flv" || lower.hasPrefix("application/x-shockwave")
    }

    static let samples: [String] = {
        var out = ["", "video/mp4", " video/mp4 ", "video/mp4; codecs=\"avc1\"", "video//mp4", "/mp4", "video/", "video/mp4/x",
                   "VIDEO/MP4", "video/mp 4", "video/mp4;", ";video/mp4", "application/x-shockwave-flash", "Application/X-Shockwave",
                   "video/x-flv", "VIDEO/X-FLV", "video/x-flv ", "x/shockwave-flash", "shockwave-flash", "video/\tmp4", "\tvideo/mp4\n",
                   "vidéo/mp4", "video/mp4\r\n", "image/png", "text/html;charset=utf-8", "a/b;c/d"]
        let pieces = ["video", "/", ";", " ", "\t", "mp4", "x-flv", "application", "x-shockwave", "-flash", "SHOCKWAVE", "+", "!", "\"", "é", "\r"]
        var state: UInt64 = 42
        for _ in 0..<3000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for k in 0..<Int(state >> 60) { text += pieces[Int((state >> UInt64(k * 4)) & 0xF) % pieces.count] }
            out.append(text)
        }
        return out
    }()

    @Test func byteChecksAgreeWithTheDefinitions() {
        for raw in Self.samples {
            #expect(MIMEType.isWellFormed(raw) == Self.referenceWellFormed(raw), "\(raw)")
            #expect(MIMEType.isFlash(raw) == Self.referenceFlash(raw), "\(raw)")
        }
    }
}
