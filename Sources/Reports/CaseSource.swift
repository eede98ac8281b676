import ConformCore
import Conformance
import Foundation

/// Where the reporters read the cases of a run from. A source can be read many times and in any
/// order, one case at a time, so a reporter never needs every case in memory at once.
protocol CaseSource {
    /// The run's header.
    var info: RunInfo { get }
    /// The number of cases.
    var count: Int { get }
    /// Calls `body` with the case at each of `ordinals` (0-based positions in the source), in that
    /// order, read in `detail`.
    func forEach(_ ordinals: [Int], detail: CaseDetail, _ body: (CaseResult) throws -> Void) throws
}

/// How much of a case a reporter needs.
enum CaseDetail {
    /// Everything.
    case full
    /// Everything but tracking URLs, chain hops, parameter fields and the description; each
    /// diagnostic only by its rule id (the rest of it empty). Much quicker to read from a file:
    /// tracking URLs are most of a case's text. A source may still hand out the full case.
    case outline
}

extension CaseSource {
    /// Calls `body` with the whole case at each of `ordinals`, in that order.
    func forEach(_ ordinals: [Int], _ body: (CaseResult) throws -> Void) throws {
        try forEach(ordinals, detail: .full, body)
    }

    /// Calls `body` with every case, in the source's order.
    func forEachCase(detail: CaseDetail = .full, _ body: (CaseResult) throws -> Void) throws {
        try forEach(Array(0..<count), detail: detail, body)
    }
}

/// The cases of a run held in memory (small runs, tests and ``Reporter/render(_:rules:)``).
struct MemoryCaseSource: CaseSource {
    var results: RunResults

    var info: RunInfo { results.info }
    var count: Int { results.cases.count }

    func forEach(_ ordinals: [Int], detail: CaseDetail, _ body: (CaseResult) throws -> Void) throws {
        for ordinal in ordinals { try body(results.cases[ordinal]) }
    }
}

/// The cases of a saved results file, read from disk when asked for: only the byte range of each
/// case is kept in memory.
///
/// Reads what `conform run` writes: a `results.json` object (`{"cases": [...], "info": {...}}`,
/// compact or pretty-printed) or a JSON Lines stream of case lines and run header (`info`) lines,
/// the last header winning. ``open(_:)`` returns `nil` for anything else (the caller then reads
/// the file whole, which reports the problem in detail).
final class FileCaseSource: CaseSource {
    let url: URL
    let info: RunInfo
    private let ranges: [Range<UInt64>]
    private let handle: FileHandle
    private let decoder: JSONDecoder

    var count: Int { ranges.count }

    private init(url: URL, info: RunInfo, ranges: [Range<UInt64>], handle: FileHandle, decoder: JSONDecoder) {
        self.url = url
        self.info = info
        self.ranges = ranges
        self.handle = handle
        self.decoder = decoder
    }

    deinit { try? handle.close() }

    /// Scans `url` once; `nil` when the file is not a results file of a shape this reader streams.
    static func open(_ url: URL) -> FileCaseSource? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let layout = try? JSONLayoutScanner.scan(handle) else {
            try? handle.close()
            return nil
        }
        var info: RunInfo?
        var ranges: [Range<UInt64>] = []
        switch layout {
        case .object(let cases, let header):
            guard let data = try? read(handle, header), let decoded = try? decoder.decode(RunInfo.self, from: data) else { break }
            info = decoded
            ranges = cases
        case .lines(let values):
            // As ``ResultsReader/read(_:)``: at least two lines, each a case or a run header.
            guard values.count > 1 else { break }
            for range in values {
                guard let data = try? read(handle, range) else { info = nil; ranges = []; break }
                if (try? decoder.decode(CaseHeader.self, from: data)) != nil {
                    ranges.append(range)
                } else if let header = try? decoder.decode(RunInfo.self, from: data) {
                    info = header
                } else {
                    info = nil
                    break
                }
            }
        }
        guard let info, info.schemaVersion <= RunInfo.schemaVersion else {
            try? handle.close()
            return nil
        }
        return FileCaseSource(url: url, info: info, ranges: ranges, handle: handle, decoder: decoder)
    }

    /// Enough of a case line to tell it from a run header line cheaply.
    private struct CaseHeader: Decodable { var id: String; var suite: String; var status: CaseStatus }

    func forEach(_ ordinals: [Int], detail: CaseDetail, _ body: (CaseResult) throws -> Void) throws {
        for ordinal in ordinals {
            let data = try Self.read(handle, ranges[ordinal])
            let item: CaseResult
            do {
                // The compact decoder reads what conform writes; anything it declines goes to Foundation's.
                switch detail {
                case .full: item = try CompactJSONDecoder().decode(CaseResult.self, from: data, fallback: decoder)
                case .outline: item = try CompactJSONDecoder().decode(CaseOutline.self, from: data, fallback: decoder).result
                }
            } catch {
                throw ReportError.unreadableResults(reason: "\(url.path): case \(ordinal + 1): \(ResultsReader.describe(error))")
            }
            try body(item)
        }
    }

    private static func read(_ handle: FileHandle, _ range: Range<UInt64>) throws -> Data {
        try handle.seek(toOffset: range.lowerBound)
        let data = try handle.read(upToCount: Int(range.upperBound - range.lowerBound)) ?? Data()
        guard data.count == Int(range.upperBound - range.lowerBound) else {
            throw ReportError.unreadableResults(reason: "the results file changed while it was read")
        }
        return data
    }
}

