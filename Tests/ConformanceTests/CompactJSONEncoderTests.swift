import ConformCore
import Foundation
import Testing
@testable import Conformance

/// The results stream's encoder must write exactly the bytes of Foundation's `JSONEncoder` with sorted keys
/// and unescaped slashes, which readers and golden files of the results format were made with.
@Suite struct CompactJSONEncoderTests {
    static func foundation<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    func expectSameBytes<T: Encodable>(_ value: T, _ comment: Comment? = nil) throws {
        let compact = try CompactJSONEncoder().encode(value)
        let reference = try Self.foundation(value)
        #expect(compact == reference, "\(String(decoding: compact, as: UTF8.self))\n!=\n\(String(decoding: reference, as: UTF8.self))")
    }

    static let awkwardStrings = [
        "", "plain", "quote \" and backslash \\ and slash /", "https://a.example/x?y=1&z=[ERRORCODE]",
        "controls \u{00}\u{01}\u{07}\u{08}\u{09}\u{0A}\u{0B}\u{0C}\u{0D}\u{1B}\u{1F} end", "del \u{7F}",
        "accents é ü, CJK 漢字, emoji 🎬, line separators \u{2028}\u{2029}", "<script>&amp;</script>", "\r\n",
    ]

    @Test func awkwardStringsNumbersAndKeys() throws {
        for string in Self.awkwardStrings { try expectSameBytes(string) }
        for number in [0, 1, -1, 0.5, 2.5, 2.105793, 1e-05, 1e-7, 123456789.125, 1e20, 1e21, 0.1 + 0.2, -0.0, 4.0, 1234.0, Double.leastNonzeroMagnitude, 1.7976931348623157e308] {
            try expectSameBytes(number, "\(number)")
            try expectSameBytes(["value": number])
        }
        try expectSameBytes([Int.min, Int.max, 0])
        try expectSameBytes([UInt64.max])
        try expectSameBytes([Float(0.1), Float(2.5), Float(1e-3)])
        try expectSameBytes([true, false])
        try expectSameBytes([String?.none, "x"])
        // Keys that sort differently by bytes, by case-folding or by number.
        let keys = ["b", "B", "a", "A", "a10", "a9", "_", "é", "z", "Z", "ab", "a b", "a/b", "😀", "ﬁ", ""]
        try expectSameBytes(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) }))
        try expectSameBytes(Dictionary(uniqueKeysWithValues: Self.awkwardStrings.map { ($0, $0) }))
        try expectSameBytes([[String: [Int]]](), "empty array")
        try expectSameBytes([String: Int](), "empty object")
        try expectSameBytes([[1, 2], [], [3]])
    }

    /// Encodes one key twice, a nested container under a key, and a super encoder.
    struct Unusual: Encodable {
        enum Key: String, CodingKey { case a, b, c, `super` }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .b)
            try container.encode("first", forKey: .a)
            try container.encode("second", forKey: .a)
            var nested = container.nestedUnkeyedContainer(forKey: .c)
            try nested.encode(true)
            try nested.encodeNil()
            var inner = nested.nestedContainer(keyedBy: Key.self)
            try inner.encode(2.5, forKey: .b)
            try "in the array".encode(to: nested.superEncoder())
            try Int8(-3).encode(to: container.superEncoder())
        }
    }

    @Test func keysSetTwiceNestedContainersAndSuperEncoders() throws {
        try expectSameBytes(Unusual())
        try expectSameBytes([Unusual(), Unusual()])
    }

    /// Case results with every field set, and with none of the optional ones.
    static var sampleResults: [CaseResult] {
        let diagnostic = Diagnostic(
            ruleID: "VAST-2.0-url-http", severity: .warning, message: "a \"quoted\" message\nwith a line break",
            file: "vast/a b.xml", position: SourcePosition(line: 3, column: 17), path: "/VAST/Ad[1]/InLine/Impression",
            spec: SpecReference(document: .vast42, section: "3.4.1", quote: "URLs must be https://"), offset: 12,
            details: ["key": "ad_type", "segment": "2", "Zeta": "z", "alpha": "é"])
        let full = CaseResult(
            id: "vast/a b.xml", suite: "vast", kind: .vast, status: .failed, tags: ["smoke", "é"], expectedVerdict: "valid",
            actualVerdict: "invalid", checks: [.parse: .fail, .rules: .pass, .tracking: .notApplicable],
            unmet: [UnmetExpectation(check: .parse, expected: "verdict valid", actual: "verdict invalid", ruleID: "X", position: SourcePosition(line: 1, column: 2), excerpt: "<VAST>")],
            diagnostics: [diagnostic, Diagnostic(ruleID: "R", severity: .error, message: "m", details: [:])],
            requiredRules: ["a", "b"], forbiddenRules: [],
            tracking: ["start": [TrackedURL(url: "https://t.example/s", hop: 0, position: SourcePosition(line: 9, column: 1))], "complete": [], "nonLinear:creativeView": [TrackedURL(url: "u", hop: 2)]],
            chain: [ChainHopSummary(uri: "w1.xml", depth: 0, outcome: "wrapper")], parameterFormat: "carousel",
            parameterFields: ["ad_type": "carousel", "Images": "a|b", "ümlaut": "1"], profiles: ["pause": "eligible"],
            file: "vast/a b.xml", durationMilliseconds: 2.105793, errorMessage: "oops\tthere", description: "a \\ case")
        return [full, CaseResult(id: "x", suite: ".", kind: .params, status: .passed, actualVerdict: "accepted", file: "x")]
    }

    @Test func caseResultsWithEveryField() throws {
        for result in Self.sampleResults { try expectSameBytes(result) }
    }

    /// The results of every kind of case of the shipped corpus (one VAST version, VMAP, hostile inputs,
    /// chains, parameter rows, profiles, malformed XML and schema cases), run once for both encoder and
    /// decoder tests.
    static let shippedResults: [CaseResult] = {
        let options = RunOptions(corpus: CorpusCoverageTests.corpus, filter: CaseFilter([
            "vast/4.2/", "vmap/", "hostile/", "chains/", "params/", "profiles/", "malformed/", "schema/",
        ]), evaluators: .standard)
        return (try? run(options))?.1.all ?? []
    }()

    @Test(.enabled(if: CorpusCoverageTests.available, "Corpus/ is not present"))
    func theShippedCorpusResultsEncodeToTheSameBytes() throws {
        #expect(Self.shippedResults.count > 500)
        for result in Self.shippedResults { try expectSameBytes(result, "\(result.id)") }
    }

    @Test func typesFoundationSpellsItsOwnWayAreRefused() {
        #expect(throws: CompactJSONEncoder.Unsupported.self) { try CompactJSONEncoder().encode(["when": Date(timeIntervalSince1970: 0)]) }
        #expect(throws: CompactJSONEncoder.Unsupported.self) { try CompactJSONEncoder().encode([URL(fileURLWithPath: "/tmp")]) }
        #expect(throws: CompactJSONEncoder.Unsupported.self) { try CompactJSONEncoder().encode(Data([1, 2])) }
        #expect(throws: CompactJSONEncoder.Unsupported.self) { try CompactJSONEncoder().encode([Double.nan]) }
    }
}
