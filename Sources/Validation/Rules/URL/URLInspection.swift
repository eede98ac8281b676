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
        // Every delimiter looked for is ASCII, so UTF-8 indices found here are valid String indices.
        let bytes = masked.utf8
        var scheme: String?
        var restStart = bytes.startIndex
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            let candidate = bytes[bytes.startIndex..<colon]
            if let first = candidate.first, Self.isLetter(first),
               candidate.allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }) {
                scheme = String(masked[..<colon]).lowercased()
                restStart = bytes.index(after: colon)
            }
        }
        self.scheme = scheme
        var host: String?
        var userInfo = false
        var port: String?
        let rest = masked[restStart...]
        if rest.utf8.starts(with: [0x2F, 0x2F]) {
            let authorityStart = rest.utf8.index(rest.utf8.startIndex, offsetBy: 2)
            let tail = rest.utf8[authorityStart...]
            let authorityEnd = tail.firstIndex { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 } ?? tail.endIndex
            let authority = masked[authorityStart..<authorityEnd]
            var hostPort = authority
            if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
                userInfo = true
                hostPort = masked[authority.utf8.index(after: at)..<authorityEnd]
            }
            let hp = hostPort.utf8
            if hp.first == UInt8(ascii: "[") {
                if let close = hp.firstIndex(of: UInt8(ascii: "]")) {
                    host = String(masked[hp.startIndex...close])
                    let after = hp.index(after: close)
                    if after < hp.endIndex, hp[after] == UInt8(ascii: ":") {
                        port = String(masked[hp.index(after: after)..<hp.endIndex])
                    }
                } else {
                    host = String(hostPort)
                }
            } else if let colon = hp.lastIndex(of: UInt8(ascii: ":")) {
                host = String(masked[hp.startIndex..<colon])
                port = String(masked[hp.index(after: colon)..<hp.endIndex])
            } else {
                host = String(hostPort)
            }
            if let h = host, h.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) || h.utf8.contains(where: { $0 >= 0x80 }) {
                host = h.lowercased()
            }
        }
        self.host = host
        self.hasUserInfo = userInfo
        self.port = port
    }

    /// Whether `url` may contain a macro token or template placeholder (`[`, `%%`, `${`, `{{`).
    static func mayHaveTokens(_ url: String) -> Bool {
        url.utf8.contains { $0 == 0x5B || $0 == 0x25 || $0 == 0x24 || $0 == 0x7B }
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
    var unencodedCharacters: [Character] {
        // ASCII text (the common case) is checked byte by byte; other text character by character.
        if masked.utf8.allSatisfy({ $0 < 0x80 }) {
            var seen: [UInt8] = []
            for b in masked.utf8 where Self.isUnencodedASCII(b) && !seen.contains(b) { seen.append(b) }
            return seen.map { Character(Unicode.Scalar($0)) }
        }
        var seen: [Character] = []
        for character in masked {
            let isBad: Bool
            if let ascii = character.asciiValue {
                isBad = character.isWhitespace ? false : Self.isUnencodedASCII(ascii)
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
            func isNameByte(_ b: UInt8) -> Bool {
                (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2E || b == 0x2D
            }
            let n = bytes.count
            func nameEnd(from start: Int) -> Int {
                var j = start
                while j < n, isNameByte(bytes[j]) { j += 1 }
                return j
            }
            var out: [UInt8] = []
            out.reserveCapacity(n)
            var i = 0
            while i < n {
                let c = bytes[i]
                var tokenEnd: Int?
                if c == 0x5B {
                    let j = nameEnd(from: i + 1)
                    if j > i + 1, j < n, bytes[j] == 0x5D { tokenEnd = j + 1 }
                } else if c == 0x25, i + 1 < n, bytes[i + 1] == 0x25 {
                    let j = nameEnd(from: i + 2)
                    if j > i + 2, j + 1 < n, bytes[j] == 0x25, bytes[j + 1] == 0x25 { tokenEnd = j + 2 }
                } else if c == 0x24, i + 1 < n, bytes[i + 1] == 0x7B {
                    let j = nameEnd(from: i + 2)
                    if j > i + 2, j < n, bytes[j] == 0x7D { tokenEnd = j + 1 }
                } else if c == 0x7B, i + 1 < n, bytes[i + 1] == 0x7B {
                    let j = nameEnd(from: i + 2)
                    if j > i + 2, j + 1 < n, bytes[j] == 0x7D, bytes[j + 1] == 0x7D { tokenEnd = j + 2 }
                }
                if let tokenEnd {
                    out.append(0x30)
                    i = tokenEnd
                } else {
                    out.append(c)
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
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
