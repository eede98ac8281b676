import ConformCore
import VAST

/// What one look at a URL's bytes tells the URL and macro rules, so that each rule does its detailed
/// (slower) work only for the few URLs whose flags say it may find something.
///
/// Every flag is computed from the URL text as written (not trimmed, not masked) and is a superset of the
/// condition a rule tests: when a flag is clear the rule cannot report the URL; when it is set the rule
/// runs its own full check. Findings therefore do not depend on these facts, only the speed does.
///
/// Host facts look only at the authority as written: the bytes after the first `//` up to the next `/`,
/// `?` or `#`. `URLInspection` finds the host in the text with macros masked, but a macro token holds none
/// of `/ ? # :`, so the masked authority lies at the same place, and a word without `0` in the masked host
/// (a token becomes `0`) is a word of the raw authority.
struct URLFacts: Sendable {
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt32
        /// No text at all.
        static let empty = Flags(rawValue: 1 << 0)
        /// An ASCII whitespace byte (space, tab, LF, CR, VT, FF).
        static let whitespaceByte = Flags(rawValue: 1 << 1)
        /// A byte of 0x80 or more.
        static let nonASCII = Flags(rawValue: 1 << 2)
        /// A byte RFC 3986 forbids unencoded (controls, DEL, non-ASCII, `"<>\^`{|}`).
        static let forbiddenByte = Flags(rawValue: 1 << 3)
        /// `#`.
        static let hash = Flags(rawValue: 1 << 4)
        /// `@`.
        static let at = Flags(rawValue: 1 << 5)
        /// `%`.
        static let percent = Flags(rawValue: 1 << 6)
        /// `[` or `]`.
        static let bracket = Flags(rawValue: 1 << 7)
        /// `[` or `%`: the URL may hold a macro token.
        static let mayHaveMacro = Flags(rawValue: 1 << 8)
        /// `${` or `{{`.
        static let templateOpen = Flags(rawValue: 1 << 9)
        /// `&amp;`.
        static let escapedAmpersand = Flags(rawValue: 1 << 10)
        /// `%5B` or `%5b`.
        static let encodedBracket = Flags(rawValue: 1 << 11)
        /// `%25` followed by two hex digits.
        static let doubleEncoded = Flags(rawValue: 1 << 12)
        /// A `%` not followed by two hex digits, in the unmasked text (masking macros can only remove such
        /// a `%`, never add one).
        static let brokenEscape = Flags(rawValue: 1 << 13)
        /// The host may be local: after the first `//`, the text starts with a digit, `[` or another macro
        /// opener (`%`, `$`, `{`), or the URL has `@`, or the authority holds "localhost" in any case.
        static let mayBeLocal = Flags(rawValue: 1 << 14)
        /// `example`, `test` or `invalid` in any case in the authority, or a non-ASCII byte: the host may be
        /// a placeholder.
        static let mayBePlaceholder = Flags(rawValue: 1 << 15)
        /// `URLInvalidRule.looksSound` holds: `http(s)://` and a plain host.
        static let looksSound = Flags(rawValue: 1 << 16)
        /// A `[` not followed by a name and `]`, or a `]` that does not close such a `[NAME`: a macro may
        /// miss a bracket.
        static let unbalancedBracket = Flags(rawValue: 1 << 17)
    }

    /// The scheme as `URLInspection.scheme(of:)` finds it.
    enum Scheme: UInt8, Sendable {
        case none, http, https, other
    }

    let flags: Flags
    let scheme: Scheme
    /// For a `looksSound` URL, where its host ends (it starts after `http://` or `https://`); 0 otherwise.
    let soundHostEnd: UInt32

    /// No macro token or template placeholder can be in the URL (no `[`, `%`, `${`, `{{`) and it has no
    /// ASCII whitespace: `URLInspection` would neither mask nor trim it.
    var isPlain: Bool { flags.isDisjoint(with: [.mayHaveMacro, .templateOpen, .whitespaceByte]) }

    /// Whether the URL contains whitespace (exactly `URLWhitespaceRule.hasWhitespace`).
    func hasWhitespace(_ url: String) -> Bool {
        if flags.contains(.whitespaceByte) { return true }
        return flags.contains(.nonASCII) && URLWhitespaceRule.hasWhitespace(url)
    }

    /// The lower-cased scheme, as `URLInspection.scheme(of:)` returns it.
    func schemeName(_ url: String) -> String? {
        switch scheme {
        case .none: nil
        case .http: "http"
        case .https: "https"
        case .other: URLInspection.scheme(of: url)
        }
    }

    init(_ url: String) {
        var copy = url
        var spans: [TokenSpan] = []
        (flags, scheme, soundHostEnd) = copy.withUTF8 { Self.scan($0, tokens: &spans) }
    }

    /// The facts of `bytes`, with the macro tokens (`[NAME]`, `%%NAME%%`) found as `Macros.occurrences(in:)`
    /// finds them, as byte ranges (character ranges only when the text is ASCII).
    init(bytes: UnsafeBufferPointer<UInt8>, tokens: inout [TokenSpan]) {
        (flags, scheme, soundHostEnd) = Self.scan(bytes, tokens: &tokens)
    }

    /// A macro token found by the scan: `[NAME]` or `%%NAME%%` at `start..<end`, the name at `nameStart..<nameEnd`.
    struct TokenSpan {
        var start: Int
        var end: Int
        var form: MacroOccurrence.Form
        var nameStart: Int { form == .brackets ? start + 1 : start + 2 }
        var nameEnd: Int { form == .brackets ? end - 1 : end - 2 }
    }

    /// 1 for the bytes the scan must look at: controls, space, `"#$%;<>@[\]^\`{|}`, DEL and non-ASCII (not `~`).
    private static let notableTable: [UInt8] = (0..<256).map { b in
        b <= 0x20 || (b >= 0x7B && b != 0x7E) || [0x22, 0x23, 0x24, 0x25, 0x3B, 0x3C, 0x3E, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x60].contains(b) ? 1 : 0
    }
    /// ``notableTable`` as a pointer that lives as long as the program (the table is never freed).
    /// Read-only after its initialisation.
    nonisolated(unsafe) private static let notable: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        pointer.initialize(from: notableTable, count: 256)
        return UnsafePointer(pointer)
    }()

    /// For the bytes of an authority: 1 for a byte of a plain lower-case host name (`a-z 0-9 - .`), 2 for the
    /// first letter of a word the host facts look for (`e t i l`, any case), 4 for a byte that ends the
    /// authority (`/ ? #`). Read-only after its initialisation.
    nonisolated(unsafe) private static let hostBytes: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 {
            var kind: UInt8 = 0
            if (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 45 || b == 46 { kind |= 1 }
            if [0x65, 0x74, 0x69, 0x6C].contains(b | 0x20) { kind |= 2 }
            if b == 0x2F || b == 0x3F || b == 0x23 { kind |= 4 }
            (pointer + b).initialize(to: kind)
        }
        return UnsafePointer(pointer)
    }()

    private static func isHex(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102) }

    /// Whether `word` (lower-case ASCII letters) starts at `i`, in any case.
    private static func hasWord(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i + count <= bytes.count else { return false }
        let w = word.utf8Start
        for k in 0..<count where bytes[i + k] | 0x20 != w[k] { return false }
        return true
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, tokens: inout [TokenSpan]) -> (Flags, Scheme, UInt32) {
        let n = bytes.count
        var flags: Flags = n == 0 ? [.empty] : []
        var soundHostEnd: UInt32 = 0
        var doubleSlash = -1
        var localhost = false
        // The `]` that closes the last `[NAME` seen.
        var matchedClose = -1
        // Macro tokens do not overlap: a token may start only after the previous one.
        var tokenResume = 0
        func isNameByte(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || (b >= 0x30 && b <= 0x39) }
        // The first `//` (usually right after the scheme).
        var k = 0
        while k + 1 < n {
            if bytes[k] == 0x2F, bytes[k + 1] == 0x2F {
                doubleSlash = k
                break
            }
            k += 1
        }
        var i = 0
        let notable = Self.notable
        let base = bytes.baseAddress
        while i < n {
            // Most bytes (letters, digits, `./&-_=?:,+*!'()~`) matter to no flag: a table look-up skips them,
            // eight at a time while none of the eight is notable (one test per eight bytes instead of one per byte).
            if let base {
                while i + 8 <= n {
                    let p = base + i
                    let any = notable[Int(p[0])] | notable[Int(p[1])] | notable[Int(p[2])] | notable[Int(p[3])]
                        | notable[Int(p[4])] | notable[Int(p[5])] | notable[Int(p[6])] | notable[Int(p[7])]
                    if any != 0 { break }
                    i += 8
                }
            }
            while i < n, notable[Int(bytes[i])] == 0 { i += 1 }
            guard i < n else { break }
            let b = bytes[i]
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                flags.insert(.whitespaceByte)
                if b != 0x20 { flags.insert(.forbiddenByte) }
            case 0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7C, 0x7F:
                flags.insert(.forbiddenByte)
            case 0x7B:
                flags.insert(.forbiddenByte)
                if i + 1 < n, bytes[i + 1] == 0x7B { flags.insert(.templateOpen) }
            case 0x7D:
                flags.insert(.forbiddenByte)
            case 0x24:
                if i + 1 < n, bytes[i + 1] == 0x7B { flags.insert(.templateOpen) }
            case 0x23:
                flags.insert(.hash)
            case 0x40:
                flags.insert(.at)
            case 0x5B:
                flags.insert([.bracket, .mayHaveMacro])
                var j = i + 1
                while j < n, isNameByte(bytes[j]) { j += 1 }
                if j > i + 1, j < n, bytes[j] == 0x5D {
                    matchedClose = j
                    if i >= tokenResume {
                        tokens.append(TokenSpan(start: i, end: j + 1, form: .brackets))
                        tokenResume = j + 1
                    }
                } else {
                    flags.insert(.unbalancedBracket)
                }
            case 0x5D:
                flags.insert(.bracket)
                if i != matchedClose { flags.insert(.unbalancedBracket) }
            case 0x25:
                flags.insert([.percent, .mayHaveMacro])
                if i >= tokenResume, i + 1 < n, bytes[i + 1] == 0x25 {
                    var j = i + 2
                    while j < n, isNameByte(bytes[j]) { j += 1 }
                    if j > i + 2, j + 1 < n, bytes[j] == 0x25, bytes[j + 1] == 0x25 {
                        tokens.append(TokenSpan(start: i, end: j + 2, form: .percent))
                        tokenResume = j + 2
                    }
                }
                if !(i + 2 < n && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) { flags.insert(.brokenEscape) }
                if i + 2 < n, bytes[i + 1] == 0x35, bytes[i + 2] | 0x20 == 0x62 { flags.insert(.encodedBracket) }
                if i + 4 < n, bytes[i + 1] == 0x32, bytes[i + 2] == 0x35, isHex(bytes[i + 3]), isHex(bytes[i + 4]) {
                    flags.insert(.doubleEncoded)
                }
            case 0x3B:
                // `&amp;`, seen from its `;` (rarer in URLs than `&`).
                if i >= 4, bytes[i - 4] == 0x26, bytes[i - 3] == 0x61, bytes[i - 2] == 0x6D, bytes[i - 1] == 0x70 {
                    flags.insert(.escapedAmpersand)
                }
            default:
                if b < 0x20 { flags.insert(.forbiddenByte) }
                if b >= 0x80 { flags.insert([.nonASCII, .forbiddenByte, .mayBePlaceholder]) }
            }
            i += 1
        }
        let scheme = Self.scheme(bytes)
        if doubleSlash >= 0, doubleSlash + 2 < n {
            // The authority as written, and the host words in it; and whether it is a plain lower-case host
            // name, as `URLInvalidRule.looksSound` wants.
            let start = doubleSlash + 2
            var k = start
            // The kinds of all bytes and'ed together: bit 1 stays set while every byte is a plain host byte.
            var kinds: UInt8 = 1
            var emptyLabel = false
            let hostBytes = Self.hostBytes
            while k < n {
                let c = bytes[k]
                let kind = hostBytes[Int(c)]
                if kind & 4 != 0 { break }
                kinds &= kind
                if kind & 2 != 0 {
                    switch c | 0x20 {
                    case 0x65: if hasWord(bytes, at: k, "example") { flags.insert(.mayBePlaceholder) }
                    case 0x74: if hasWord(bytes, at: k, "test") { flags.insert(.mayBePlaceholder) }
                    case 0x69: if hasWord(bytes, at: k, "invalid") { flags.insert(.mayBePlaceholder) }
                    default: if hasWord(bytes, at: k, "localhost") { localhost = true }
                    }
                }
                // A dot may not start the host or follow another dot.
                if c == 46, k == start || bytes[k - 1] == 46 { emptyLabel = true }
                k += 1
            }
            let plainHost = kinds & 1 != 0 && !emptyLabel
            // looksSound: `https://` or `http://` in lower case, then a non-empty plain host.
            if plainHost, k > doubleSlash + 2, scheme == .http || scheme == .https,
               doubleSlash == (scheme == .https ? 6 : 5), !(0..<doubleSlash - 1).contains(where: { bytes[$0] >= 65 && bytes[$0] <= 90 }) {
                flags.insert(.looksSound)
                soundHostEnd = UInt32(truncatingIfNeeded: k)
            }
            // A local host is "localhost", a bracketed IPv6 literal or an IP address: written at the start of
            // the authority (perhaps as a macro, which masks to `0`), or after userinfo.
            let first = bytes[doubleSlash + 2]
            if (first >= 48 && first <= 57) || first == 0x5B || first == 0x25 || first == 0x24 || first == 0x7B
                || flags.contains(.at) || localhost {
                flags.insert(.mayBeLocal)
            }
        }
        return (flags, scheme, soundHostEnd)
    }

    /// The scheme as `URLInspection.scheme(of:)` reads it: the bytes before the first `:`, a letter then
    /// letters, digits, `+`, `-` or `.`.
    private static func scheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Scheme {
        var end = -1
        for (i, byte) in bytes.enumerated() {
            if byte == 0x3A { end = i; break }
            let isLetter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
            let isOther = (byte >= 48 && byte <= 57) || byte == 43 || byte == 45 || byte == 46
            if i == 0 ? !isLetter : !(isLetter || isOther) { return .none }
        }
        guard end > 0 else { return .none }
        if end == 4, hasWord(bytes, at: 0, "http") { return .http }
        if end == 5, hasWord(bytes, at: 0, "https") { return .https }
        return .other
    }

}