/// A case result read in ``CaseDetail/outline``: the keys of ``CaseResult`` that the outline keeps.
private struct CaseOutline: Decodable {
    struct RuleOnly: Decodable { var ruleID: String }

    var id: String
    var suite: String
    var kind: CaseKind
    var status: CaseStatus
    var tags: [String]
    var expectedVerdict: String?
    var actualVerdict: String
    var checks: [CheckName: CheckOutcome]
    var unmet: [UnmetExpectation]
    var diagnostics: [RuleOnly]
    var requiredRules: [String]
    var forbiddenRules: [String]
    var profiles: [String: String]?
    var file: String
    var durationMilliseconds: Double
    var errorMessage: String?
    var expectedFailure: ExpectedFailureOutcome?

    var result: CaseResult {
        var result = CaseResult(
            id: id, suite: suite, kind: kind, status: status, tags: tags, expectedVerdict: expectedVerdict,
            actualVerdict: actualVerdict, checks: checks, unmet: unmet,
            diagnostics: diagnostics.map { Diagnostic(ruleID: $0.ruleID, severity: .info, message: "") },
            requiredRules: requiredRules, forbiddenRules: forbiddenRules, profiles: profiles, file: file,
            durationMilliseconds: durationMilliseconds, errorMessage: errorMessage)
        result.expectedFailure = expectedFailure
        return result
    }
}

/// Finds the byte ranges of the values in a results file without decoding them, reading it in
/// chunks: the cases and the header of a `{"cases": [...], "info": {...}}` object, or each
/// top-level object of a JSON Lines file.
enum JSONLayoutScanner {
    enum Layout: Equatable {
        /// One object with a `cases` array and an `info` object.
        case object(cases: [Range<UInt64>], info: Range<UInt64>)
        /// Top-level objects, one after another.
        case lines([Range<UInt64>])
    }

    struct NotAResultsFile: Error {}

