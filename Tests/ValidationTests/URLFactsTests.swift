import ConformCore
import Testing
import VAST
@testable import Validation

/// The URL and macro rules skip a URL when a flag of its one-pass `URLFacts` is clear, so every flag must
/// be set whenever the check it stands for could find something. These tests compare the flags with the
/// rules' own checks on hand-picked and generated URLs.
@Suite struct URLFactsTests {
    static let samples = [
        "", "https://i.example/imp?a=1", "http://i.example/x", "HTTPS://I.EXAMPLE/", "Http://i.example/", "https://.example/x",
        "https://a..b/x", "https://i.example:80a/x", "//i.example/x", "/x", "javascript:alert(1)", "about:blank",
        "https://user:pw@i.example/", "http://localhost:8080/", "https://LOCALHOST/", "https://10.1.2.3/x", "https://[::1]/x",
        "https://i.example/a|b", "https://i.example/é", "https://exa\u{301}mple.com/", "https://i.test./x", "https://a.INVALID/",
        "https://i.example/?r=%252F", "https://i.example/?d=50%", "https://i.example/?u=%zz", "https://i.example/?m=%%SITE%%",
        "https://i.example/?m=%[CACHEBUSTING]", "https://i.example/?c=%5BCACHEBUSTING%5D", "https://i.example/?c=%5bTIMESTAMP%5d",
        "https://i.example/?a=1&amp;b=2", "https://i.example/?t=${USER}", "https://i.example/?t={{ID}}", "https://i.example/#x",
        "https://i.example/?c=[CACHEBUSTING", "https://i.example/?c=CACHEBUSTING]", "https://i.example/?c=[]", "https://i.example/?c=[a]]",
        "https://i.example/a b", "https://i.example/a\tb", "https://i.example/a\u{00A0}b", "https://i.example/a\u{2028}b",
        "https://[CACHEBUSTING].example/x", "h[X]://i.example/", "https://i.example:99999/", "https:/i.example", "https://", "https:",
        "data:text/html,hi", "c:\\ads\\a.mp4", "https://i.example/\u{7F}", "https://i.example/\u{1}", "https://a@10.0.0.1/",
        "https://%%A%%.0.0.0/?x=localhost", "https://[A].[B].[C].[D]/", "https://${A}.0.0.0/", "https://{{A}}.0.0.0/",
        "https://x.localhost/", "https://LOCALHOST:8080/", "https://u:p@[::1]/", "https://pixel.TEST./", "https://a.example",
        "https://[X]example.com/", "https://exam[X]ple.com/", "x:/a//localhost", "//127.0.0.1", "https://0.0.0.0/",
    ]

