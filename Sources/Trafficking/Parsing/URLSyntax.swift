/// A small, platform-independent reading of a URL value: enough to decide whether it is an absolute
/// URL, which scheme it uses and which host it names.
///
/// Deliberately simpler than RFC 3986 and independent of `Foundation.URL`, whose leniency differs
/// between platforms and OS versions. Values are never percent-decoded.
enum URLSyntax {
    /// Why a value is not a usable absolute URL.
    enum Problem: Error, Equatable, Sendable {
        case empty
        /// No `scheme:` prefix (a relative or protocol-relative reference, or a bare host name).
        case noScheme
        /// The scheme separator itself is percent-encoded (`https%3A%2F%2F...`).
        case percentEncoded
        /// An `http`/`https` URL without `//host`.
        case missingHost
        /// A port that is not a number.
        case badPort
        /// A space, tab, line break, control character or one of `" < > \` inside the URL.
        case forbiddenCharacter(Character)

        /// Plain words for a trafficker.
        var explanation: String {
            switch self {
            case .empty: "it is empty"
            case .noScheme: "it is not an absolute URL (it has no scheme such as https:)"
            case .percentEncoded: "it is percent-encoded (https%3A%2F%2F...); the SDK does not decode values"
            case .missingHost: "it has no host after the scheme (expected scheme://host/...)"
            case .badPort: "its port is not a number"
            case .forbiddenCharacter(let character):
                "it contains \(describe(character)), which is not allowed in a URL"
            }
        }

        private func describe(_ character: Character) -> String {
            switch character {
            case " ": "a space"
            case "\t": "a tab"
            case "\n", "\r", "\r\n": "a line break"
            case "\u{00A0}": "a non-breaking space"
            default:
                if character.isWhitespace { "a whitespace character" }
                else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    "a control character"
                } else { "'\(character)'" }
            }
        }
    }

    /// A syntactically usable absolute URL.
    struct Parsed: Equatable, Sendable {
        /// Lower-cased scheme without the colon.
        var scheme: String
        /// Lower-cased host for `http`/`https` URLs, `nil` for other schemes.
        var host: String?
        var isHTTP: Bool { scheme == "http" || scheme == "https" }
    }

    /// Schemes that must never be opened from an ad, whatever the URL policy says.
    static let unsafeSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    static func parse(_ text: Substring) -> Result<Parsed, Problem> {
        if text.isEmpty { return .failure(.empty) }
        for character in text {
            if character.isWhitespace || character == "\"" || character == "<" || character == ">"
                || character == "\\"
                || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                return .failure(.forbiddenCharacter(character))
            }
        }
        let lowered = text.prefix(8).lowercased()
        if lowered.hasPrefix("http%3a") || lowered.hasPrefix("https%3a") { return .failure(.percentEncoded) }

        guard let colon = text.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }),
            text[colon] == ":"
        else { return .failure(.noScheme) }
        let scheme = text[text.startIndex..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return .failure(.noScheme) }
        let loweredScheme = scheme.lowercased()
        guard loweredScheme == "http" || loweredScheme == "https" else {
            return .success(Parsed(scheme: loweredScheme, host: nil))
        }

        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return .failure(.missingHost) }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterSlashes.endIndex
        var authority = afterSlashes[afterSlashes.startIndex..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        var port: Substring = ""
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return .failure(.missingHost) }
            host = authority[authority.startIndex...close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { port = after.dropFirst() } else if !after.isEmpty { return .failure(.badPort) }
        } else if let portColon = authority.firstIndex(of: ":") {
            host = authority[authority.startIndex..<portColon]
            port = authority[authority.index(after: portColon)...]
        }
        guard !host.isEmpty else { return .failure(.missingHost) }
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .failure(.badPort) }
        return .success(Parsed(scheme: loweredScheme, host: host.lowercased()))
    }
}