    static func scan(_ handle: FileHandle) throws -> Layout {
        var depth = 0
        var inString = false
        var escaped = false
        var offset: UInt64 = 0
        // Top level.
        var topStart: UInt64 = 0
        var topValues: [Range<UInt64>] = []
        var wrapper = false
        // Keys of the top-level object (depth 1).
        var stringStart: UInt64 = 0
        var keyBytes: [UInt8] = []
        var lastString: [UInt8] = []
        var key: [UInt8] = []
        var inCases = false
        var caseStart: UInt64 = 0
        var cases: [Range<UInt64>] = []
        var infoStart: UInt64 = 0
        var info: Range<UInt64>?
        var currentIsInfo = false
        let casesKey = Array("cases".utf8), infoKey = Array("info".utf8)

        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            // Through the bytes in place: iterating the `Data` itself took most of a report's time.
            try chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                for byte in raw {
                    defer { offset += 1 }
                    if inString {
                        if escaped {
                            escaped = false
                        } else if byte == 0x5C {
                            escaped = true
                        } else if byte == 0x22 {
                            inString = false
                            if depth == 1 { lastString = keyBytes }
                        } else if depth == 1, offset - stringStart <= 8 {
                            keyBytes.append(byte)
                        }
                        continue
                    }
                    switch byte {
                    case 0x22:  // "
                        if depth == 2, inCases { throw NotAResultsFile() }
                        inString = true
                        stringStart = offset
                        keyBytes.removeAll(keepingCapacity: true)
                    case 0x3A:  // :
                        if depth == 1 { key = lastString }
                    case 0x7B, 0x5B:  // { [
                        if depth == 0 {
                            guard byte == 0x7B else { throw NotAResultsFile() }
                            topStart = offset
                            wrapper = false
                            key = []
                        } else if depth == 1 {
                            if byte == 0x5B, key == casesKey {
                                wrapper = true
                                inCases = true
                            } else if byte == 0x7B, key == infoKey {
                                wrapper = true
                                currentIsInfo = true
                                infoStart = offset
                            }
                        } else if depth == 2, inCases, byte == 0x7B {
                            caseStart = offset
                        }
                        depth += 1
                    case 0x7D, 0x5D:  // } ]
                        depth -= 1
                        guard depth >= 0 else { throw NotAResultsFile() }
                        if depth == 0 {
                            if !wrapper { topValues.append(topStart..<(offset + 1)) }
                        } else if depth == 1 {
                            if inCases, byte == 0x5D { inCases = false }
                            if currentIsInfo, byte == 0x7D {
                                currentIsInfo = false
                                info = infoStart..<(offset + 1)
                            }
                            key = []
                        } else if depth == 2, inCases, byte == 0x7D {
                            cases.append(caseStart..<(offset + 1))
                        }
                    case 0x20, 0x0A, 0x0D, 0x09, 0x2C:
                        break
                    default:
                        guard depth > 0, !(depth == 2 && inCases) else { throw NotAResultsFile() }
                    }
                }
            }
        }
        guard depth == 0, !inString else { throw NotAResultsFile() }
        if let info {
            guard topValues.isEmpty else { throw NotAResultsFile() }
            return .object(cases: cases, info: info)
        }
        guard cases.isEmpty, !topValues.isEmpty else { throw NotAResultsFile() }
        return .lines(topValues)
    }
}

extension CaseSource {
    /// Calls `body` with the case at each of `ordinals` in turn until it returns `false`.
    func forEach(_ ordinals: some Collection<Int>, detail: CaseDetail = .full, while body: (CaseResult) throws -> Bool) throws {
        do {
            try forEach(Array(ordinals), detail: detail) { item in
                guard try body(item) else { throw StopReading() }
            }
        } catch is StopReading {
            return
        }
    }
}

/// Ends ``CaseSource/forEach(_:while:)`` early.
private struct StopReading: Error {}

extension ResultsReader {
    /// The cases of a saved results file (as ``ReportWriter/write(resultsAt:rules:formats:to:htmlBudget:)``
    /// reads it, one case at a time) named `name`: the case whose id is `name`, or else every case
    /// whose name within its folder is `name`.
    /// - Throws: ``ReportError``: the reading errors of ``read(_:)``.
    public static func cases(named name: String, resultsAt url: URL) throws(ReportError) -> [CaseResult] {
        func matches(_ item: CaseResult) -> Bool {
            item.id == name || item.id == item.suite + "/" + name
        }
        func pick(_ found: [CaseResult]) -> [CaseResult] {
            let exact = found.filter { $0.id == name }
            return exact.isEmpty ? found : exact
        }
        guard let source = FileCaseSource.open(url) else {
            return pick(try read(contentsOf: url).cases.filter(matches))
        }
        do {
            var ordinals: [Int] = []
            var ordinal = 0
            try source.forEachCase(detail: .outline) { item in
                if matches(item) { ordinals.append(ordinal) }
                ordinal += 1
            }
            var found: [CaseResult] = []
            try source.forEach(ordinals) { found.append($0) }
            return pick(found)
        } catch let error as ReportError {
            throw error
        } catch {
            throw .unreadableResults(reason: String(describing: error))
        }
    }
}
