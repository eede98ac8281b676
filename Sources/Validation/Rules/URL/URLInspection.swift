import ConformCore
import VAST

/// What the URL rules need to know about one URL, computed from its text alone.
///
/// Macro tokens (`[NAME]`, `%%NAME%%`) and template placeholders (`${NAME}`, `{{NAME}}`) are replaced by
/// a neutral `0` before the URL is examined, so a token is never mistaken for an unencoded character or
/// a broken host.
struct URLInspection: Sendable {
    /// The trimmed text.
    let text: String
    /// The text with macro tokens and placeholders masked.
    let masked: String
    /// Lower-cased scheme, when the URL starts with one (`https`, `data`, ...).
    let scheme: String?
    /// For URLs with an authority (`scheme://…` or `//…`): the host (lower-cased) and userinfo.
    let host: String?
    let hasUserInfo: Bool
    let port: String?

    init(_ raw: String) {
        text = raw.trimmingWhitespace()
        masked = URLInspection.mayHaveTokens(text) ? URLInspection.mask(text) : text
        var bytes = masked
        (scheme, host, hasUserInfo, port) = bytes.withUTF8(Self.parts)
    }

    /// Where the parts of a (masked) URL lie in its bytes. Every delimiter looked for is ASCII, so every
    /// range starts and ends on a character boundary.
    struct Layout {
        /// The scheme before the first `:`, when it is a letter and then letters, digits, `+`, `-`, `.`.
        var scheme: Range<Int>?
        /// For URLs with an authority (`scheme://…` or `//…`): the host as written (not lower-cased).
        var host: Range<Int>?
        var hasUserInfo = false
        var port: Range<Int>?
    }

    static func layout(_ b: UnsafeBufferPointer<UInt8>) -> Layout {
        var layout = Layout()
        let n = b.count
        var rest = 0
        var colon = 0
        while colon < n, b[colon] != 0x3A { colon += 1 }
        if colon < n, colon > 0, isLetter(b[0]) {
            var ok = true
            for k in 1..<colon where !(isLetter(b[k]) || isDigit(b[k]) || b[k] == 0x2B || b[k] == 0x2D || b[k] == 0x2E) {
                ok = false
                break
            }
            if ok {
                layout.scheme = 0..<colon
                rest = colon + 1
            }
        }
        guard rest + 1 < n, b[rest] == 0x2F, b[rest + 1] == 0x2F else { return layout }
        let authorityStart = rest + 2
        var authorityEnd = authorityStart
        while authorityEnd < n, b[authorityEnd] != 0x2F, b[authorityEnd] != 0x3F, b[authorityEnd] != 0x23 { authorityEnd += 1 }
        var hostStart = authorityStart
        var k = authorityEnd
        while k > authorityStart {
            k -= 1
            if b[k] == 0x40 {
                layout.hasUserInfo = true
                hostStart = k + 1
                break
            }
        }
        if hostStart < authorityEnd, b[hostStart] == 0x5B {
            var close = hostStart
            while close < authorityEnd, b[close] != 0x5D { close += 1 }
            if close < authorityEnd {
                layout.host = hostStart..<(close + 1)
                if close + 1 < authorityEnd, b[close + 1] == 0x3A { layout.port = (close + 2)..<authorityEnd }
            } else {
                layout.host = hostStart..<authorityEnd
            }
        } else {
            var colon = authorityEnd
            while colon > hostStart, b[colon - 1] != 0x3A { colon -= 1 }
            if colon > hostStart {
                layout.host = hostStart..<(colon - 1)
                layout.port = colon..<authorityEnd
            } else {
                layout.host = hostStart..<authorityEnd
            }
        }
        return layout
    }

