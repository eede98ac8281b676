import Foundation

/// The failures a team accepts for now: with `conform run --baseline FILE`, only failures outside
/// this list fail the gate. Written by `conform baseline`.
///
/// ```json
/// {"version": 1, "failing": ["vast/linear/known-bad.xml"]}
/// ```
public struct Baseline: Sendable, Codable, Hashable {
    public static let currentVersion = 1

    public var version: Int
    /// Ids of cases that failed or errored when the baseline was written, sorted.
    public var failing: [String]

    public init(failing: [String]) {
        self.version = Self.currentVersion
        self.failing = Array(Set(failing)).sorted()
    }

    /// The baseline of a finished run: every case not passed.
    public init(results: RunResults) {
        self.init(failing: results.cases.filter { $0.status != .passed }.map(\.id))
    }

    public static func read(_ url: URL) throws(ConformanceError) -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io(path: url.path, reason: fileErrorReason(error))
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw .io(path: url.path, reason: "not a baseline file: \(describe(error))")
        }
        guard baseline.version == Self.currentVersion else {
            throw .io(path: url.path, reason: "baseline version \(baseline.version) is not supported (this conform reads version \(Self.currentVersion))")
        }
        return baseline
    }

    public func encoded() -> Data { OutcomeSnapshot.encode(self) }

    /// Compares the failing and passing ids of a run with this baseline. Ids of the baseline that
    /// did not run (filtered out, another shard) are neither fixed nor still failing.
    public func compare(failing now: [String], passing: [String]) -> BaselineComparison {
        let accepted = Set(failing)
        let passed = Set(passing)
        return BaselineComparison(
            newFailures: now.filter { !accepted.contains($0) }.sorted(),
            fixed: failing.filter { passed.contains($0) }.sorted(),
            stillFailing: now.filter { accepted.contains($0) }.sorted())
    }
}

/// Combines the results of several shards (or runs) into one.
public enum ResultsMerger {
    /// The union of `parts`: cases sorted by id, totals recomputed, interrupted when any part was.
    /// The same id in two parts is allowed only when both rows agree on status.
    /// - Throws: ``ConformanceError/mergeConflict(caseID:)``.
    public static func merge(_ parts: [RunResults], corpus: String? = nil) throws(ConformanceError) -> RunResults {
        var byID: [String: CaseResult] = [:]
        for part in parts {
            for result in part.cases {
                if let existing = byID[result.id] {
                    guard existing.status == result.status, existing.actualVerdict == result.actualVerdict else {
                        throw .mergeConflict(caseID: result.id)
                    }
                    continue
                }
                byID[result.id] = result
            }
        }
        let cases = byID.values.sorted { $0.id < $1.id }
        var totals = RunTotals()
        for result in cases { totals.add(result.status) }
        let first = parts.first?.info
        let durations = parts.compactMap(\.info.durationSeconds)
        let info = RunInfo(
            conformVersion: first?.conformVersion ?? "unknown",
            corpus: corpus ?? first?.corpus ?? "unknown",
            startedAt: parts.compactMap(\.info.startedAt).min(),
            durationSeconds: durations.isEmpty ? nil : durations.max(),
            totals: totals, interrupted: parts.contains { $0.info.interrupted })
        return RunResults(info: info, cases: cases)
    }
}
