import ConformCore
import Conformance
import Foundation

/// `results.json`: the complete ``RunResults``, cases sorted by id, keys sorted, pretty-printed.
/// The layout is documented in Docs/Results-JSON.md; `info.schemaVersion` says which version it is.
public struct JSONReporter: StreamingReporter {
    /// ``ReportFormat/json``.
    public static let format = ReportFormat.json

    /// A JSON reporter; it has no settings.
    public init() {}

    public func render(_ results: RunResults, rules: [RuleDescription]) throws(ReportError) -> String {
        try renderInMemory(results, rules: rules)
    }

    func write(_ digest: RunDigest, source: some CaseSource, to out: ReportOutput) throws {
        func marker(_ number: Int) -> CaseResult {
            CaseResult(id: "conform-stream-marker-\(number)", suite: "", kind: .vast, status: .passed, actualVerdict: "", file: "")
        }
        let info = digest.info
        let array = try StreamedJSONArray(pretty: true, format: .json, document: { numbers throws(ReportError) in
            try JSONText.encode(RunResults(info: info, cases: numbers.map(marker)), format: .json, pretty: true) + "\n"
        }, marker: { number throws(ReportError) in
            try JSONText.encode(marker(number), format: .json, pretty: true)
        })
        try array.write(to: out) { element in
            try source.forEach(digest.idOrder()) { item in
                try element(try JSONText.encode(item, format: .json, pretty: true))
            }
        }
    }
}

/// JSON encoding as every reporter uses it: sorted keys, no escaped slashes.
enum JSONText {
    /// `text` as a JSON string literal.
    static func string(_ text: String) throws(ReportError) -> String {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 < 0x7F }
        if plain { return "\"" + text + "\"" }
        return try encode([text], format: .html, pretty: false).dropFirst().dropLast().description
    }

    static func encode<T: Encodable>(_ value: T, format: ReportFormat, pretty: Bool) throws(ReportError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .encodingFailed(format: format, reason: String(describing: error))
        }
    }
}

/// Reading saved results for `conform report`.
public enum ResultsReader {
    /// Decodes results written by `conform run`: either a `results.json` (one ``RunResults`` object)
    /// or a JSON Lines stream with one ``CaseResult`` per line and one ``RunInfo`` line, first or last
    /// (a runner that streams learns its totals at the end; when several info lines appear, the last wins).
    /// - Throws: ``ReportError/unreadableResults(reason:)`` or ``ReportError/unsupportedSchemaVersion(found:supported:)``.
    public static func read(_ data: Data) throws(ReportError) -> RunResults {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let results: RunResults
        do {
            results = try decoder.decode(RunResults.self, from: data)
        } catch let wholeError {
            do {
                results = try readLines(data, decoder: decoder)
            } catch let error as ReportError {
                throw error
            } catch {
                throw .unreadableResults(reason: describe(wholeError))
            }
        }
        guard results.info.schemaVersion <= RunInfo.schemaVersion else {
            throw .unsupportedSchemaVersion(found: results.info.schemaVersion, supported: RunInfo.schemaVersion)
        }
        return results
    }

    /// ``read(_:)`` of the file at `url`.
    public static func read(contentsOf url: URL) throws(ReportError) -> RunResults {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableResults(reason: fileErrorReason(error))
        }
        return try read(data)
    }

    private static func readLines(_ data: Data, decoder: JSONDecoder) throws -> RunResults {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
        guard lines.count > 0 else { throw ReportError.unreadableResults(reason: "the file is empty") }
        guard lines.count > 1 else { throw ReportError.unreadableResults(reason: "not a results file") }
        var info: RunInfo?
        var cases: [CaseResult] = []
        for (index, line) in lines.enumerated() {
            let bytes = Data(line)
            do {
                cases.append(try decoder.decode(CaseResult.self, from: bytes))
            } catch let caseError {
                guard let header = try? decoder.decode(RunInfo.self, from: bytes) else {
                    throw ReportError.unreadableResults(reason: "line \(index + 1): \(describe(caseError))")
                }
                info = header
            }
        }
        guard let info else { throw ReportError.unreadableResults(reason: "no run header (info) line; give the run's results.json") }
        return RunResults(info: info, cases: cases)
    }

    /// A short, readable description of a decoding error (the key path and what was wrong).
    static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ keys: [CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }
}