    /// The host's text, lower-cased.
    static func hostString(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let host = String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
        return b[range].contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }) ? host.lowercased() : host
    }

    /// Scheme, host, whether there is userinfo, and port, read from the bytes of the masked text.
    private static func parts(_ b: UnsafeBufferPointer<UInt8>) -> (String?, String?, Bool, String?) {
        let layout = layout(b)
        var scheme: String?
        if let range = layout.scheme {
            let count = range.count
            if count == 4 || count == 5, b[0] | 0x20 == 0x68, b[1] | 0x20 == 0x74, b[2] | 0x20 == 0x74, b[3] | 0x20 == 0x70,
               count == 4 || b[4] | 0x20 == 0x73 {
                // http and https, the common case, without building the lower-cased copy.
                scheme = count == 4 ? "http" : "https"
            } else {
                var lower = [UInt8](UnsafeBufferPointer(rebasing: b[range]))
                for k in lower.indices where lower[k] >= 0x41 && lower[k] <= 0x5A { lower[k] |= 0x20 }
                scheme = String(decoding: lower, as: UTF8.self)
            }
        }
        let host = layout.host.map { hostString(b, $0) }
        let port = layout.port.map { String(decoding: UnsafeBufferPointer(rebasing: b[$0]), as: UTF8.self) }
        return (scheme, host, layout.hasUserInfo, port)
    }

    /// Whether `url` may contain a macro token or template placeholder (`[`, `%%`, `${`, `{{`).
    static func mayHaveTokens(_ url: String) -> Bool {
        func opens(_ b: UInt8) -> Bool { b == 0x5B || b == 0x25 || b == 0x24 || b == 0x7B }
        return url.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes where opens(b) { return true }
            return false
        } ?? url.utf8.contains(where: opens)
    }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Why the URL cannot be used as an absolute URL, or `nil` when its structure is sound.
    /// Unencoded characters and whitespace are left to their own rules.
    var structuralProblem: String? {
        guard !text.isEmpty else { return nil }
        guard let scheme else {
            return masked.hasPrefix("//")
                ? "is protocol-relative (starts with //); players outside a web page cannot resolve it"
                : "has no scheme (such as https:)"
        }
        guard scheme == "http" || scheme == "https" else { return nil }
        guard let host else { return "has no //host after \(scheme):" }
        if host.isEmpty { return "has an empty host" }
        if host.hasPrefix("[") {
            if !host.hasSuffix("]") { return "has an unterminated IPv6 host" }
        } else if !host.unicodeScalars.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || $0 == "-" || $0 == "." || $0 == "_" || $0 == "%" || $0.value > 127 }) {
            return "has a host \"\(host)\" with characters a host name cannot contain"
        } else if host.hasPrefix(".") || host.hasSuffix("..") || host.containsBytes("..") {
            return "has a malformed host \"\(host)\""
        }
        if let port {
            guard port.unicodeScalars.allSatisfy(Self.isDigit), (Int(port) ?? 0) <= 65535 else {
                return "has a port \"\(port)\" that is not a number from 0 to 65535"
            }
        }
        return nil
    }

    /// The distinct characters RFC 3986 does not allow unencoded, in order of first appearance.
    /// Whitespace is excluded (see the whitespace rule).
    var unencodedCharacters: [Character] { Self.unencodedCharacters(ofMasked: masked) }

    /// ``unencodedCharacters`` of `raw`, without the rest of an inspection (scheme, host, port).
    static func unencodedCharacters(in raw: String) -> [Character] {
        let text = raw.trimmingWhitespace()
        return unencodedCharacters(ofMasked: mayHaveTokens(text) ? mask(text) : text)
    }

    private static func unencodedCharacters(ofMasked masked: String) -> [Character] {
        // ASCII text (the common case) is checked byte by byte, in place; other text character by character.
        var text = masked
        let ascii = text.withUTF8 { bytes -> [UInt8]? in
            var seen: [UInt8] = []
            for b in bytes {
                if b >= 0x80 { return nil }
                if isUnencodedASCII(b) && !seen.contains(b) { seen.append(b) }
            }
            return seen
        }
        if let ascii { return ascii.map { Character(Unicode.Scalar($0)) } }
        var seen: [Character] = []
        for character in masked {
            let isBad: Bool
            if let ascii = character.asciiValue {
                isBad = character.isWhitespace ? false : isUnencodedASCII(ascii)
            } else {
                isBad = !character.isWhitespace
            }
            if isBad && !seen.contains(character) { seen.append(character) }
        }
        return seen
    }

    /// ASCII bytes RFC 3986 does not allow unencoded: controls other than whitespace, DEL, and
    /// `"<>\^`{|}`. Whitespace (tab, LF, VT, FF, CR, space) is left to the whitespace rule.
    static func isUnencodedASCII(_ b: UInt8) -> Bool {
        switch b {
        case 0x09...0x0D, 0x20: false
        case 0x00..<0x20, 0x7F: true
        case 0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7B, 0x7C, 0x7D: true
        default: false
        }
    }

    /// Replaces `[NAME]`, `%%NAME%%`, `${NAME}` and `{{NAME}}` tokens by `0`.
    static func mask(_ url: String) -> String {
        var source = url
        return source.withUTF8 { bytes -> String in
            let n = bytes.count
            var out: [UInt8] = []
            out.reserveCapacity(n)
            var i = 0
            while i < n {
                if let tokenEnd = tokenEnd(bytes, at: i) {
                    out.append(0x30)
                    i = tokenEnd
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The byte ranges of the `[NAME]`, `%%NAME%%`, `${NAME}` and `{{NAME}}` tokens of `bytes`, in order.
    static func tokenRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { bytes in
            var out: [Range<Int>] = []
            var i = 0
            while i < bytes.count {
                if let end = tokenEnd(bytes, at: i) {
                    out.append(i ..< end)
                    i = end
                } else {
                    i += 1
                }
            }
            return out
        }
    }

    /// Where the token starting at `i` ends (exclusive), if one starts there. A name is letters, digits, `_`,
    /// `.` and `-`.
    @inline(__always)
    static func tokenEnd(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = bytes.count
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2E || b == 0x2D
        }
        func nameEnd(from start: Int) -> Int {
            var j = start
            while j < n, isNameByte(bytes[j]) { j += 1 }
            return j
        }
        let c = bytes[i]
        if c == 0x5B {
            let j = nameEnd(from: i + 1)
            if j > i + 1, j < n, bytes[j] == 0x5D { return j + 1 }
        } else if c == 0x25, i + 1 < n, bytes[i + 1] == 0x25 {
            let j = nameEnd(from: i + 2)
            if j > i + 2, j + 1 < n, bytes[j] == 0x25, bytes[j + 1] == 0x25 { return j + 2 }
        } else if c == 0x24, i + 1 < n, bytes[i + 1] == 0x7B {
            let j = nameEnd(from: i + 2)
            if j > i + 2, j < n, bytes[j] == 0x7D { return j + 1 }
        } else if c == 0x7B, i + 1 < n, bytes[i + 1] == 0x7B {
            let j = nameEnd(from: i + 2)
            if j > i + 2, j + 1 < n, bytes[j] == 0x7D, bytes[j + 1] == 0x7D { return j + 2 }
        }
        return nil
    }

    // MARK: Fast paths
    //
    // Most URLs in a tag are clean https URLs; these checks look at the bytes once and let the rules skip
    // the full inspection when nothing can be wrong.

    /// The lower-cased scheme of `url` (trimmed), or `nil` when it has none. Cheaper than a full inspection.
    static func scheme(of url: String) -> String? {
        var scheme: [UInt8] = []
        for byte in url.utf8 {
            if byte == UInt8(ascii: ":") { break }
            let isLetter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
            let isOther = (byte >= 48 && byte <= 57) || byte == 43 || byte == 45 || byte == 46
            if scheme.isEmpty ? !isLetter : !(isLetter || isOther) { return nil }
            scheme.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
        }
        guard !scheme.isEmpty, scheme.count < url.utf8.count else { return nil }
        return String(decoding: scheme, as: UTF8.self)
    }

    /// Whether `url` contains a byte that RFC 3986 forbids unencoded (or any non-ASCII byte), so a full
    /// inspection is needed; macro tokens are not considered here.
    static func mayHaveUnencodedCharacters(_ url: String) -> Bool {
        url.utf8.contains { byte in
            byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x3C || byte == 0x3E || byte == 0x5C
                || byte == 0x5E || byte == 0x60 || byte == 0x7B || byte == 0x7C || byte == 0x7D
        }
    }

    static func isLetter(_ c: Unicode.Scalar) -> Bool { (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
}

extension URLRole {
    /// Media roles (MediaFile, Mezzanine, InteractiveCreativeFile, ClosedCaptionFile) have their own https rule.
    var isMedia: Bool { self == .mediaFile }
}