    /// Deterministic pseudo-random URLs built from pieces that trip the flags.
    static let generated: [String] = {
        let pieces = [
            "https://", "http://", "HTTP://", "//", "/", ":", "a", "Z", "0", "9", ".", "..", "-", "_", "?", "&", "=", "#", "@", "%",
            "%2", "%25", "%2F", "%5B", "%5d", "%%", "[", "]", "[CACHEBUSTING]", "[cachebusting]", "%%SITE%%", "${", "{{", "}", "}}",
            "$", "{", "&amp;", "&amp", " ", "\t", "\n", "é", "e\u{301}", "\u{00A0}", "localhost", "LocalHost", "example", "EXAMPLE",
            "test", "invalid", "example.com", "10.", "127.0.0.1", "[::1]", "\\", "|", "^", "`", "<", ">", "\"", "\u{7F}", "i", "l", "t",
            "%%A%%", "${A}", "{{A}}", "0.0.0.0", "[A]", "u:p@", "x.localhost", ".test", "a.invalid.",
        ]
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<20000).map { _ in
            (0..<(1 + next() % 12)).map { _ in pieces[next() % pieces.count] }.joined()
        }
    }()

    func check(_ url: String) {
        let facts = URLFacts(url)
        let flags = facts.flags
        #expect(flags.contains(.empty) == url.isEmpty, "\(url)")
        #expect(facts.hasWhitespace(url) == URLWhitespaceRule.hasWhitespace(url), "\(url)")
        #expect(facts.schemeName(url) == URLInspection.scheme(of: url), "\(url)")
        #expect(flags.contains(.looksSound) == URLInvalidRule.looksSound(url), "\(url)")
        #expect(flags.contains(.doubleEncoded) == URLDoubleEncodedRule.isDoubleEncoded(url), "\(url)")
        #expect(flags.contains(.forbiddenByte) == URLInspection.mayHaveUnencodedCharacters(url), "\(url)")
        #expect(flags.contains(.encodedBracket) == (url.containsBytes("%5B") || url.containsBytes("%5b")), "\(url)")
        #expect(flags.contains(.escapedAmpersand) == url.containsBytes("&amp;"), "\(url)")
        #expect(flags.contains(.templateOpen) == (url.containsBytes("${") || url.containsBytes("{{")), "\(url)")
        #expect(flags.contains(.hash) == url.utf8.contains(UInt8(ascii: "#")), "\(url)")
        #expect(flags.contains(.bracket) == url.utf8.contains(where: { $0 == 0x5B || $0 == 0x5D }), "\(url)")
        #expect(flags.contains(.mayHaveMacro) == url.utf8.contains(where: { $0 == 0x5B || $0 == 0x25 }), "\(url)")
        // Flags that stand for a cheaper superset of a rule's condition.
        let inspection = URLInspection(url)
        if url.utf8.contains(UInt8(ascii: "%")), URLPercentEncodingRule.hasBrokenEscape(URLInspection.mask(url)) {
            #expect(flags.contains(.brokenEscape), "\(url)")
        }
        if inspection.hasUserInfo { #expect(flags.contains(.at), "\(url)") }
        if let host = inspection.host, URLPlaceholderHostRule.isPlaceholder(host) { #expect(flags.contains(.mayBePlaceholder), "\(url)") }
        if URLLocalHostRule.mayBeLocal(url), let host = inspection.host, URLLocalHostRule.isLocal(host) {
            #expect(flags.contains(.mayBeLocal), "\(url)")
        }
        if !MacroUnterminatedRule.unterminated(in: url).isEmpty { #expect(flags.contains(.unbalancedBracket), "\(url)") }
        if !inspection.unencodedCharacters.isEmpty { #expect(flags.contains(.forbiddenByte), "\(url)") }
    }

    @Test(arguments: samples)
    func flagsAgreeWithTheRulesChecks(url: String) {
        check(url)
    }

    @Test func flagsAgreeOnGeneratedURLs() {
        for url in Self.generated { check(url) }
    }

    /// The scan skips plain bytes eight at a time: a notable byte at every offset of a long plain run, at
    /// the end of it and alone, is seen wherever it falls within or across a group of eight.
    @Test func flagsAgreeWhereverANotableByteFallsInAPlainRun() {
        let plain = "https://cdn.adserver.net/path/to/creative_file-name.mp4?a=1&b=2"
        let notable = ["[TIMESTAMP]", "%%SITE%%", "%2", "%2541", "%5B", " ", "\t", "#", "@", "]", "[", "{{", "${", "\"",
                       "|", "é", "\u{7F}", "&amp;", ";", "\u{1}"]
        let bytes = Array(plain.utf8)
        for insert in notable {
            for offset in 0...bytes.count {
                let url = String(decoding: bytes[..<offset], as: UTF8.self) + insert + String(decoding: bytes[offset...], as: UTF8.self)
                check(url)
            }
            check(plain + insert)
            check(insert + plain)
        }
        check(plain)
    }

    @Test func hashesOfEqualTextAreEqual() {
        // String equality is canonical equivalence: differently encoded equal texts must meet in a table.
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(ByteHash.hash("https://i.example/caf\u{E9}") == ByteHash.hash("https://i.example/cafe\u{301}"))
        #expect(ByteHash.hash(url: "https://a.example/", parentOf: "/VAST/Ad[1]/InLine/Error[2]")
            == ByteHash.hash("https://a.example/", seed: ByteHash.hash(Substring("/VAST/Ad[1]/InLine"))))
        #expect(ByteHash.hash(url: "x", parentOf: "NoSlash") == ByteHash.hash("x", seed: ByteHash.hash(Substring(""))))
        #expect(ByteHash.hash("https://a.example/1") != ByteHash.hash("https://a.example/2"))
        // The only non-ASCII characters equal to ASCII text: KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA.
        for (ascii, other) in [("https://a.example/?u=K", "https://a.example/?u=\u{212A}"),
                               ("https://a.example/?a=1;b=2", "https://a.example/?a=1\u{037E}b=2"),
                               ("https://a.example/`x", "https://a.example/\u{1FEF}x")] {
            #expect(ascii == other)
            #expect(ByteHash.hash(ascii) == ByteHash.hash(other))
            #expect(ByteHash.hash(url: ascii, parentOf: "/VAST/K") == ByteHash.hash(url: other, parentOf: "/VAST/\u{212A}"))
        }
    }

    @Test func nameTableFindsWhatTheDictionaryFinds() {
        let dictionary = ["Tracking": 1, "MediaFile": 2, "Kind": 3, "a;b": 4, "": 5]
        let table = NameTable(dictionary)
        for name in ["Tracking", "MediaFile", "Kind", "\u{212A}ind", "a;b", "a\u{037E}b", "", "Trackin", "Trackingg", "tracking", "é"] {
            #expect(table[name] == dictionary[name], "\(name)")
        }
    }

    /// Names of every length a table reads as words (1 to 32 bytes, and past it), found exactly: a
    /// name with any one byte changed, or one byte longer or shorter, is not found.
    @Test func nameTableReadsEveryLengthExactly() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789".utf8)
        let names = (1...40).map { n in String(decoding: (0..<n).map { alphabet[($0 * 7 + n) % alphabet.count] }, as: UTF8.self) }
        let table = NameTable(Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) }))
        for (index, name) in names.enumerated() {
            #expect(table[name] == index, "\(name)")
            var bytes = Array(name.utf8)
            for position in bytes.indices {
                let original = bytes[position]
                bytes[position] = original == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
                let changed = String(decoding: bytes, as: UTF8.self)
                #expect(table[changed] == (names.firstIndex(of: changed)), "\(changed)")
                bytes[position] = original
            }
            #expect(table[name + "a"] == names.firstIndex(of: name + "a"))
            #expect(table[String(name.dropLast())] == names.firstIndex(of: String(name.dropLast())))
        }
    }

    /// The table behind `trackingIsStandardName` answers as each version's set of names does, for
    /// every known name and for near misses (case, length, Unicode equivalents, missing event).
    @Test func standardTrackingNamesMatchEachVersionsSet() {
        let known = Set(VASTVersion.allCases.flatMap { TrackingEvents.names(for: $0) })
        let names = known.sorted() + ["Start", "starts", "star", "", "progress-1", "firstquartile", "cre\u{0301}ativeView",
                                      "créativeView", "a-very-long-event-name-that-is-past-32-bytes", "otherAdInteraction"]
        let body = names.map { "<Tracking event=\"\($0)\"><![CDATA[https://t.example.com/e]]></Tracking>" }.joined()
            + "<Tracking><![CDATA[https://t.example.com/none]]></Tracking>"
        for version in VASTVersion.allCases {
            let xml = "<VAST version=\"\(version.rawValue)\"><Ad><InLine><Creatives><Creative><Linear><TrackingEvents>\(body)"
                + "</TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>"
            let context = RuleContext(input: VASTDecoder.decode(xml))
            let valid = TrackingEvents.names(for: version)
            #expect(context.trackingEvents.count == names.count + 1)
            for (item, answer) in zip(context.trackingEvents, context.trackingIsStandardName) {
                #expect(answer == (item.event.event.map(valid.contains) ?? false), "\(version.rawValue) \(item.event.event ?? "-")")
            }
            #expect(context.trackingIsStandardName.contains(true) && context.trackingIsStandardName.contains(false))
        }
    }

    @Test func macroTokensMatchTheScanOfEachURL() {
        let usable = (Self.samples + Self.generated.prefix(600)).filter { url in
            !url.contains("]]>") && !url.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" }
        }
        let body = usable.map { "<Impression><![CDATA[\($0)]]></Impression>" }.joined()
        let xml = "<VAST version=\"4.2\"><Ad><InLine><AdSystem>a</AdSystem><AdTitle>t</AdTitle>\(body)</InLine></Ad></VAST>"
        let context = RuleContext(input: VASTDecoder.decode(xml))
        #expect(context.urls.count == usable.count)
        var expected: [(url: Int, macro: MacroOccurrence)] = []
        for (index, item) in context.urls.enumerated() {
            for macro in Macros.occurrences(in: item.node.value) { expected.append((index, macro)) }
        }
        let tokens = context.macroTokens
        #expect(tokens.count == expected.count)
        #expect(tokens.count > 100)
        for (token, want) in zip(tokens, expected) {
            #expect(token.url == want.url && token.macro == want.macro)
            #expect(token.upper == want.macro.name.uppercased())
            let definition = MacroCatalog.definition(token.upper)
            #expect(token.isKnown == (definition != nil) && token.since == definition?.since)
            #expect(token.deprecatedIn == definition?.deprecatedIn)
            #expect(token.requestOnly == MacroFacts.requestOnly.contains(token.upper))
            #expect(token.trackingOnly == (definition?.contexts == [.tracking]))
        }
    }
}
