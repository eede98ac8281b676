import ConformCore
import Foundation
import Testing
@testable import Conformance

/// The reports' decoder must read every value exactly as Foundation's `JSONDecoder` does, and decline (so
/// that Foundation's decoder is asked) whatever it is not sure of.
@Suite struct CompactJSONDecoderTests {
    func expectSameValue<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ comment: Comment? = nil) throws {
        let data = Data(json.utf8)
        let reference = try JSONDecoder().decode(type, from: data)
        let compact = try CompactJSONDecoder().decode(type, from: data)
        #expect(compact == reference, comment)
    }

    @Test func stringsNumbersAndContainers() throws {
        for string in CompactJSONEncoderTests.awkwardStrings {
            let json = String(decoding: try CompactJSONEncoderTests.foundation(string), as: UTF8.self)
            try expectSameValue(String.self, json, "\(json)")
        }
        // Escapes an encoder may write: escaped slashes, \u escapes in either case, a surrogate pair.
        try expectSameValue(String.self, #""a\/b \u00e9\u00C9 \ud83c\udfac \" \\ \b\f\n\r\t""#)
        try expectSameValue([Double].self, "[0, 1, -1, 0.5, 2.105793, 1e-05, 1E+3, -0.0, 123456789.125, 1.7976931348623157e308, 5e-324]")
        try expectSameValue([Int].self, "[0, -9223372036854775808, 9223372036854775807, 42]")
        try expectSameValue([String: [Int?]].self, #"{"b": [1, null], "a": [], "é": [3]}"#)
        try expectSameValue([Bool].self, " [ true , false ] ")
        try expectSameValue([String: String].self, #"{"k": "first", "k": "second"}"#)
        try expectSameValue(TrackedURL.self, #"{"url": "a", "hop": 1, "url": "b"}"#)
    }

    @Test func caseResultsWithEveryField() throws {
        for result in CompactJSONEncoderTests.sampleResults {
            let data = try CompactJSONEncoder().encode(result)
            #expect(try CompactJSONDecoder().decode(CaseResult.self, from: data) == JSONDecoder().decode(CaseResult.self, from: data))
            #expect(try CompactJSONDecoder().decode(CaseResult.self, from: data) == result)
        }
    }

    @Test(.enabled(if: CorpusCoverageTests.available, "Corpus/ is not present"))
    func theShippedCorpusResultsDecodeToTheSameValues() throws {
        #expect(CompactJSONEncoderTests.shippedResults.count > 500)
        for result in CompactJSONEncoderTests.shippedResults {
            let data = try CompactJSONEncoder().encode(result)
            let compact = try CompactJSONDecoder().decode(CaseResult.self, from: data)
            #expect(compact == (try JSONDecoder().decode(CaseResult.self, from: data)), "\(result.id)")
        }
    }

    @Test func whatItDeclinesGoesToFoundation() throws {
        // Not its job: numbers that are not the exact spelling of the type, non-conforming floats, dates,
        // and anything that is not JSON. Each is declined; the fallback reads it or throws Foundation's error.
        let declined = [#"[1.0]"#, #"[1e2]"#, #"[01]"#, #"[1,]"#, #"{"a":1,}"#, #"["\ud800"]"#, "[\"\u{01}\"]", "[tru]", "", "[1] x"]
        for json in declined {
            #expect(throws: (any Error).self, "\(json)") { try CompactJSONDecoder().decode([Int].self, from: Data(json.utf8)) }
        }
        let decoder = JSONDecoder()
        #expect(try CompactJSONDecoder().decode([Int].self, from: Data("[1.0]".utf8), fallback: decoder) == [1])
        #expect(throws: DecodingError.self) { try CompactJSONDecoder().decode([Int].self, from: Data("[1.5]".utf8), fallback: decoder) }
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        #expect(try CompactJSONDecoder().decode([Double].self, from: Data(#"["inf"]"#.utf8), fallback: decoder) == [.infinity])
        #expect(throws: (any Error).self) { try CompactJSONDecoder().decode([Date].self, from: Data("[0]".utf8)) }
        // A value of the wrong kind is an error from both.
        #expect(throws: DecodingError.self) { try CompactJSONDecoder().decode(CaseResult.self, from: Data(#"{"id": 3}"#.utf8), fallback: JSONDecoder()) }
    }
}
