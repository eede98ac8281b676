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
            data = try readWholeFile(url)
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
        try checkShards(parts.map(\.info.shard))
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

    /// When any part is a shard, the parts must be exactly the shards 1…N of one split: a missing shard would
    /// let a merged gate pass on part of the corpus, and shards of splits into different N overlap and leave
    /// gaps. Parts that are not shards (whole runs, filtered runs) may be merged with each other freely.
    /// - Throws: ``ConformanceError/incompleteShards(_:)``.
    public static func checkShards(_ shards: [String?]) throws(ConformanceError) {
        guard shards.contains(where: { $0 != nil }) else { return }
        var parsed: [Shard] = []
        for shard in shards {
            guard let shard else {
                throw .incompleteShards("a results file that is not a shard is merged with shards (merge the shards of one run only)")
            }
            guard let value = try? Shard(parsing: shard) else { throw .incompleteShards("'\(shard)' is not a shard K/N") }
            parsed.append(value)
        }
        let counts = Set(parsed.map(\.count)).sorted()
        guard counts.count == 1, let count = counts.first else {
            throw .incompleteShards("the results come from splits into \(counts.map(String.init).joined(separator: " and ")) shards")
        }
        var seen = Set<Int>()
        for shard in parsed where !seen.insert(shard.index).inserted {
            throw .incompleteShards("shard \(shard) is given twice")
        }
        let missing = (1...count).filter { !seen.contains($0) }
        guard missing.isEmpty else {
            let names = missing.prefix(5).map { "\($0)/\(count)" }.joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
            throw .incompleteShards("\(missing.count == 1 ? "shard" : "shards") \(names) \(missing.count == 1 ? "is" : "are") missing")
        }
    }
}
