import ConformCore
import Foundation

/// The full actual outcome of a case, as `conform run --record` writes it next to the case
/// (`<case>.golden.json`, `chain.golden.json`, or one `<table>.golden.json` per parameter table).
/// Durations and absolute paths are left out so a snapshot only changes when behaviour does.
public struct OutcomeSnapshot: Sendable, Codable, Hashable {
    public static let currentVersion = 1

    public var version: Int
    public var verdict: String
    public var diagnostics: [SnapshotDiagnostic]
    public var tracking: [String: [String]]?
    public var chain: ChainSnapshot?
    public var parameters: ParameterSnapshot?
    public var profiles: [String: String]?

    public init(verdict: String, diagnostics: [SnapshotDiagnostic], tracking: [String: [String]]? = nil,
                chain: ChainSnapshot? = nil, parameters: ParameterSnapshot? = nil, profiles: [String: String]? = nil) {
        self.version = Self.currentVersion
        self.verdict = verdict
        self.diagnostics = diagnostics
        self.tracking = tracking
        self.chain = chain
        self.parameters = parameters
        self.profiles = profiles
    }

    /// The snapshot of a finished case.
    public init(_ result: CaseResult) {
        self.init(
            verdict: result.actualVerdict,
            diagnostics: result.diagnostics.map(SnapshotDiagnostic.init),
            tracking: result.tracking?.mapValues { $0.map(\.url) },
            chain: result.chain.map { hops in
                ChainSnapshot(uris: hops.map(\.uri), outcomes: hops.map(\.outcome))
            },
            parameters: result.kind == .params
                ? ParameterSnapshot(format: result.parameterFormat, fields: result.parameterFields ?? [:]) : nil,
            profiles: result.profiles)
    }

    /// The differences from `actual` (this value being the recorded one), one unmet expectation per
    /// section that changed, each naming what was recorded and what happened now.
    public func differences(from actual: OutcomeSnapshot) -> [UnmetExpectation] {
        var unmet: [UnmetExpectation] = []
        if verdict != actual.verdict {
            unmet.append(UnmetExpectation(check: .parse, expected: "golden verdict \(verdict)", actual: "verdict \(actual.verdict)"))
        }
        if diagnostics != actual.diagnostics {
            let recorded = Set(diagnostics), now = Set(actual.diagnostics)
            let removed = diagnostics.filter { !now.contains($0) }.map { "- " + $0.description }
            let added = actual.diagnostics.filter { !recorded.contains($0) }.map { "+ " + $0.description }
            let change = (removed + added).joined(separator: "\n")
            unmet.append(UnmetExpectation(
                check: .rules, expected: "golden diagnostics (\(diagnostics.count))",
                actual: change.isEmpty ? "same diagnostics in a different order" : change,
                ruleID: (actual.diagnostics.first { !recorded.contains($0) } ?? diagnostics.first { !now.contains($0) })?.rule))
        }
        if tracking != actual.tracking {
            unmet.append(UnmetExpectation(check: .tracking, expected: "golden tracking " + Self.describe(tracking),
                                          actual: Self.describe(actual.tracking)))
        }
        if chain != actual.chain {
            unmet.append(UnmetExpectation(check: .chain, expected: "golden chain " + Self.describe(chain),
                                          actual: Self.describe(actual.chain)))
        }
        if parameters != actual.parameters {
            unmet.append(UnmetExpectation(check: .parameters, expected: "golden parameters " + Self.describe(parameters),
                                          actual: Self.describe(actual.parameters)))
        }
        if profiles != actual.profiles {
            unmet.append(UnmetExpectation(check: .profiles, expected: "golden profiles " + Self.describe(profiles),
                                          actual: Self.describe(actual.profiles)))
        }
        return unmet
    }

    static func describe<T: Encodable>(_ value: T?) -> String {
        guard let value else { return "none" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }

    /// Pretty, sorted JSON with a final newline: the bytes written to disk.
    public func encoded() -> Data {
        Self.encode(self)
    }

    static func encode<T: Encodable>(_ value: T) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        data.append(0x0A)
        return data
    }
}

/// A diagnostic as snapshots keep it: no file name and no spec quote, so moving a corpus or
/// rewording a reference does not churn every snapshot.
public struct SnapshotDiagnostic: Sendable, Codable, Hashable, CustomStringConvertible {
    public var rule: String
    public var severity: Severity
    public var line: Int?
    public var column: Int?
    public var path: String?
    public var message: String

    public init(_ diagnostic: Diagnostic) {
        rule = diagnostic.ruleID
        severity = diagnostic.severity
        line = diagnostic.position?.line
        column = diagnostic.position?.column
        path = diagnostic.path
        message = diagnostic.message
    }

    /// `3:5 error VAST-2.0-inline-adsystem: <InLine> has no <AdSystem>`
    public var description: String {
        let location = line.map { l in column.map { "\(l):\($0)" } ?? "\(l)" } ?? "-"
        return "\(location) \(severity.rawValue) \(rule): \(message)"
    }
}

/// A chain as snapshots keep it.
public struct ChainSnapshot: Sendable, Codable, Hashable {
    public var uris: [String]
    public var outcomes: [String]
}

/// A parameter analysis as snapshots keep it.
public struct ParameterSnapshot: Sendable, Codable, Hashable {
    public var format: String?
    public var fields: [String: String]
}

/// The golden snapshots of one parameter table: row id → snapshot.
public struct TableSnapshot: Sendable, Codable, Hashable {
    public var version: Int
    public var rows: [String: OutcomeSnapshot]

    public init(rows: [String: OutcomeSnapshot]) {
        self.version = OutcomeSnapshot.currentVersion
        self.rows = rows
    }
}
