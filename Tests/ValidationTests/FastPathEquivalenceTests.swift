import ConformCore
import Testing
import VAST
@testable import Validation

/// The byte-level fast paths of the rule pass must give exactly what the plain `String` code they
/// replaced gives. Each test here keeps that plain code as the reference and compares on many inputs.
@Suite struct FastPathEquivalenceTests {
    /// The scheme, host, userinfo and port of a masked URL, read with `String` indices as the URL rules
    /// first did.
    static func referenceParts(_ masked: String) -> (scheme: String?, host: String?, userInfo: Bool, port: String?) {
        let bytes = masked.utf8
        var scheme: String?
        var restStart = bytes.startIndex
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            let candidate = bytes[bytes.startIndex..<colon]
            if let first = candidate.first, URLInspection.isLetter(first),
               candidate.allSatisfy({ URLInspection.isLetter($0) || URLInspection.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }) {
                scheme = String(masked[..<colon]).lowercased()
                restStart = bytes.index(after: colon)
            }
        }
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
            if let h = host, h.utf8.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }) { host = h.lowercased() }
        }
        return (scheme, host, userInfo, port)
    }

    @Test func vendorWhitespaceMatchesTheCharacterWalk() {
        var vendors = ["company.com-omid", "a b.com-omid", "x.com-omid\t", "x.com\u{0B}-omid", "x.com\u{0C}-o", "x.com-o\r\n",
                       "x.com-o\n", "\u{00A0}x.com-omid", "x.com\u{2003}-omid", "x.com\u{0085}-omid", "é.com-omid", "", " ",
                       "x.com\u{1F}-omid", "x.com\u{7F}-omid"]
        for byte in UInt8(0) ..< 0x80 { vendors.append("v.com-\(Character(Unicode.Scalar(byte)))x") }
        for vendor in vendors {
            #expect(VerificationVendorFormatRule.hasWhitespace(vendor) == vendor.contains(where: \.isWhitespace), "\(vendor.debugDescription)")
        }
    }

    @Test func urlPartsMatchTheStringReading() {
        let extra = ["HtTpS://A.B/", "hTTp://x", "https://u@[::1]:8080/p", "https://[::1", "https://h:1:2/", "ftp://@/", "http:",
                     "https://ÉXAMPLE.com/", "a+b-c.d://h", "1http://h", "https://h?x#y", "https://h#@x", "HTTPSS://h", "htt://h"]
        for url in URLFactsTests.samples + URLFactsTests.generated + extra {
            let inspection = URLInspection(url)
            let want = Self.referenceParts(inspection.masked)
            #expect(inspection.scheme == want.scheme, "\(url)")
            #expect(inspection.host == want.host, "\(url)")
            #expect(inspection.hasUserInfo == want.userInfo, "\(url)")
            #expect(inspection.port == want.port, "\(url)")
        }
    }

    @Test func unencodedCharactersMatchTheCharacterReading() {
        // The byte reading of ASCII URLs and the inspection-free entry point against a reading character by
        // character of the masked URL.
        let extra = ["https://i.example/a|b|c{d}", "https://i.example/\u{7F}x\u{1F}", "https://é.example/a|b", "https://i.example/a\r\nb\"c",
                     " https://i.example/{{ID}}|[X]^`\\ ", "https://i.example/a\u{00A0}b\u{2003}c", "https://i.example/\u{301}x<y>", ""]
        var found = 0
        for url in URLFactsTests.samples + URLFactsTests.generated + extra {
            let inspection = URLInspection(url)
            var reference: [Character] = []
            for character in inspection.masked {
                let bad = character.asciiValue.map { !character.isWhitespace && URLInspection.isUnencodedASCII($0) } ?? !character.isWhitespace
                if bad && !reference.contains(character) { reference.append(character) }
            }
            #expect(inspection.unencodedCharacters == reference, "\(url.debugDescription)")
            #expect(URLInspection.unencodedCharacters(in: url) == reference, "\(url.debugDescription)")
            found += reference.isEmpty ? 0 : 1
        }
        #expect(found >= extra.count - 1)
    }

    @Test func unencodedControlCharactersAreNamedByCodePoint() {
        let tag = SketchTag.inLine("4.2", "<Impression><![CDATA[https://i.example/a\u{7F}b|é]]></Impression>")
        let messages = Validator.validate(VASTDecoder.decode(tag.text)).filter { $0.ruleID == "VAST-2.0-url-unencoded" }.map(\.message)
        #expect(messages == ["the URL in <Impression> has unencoded characters: U+7F | é"])
    }

    @Test func plainURLsArePlaceholdersExactlyWhenTheirInspectedHostIs() {
        let extra = ["https://WWW.Example.COM/x", "https://a.b.TEST./", "https://u@example.org:8080/", "https://[::1]/",
                     "https://examples.com/", "https://test.com/", "https://INVALID"]
        let urls = (URLFactsTests.samples + URLFactsTests.generated + extra).filter { URLFacts($0).isPlain }
        let (decided, placeholders) = Self.compareVerdicts(urls, URLPlaceholderHostRule.plainVerdict, mayLeaveUndecided: true)
        #expect(decided > 1000 && placeholders > 10)
    }

    /// Compares a fast placeholder verdict with the placeholder check of the inspected host on each URL;
    /// returns how many URLs it decided and how many of those are placeholders.
    static func compareVerdicts(_ urls: [String], _ verdict: (String) -> URLPlaceholderHostRule.Verdict,
                                mayLeaveUndecided: Bool) -> (decided: Int, placeholders: Int) {
        var decided = 0, placeholders = 0
        for url in urls {
            let host = URLInspection(url).host
            let reference = host.map(URLPlaceholderHostRule.isPlaceholder) ?? false
            switch verdict(url) {
            case .placeholder(let found):
                decided += 1
                placeholders += 1
                #expect(reference && found == host, "\(url)")
            case .notPlaceholder:
                decided += 1
                #expect(!reference, "\(url)")
            case .unknown:
                #expect(mayLeaveUndecided, "\(url) is left undecided")
            }
        }
        return (decided, placeholders)
    }

    @Test func soundURLsArePlaceholdersExactlyWhenTheirInspectedHostIs() {
        // Sound URLs built from host pieces, with and without a path, query or fragment.
        let hostPieces = ["www", "a", "0", "-", ".", "example", "test", "invalid", "examples", "com", "net", "org", "x-test"]
        let tails = ["", "/", "/p?q=1", "?q", "#f", "/a#b"]
        var state: UInt64 = 0x0DDB_1A5E_5BAD_5EED
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let built = (0..<3000).map { _ in
            (next() % 2 == 0 ? "https://" : "http://") + (0..<(1 + next() % 5)).map { _ in hostPieces[next() % hostPieces.count] }.joined()
                + tails[next() % tails.count]
        }
        let extra = ["https://www.example.com/x", "http://a.b.test./", "https://example.org?q", "https://example.net#f",
                     "https://examples.com/", "https://test.com/", "https://invalid", "https://x.example", "http://example"]
        let urls = (URLFactsTests.samples + URLFactsTests.generated + built + extra).filter { URLFacts($0).flags.contains(.looksSound) }
        let (decided, placeholders) = Self.compareVerdicts(urls, { URLPlaceholderHostRule.soundVerdict($0, facts: URLFacts($0)) }, mayLeaveUndecided: false)
        #expect(decided > 500 && placeholders > 10)
    }

    @Test func catalogueMacroFactsEqualTheWorkedOutFacts() {
        let names = MacroCatalog.all.map(\.name) + MacroCatalog.all.map { $0.name.lowercased() }
            + ["CACHEBUSTER", "ERRORCODE", "\u{212A}", "TIMESTAMP\u{301}", "", "0"]
        for name in names {
            let cached = MacroFacts.NameFacts.of(name), computed = MacroFacts.NameFacts(name)
            #expect(cached.upper == computed.upper && cached.isKnown == computed.isKnown && cached.since == computed.since
                    && cached.deprecatedIn == computed.deprecatedIn && cached.requestOnly == computed.requestOnly
                    && cached.trackingOnly == computed.trackingOnly, "\(name)")
            #expect(cached.upper.utf8.elementsEqual(computed.upper.utf8), "\(name)")
        }
    }

    /// A document with more distinct macro names than the collector searches in order still gets every
    /// token with the name and facts `Macros.occurrences` and the catalogue give.
    @Test func macroTokensBeyondTheNamesSearchedInOrder() {
        let names = (0..<80).map { "NAME\($0)" } + MacroCatalog.all.map(\.name) + ["cachebusting", "NAME3"]
        let urls = names.enumerated().map { k, name in
            URLItem(role: .tracking, node: TextNode(value: "https://t.example/p?a=[\(name)]&b=%%\(name)%%", position: .start, path: "/VAST/Tracking[\(k + 1)]"))
        }
        let tokens = URLScan(urls).tokens
        var expected: [(Int, String)] = []
        for (k, item) in urls.enumerated() {
            for macro in Macros.occurrences(in: item.node.value) { expected.append((k, macro.name)) }
        }
        #expect(tokens.count == expected.count)
        for (token, want) in zip(tokens, expected) {
            #expect(token.url == want.0 && token.macro.name == want.1)
            let facts = MacroFacts.NameFacts(want.1)
            #expect(token.upper == facts.upper && token.isKnown == facts.isKnown && token.requestOnly == facts.requestOnly)
        }
    }

    @Test func concatenationEqualsInterpolation() {
        let parts = ["", "a", "<Impression>", "é\u{301}", "ünïcödé text", String(repeating: "x", count: 300), "\u{1F600}"]
        for a in parts {
            for b in parts {
                #expect(String(concatenating: a, b) == a + b)
                for c in parts.prefix(4) {
                    #expect(String(concatenating: a, b, c, "> points at ", b) == "\(a)\(b)\(c)> points at \(b)")
                }
            }
        }
    }

    @Test func byteSearchEqualsSubstringSearch() {
        let haystacks = ["", "a", "serving-0", "https://t.example/?id=serving-0&x=1", "ab" + String(repeating: "a", count: 100) + "b"]
        let needles = ["", "a", "b", "serving-0", "x=1&", "aab", "zz", "https://t.example/?id=serving-0&x=1!"]
        for h in haystacks {
            for n in needles {
                let reference = n.isEmpty || h.utf8.count >= n.utf8.count && (0...(h.utf8.count - n.utf8.count)).contains { i in
                    Array(h.utf8)[i..<(i + n.utf8.count)].elementsEqual(n.utf8)
                }
                #expect(h.containsBytes(n) == reference, "\(h) / \(n)")
            }
        }
    }

    @Test func elementNameOfAPath() {
        #expect("/VAST/Ad[1]/InLine/Impression[2]".elementNameOfPath == "Impression")
        #expect("/VAST/Ad[1]/InLine/Creatives/Creative[2]/Linear".elementNameOfPath == "Linear")
        #expect("Impression".elementNameOfPath == "Impression")
        #expect("".elementNameOfPath == "")
        #expect("/VAST/".elementNameOfPath == "")
    }

    /// The parent hash reused along a run of siblings is the one each path would get on its own.
    @Test func parentHashReuseMatchesHashingEachPath() {
        let paths = [
            "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/TrackingEvents/Tracking[1]",
            "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/TrackingEvents/Tracking[12]",
            "/VAST/Ad[1]/InLine/Creatives/Creative[2]/Linear/TrackingEvents/Tracking[1]",
            "/VAST/Ad[1]/InLine/Creatives/Creative[1]/NonLinearAds/TrackingEvents/Tracking[1]",
            "/VAST/Ad[1]/InLine/Impression", "/VAST/Ad[1]/InLine/Error", "/VAST/Error", "Tracking", "", "/",
            "/VAST/Ad[1]/InLine/Créatives/Tracking[1]", "/VAST/Ad[1]/InLine/Cre\u{301}atives/Tracking[1]",
            "/VAST/Ad[1]/InLine/Créatives/Tracking[2]", "/K/Tracking[1]", "/\u{212A}/Tracking[1]",
        ]
        func parent(_ path: String) -> String {
            guard let slash = path.lastIndex(of: "/") else { return "" }
            return String(path[..<slash])
        }
        for a in paths {
            #expect(ByteHash.hash(url: "https://t.example/x?e=1", parentOf: a) == ByteHash.hash("https://t.example/x?e=1", seed: ByteHash.parentHash(of: a)))
            for b in paths {
                // Byte equality of the parents, not String's canonical equivalence.
                #expect(ByteHash.sameParent(a, b) == Array(parent(a).utf8).elementsEqual(Array(parent(b).utf8)), "\(a) | \(b)")
                if ByteHash.sameParent(a, b) { #expect(ByteHash.parentHash(of: a) == ByteHash.parentHash(of: b)) }
            }
        }
    }

    @Test func placeholderHostsAsTheArrayCheckFindsThem() {
        let reserved = ["example.com", "example.net", "example.org", "example", "test", "invalid"]
        func reference(_ host: String) -> Bool {
            var bytes = Array(host.utf8)
            if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
            for word in reserved {
                let name: [UInt8] = Array(word.utf8)
                if bytes.count == name.count {
                    if bytes == name { return true }
                    continue
                }
                guard bytes.count > name.count else { continue }
                let start = bytes.count - name.count
                if bytes[start - 1] == UInt8(ascii: "."), Array(bytes[start...]) == name { return true }
            }
            return false
        }
        let hosts = ["", ".", "example", "example.", "www.example.com", "www.example.com.", "notexample.com", "a.test", "test",
                     "atest", "x.invalid.", "invalid.x", "example.org.uk", "sub.example.net", "é.test", "test.é", "..test"]
        for host in hosts { #expect(URLPlaceholderHostRule.isPlaceholder(host) == reference(host), "\(host)") }
    }

    @Test func nameTableAnswersForEveryLength() {
        // Keys around the 8-, 16- and 32-byte word boundaries, and longer than the words hold.
        var dictionary: [String: Int] = [:]
        for length in 1...40 { dictionary[String(repeating: "N", count: length - 1) + "e"] = length }
        for name in VASTStructure.infos.keys { dictionary[name] = name.utf8.count }
        let table = NameTable(dictionary)
        for (name, value) in dictionary { #expect(table[name] == value, "\(name)") }
        for length in 1...40 {
            let miss = String(repeating: "N", count: length - 1) + "f"
            #expect(table[miss] == nil, "\(miss)")
        }
        #expect(table["Tracking\u{301}"] == nil)
    }
}