/// The facts of every URL of an input and the macro tokens in them, from one scan of each URL's bytes.
struct URLScan {
    /// Aligned with `RuleContext.urls`.
    var facts: [URLFacts] = []
    /// In URL order.
    var tokens: [MacroToken] = []

    init(_ urls: [URLItem]) {
        facts.reserveCapacity(urls.count)
        var collector = MacroFacts.Collector()
        // Room for about one token per URL (cache busters, timestamps), so the list does not grow by doubling.
        collector.out.reserveCapacity(urls.count)
        var spans: [URLFacts.TokenSpan] = []
        for index in urls.indices {
            var text = urls[index].node.value
            spans.removeAll(keepingCapacity: true)
            let role = urls[index].role
            let facts = text.withUTF8 { bytes -> URLFacts in
                let facts = URLFacts(bytes: bytes, tokens: &spans)
                if !facts.flags.contains(.nonASCII) {
                    for span in spans { collector.add(span, of: bytes, url: index, role: role) }
                }
                return facts
            }
            // Character offsets of non-ASCII text come from the scalar scan.
            if facts.flags.contains(.nonASCII), facts.flags.contains(.mayHaveMacro) {
                collector.addScalarTokens(of: text, url: index, role: role)
            }
            self.facts.append(facts)
        }
        tokens = collector.out
    }
}
