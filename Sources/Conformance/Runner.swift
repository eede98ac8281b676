import ConformCore
import Foundation
import Validation
import XMLCore

/// Everything a corpus run needs, decided by the caller.
public struct RunOptions: Sendable {
    /// The corpus folder.
    public var corpus: URL
    /// Glob filters over case ids (any may match); empty selects all.
    public var filter: CaseFilter
    /// Tags a case must carry one of; empty selects all.
    public var tags: [String]
    /// Kinds not to run at all.
    public var skipKinds: Set<CaseKind>
    public var shard: Shard?
    /// Worker count; at least 1.
    public var jobs: Int
    /// Write golden snapshots instead of comparing with them.
    public var record: Bool
    public var configuration: Configuration
    /// Inputs larger than this many bytes are refused by the parser (a finding, not a crash).
    public var maxBytes: Int
    public var evaluators: CaseEvaluators
    /// When set, only these case ids run (used to re-run the cases that were in flight when a run crashed).
    public var only: Set<String>?
    /// Case ids not to run (already finished by an earlier, resumed attempt).
    public var exclude: Set<String> = []
    /// How many cases a worker takes at a time (at least 1); small documents among them share one rule pass.
    public var batchSize = TagCheck.batchSize

    public init(corpus: URL, filter: CaseFilter = CaseFilter([]), tags: [String] = [], skipKinds: Set<CaseKind> = [],
                shard: Shard? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, record: Bool = false,
                configuration: Configuration = .default, maxBytes: Int = XMLParseOptions.defaultMaxBytes,
                evaluators: CaseEvaluators = CaseEvaluators()) {
        self.corpus = corpus
        self.filter = filter
        self.tags = tags
        self.skipKinds = skipKinds
        self.shard = shard
        self.jobs = max(1, jobs)
        self.record = record
        self.configuration = configuration
        self.maxBytes = maxBytes
        self.evaluators = evaluators
    }

    func selects(tags caseTags: [String]) -> Bool {
        tags.isEmpty || caseTags.contains(where: tags.contains)
    }
}

/// Lets another thread stop a run: workers finish the cases in hand (at most ``RunOptions/batchSize`` each) and take
/// no new one.
public final class RunControl: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public func cancel() { lock.withLock { cancelled = true } }
    public var isCancelled: Bool { lock.withLock { cancelled } }
}

/// Progress of a run, handed to the caller after every case.
public struct RunProgress: Sendable {
    /// Cases finished (including ones a tag filter dropped).
    public var done: Int
    /// Cases selected by the filters and shard.
    public var total: Int
    public var totals: RunTotals
    /// The case that just finished, when it was reported.
    public var last: CaseResult?
}

/// What a run returns once every selected case ran (or it was interrupted). The cases themselves
/// went to the consumer; only small facts are kept here.
public struct RunSummary: Sendable, Hashable {
    public var totals: RunTotals
    /// Ids of failed or errored cases, sorted.
    public var failing: [String]
    /// The run was cancelled before every selected case ran.
    public var interrupted: Bool
    public var durationSeconds: Double
    /// Ids of the meta cases that did not pass, sorted: the run's own counting, judging or reporting is wrong
    /// (``RunGate`` then refuses the run whatever its totals say).
    public var selfCheckFailures: [String] = []
}

/// Runs a corpus on all cores.
public enum CorpusRunner {
    /// The selected cases of `options.corpus`, sorted by id.
    public static func selectedCases(_ options: RunOptions) throws(ConformanceError) -> [CorpusCase] {
        try Corpus.discover(at: options.corpus).filter { corpusCase in
            options.filter.matches(corpusCase.id)
                && (options.only?.contains(corpusCase.id) ?? true)
                && !options.exclude.contains(corpusCase.id)
                && (options.shard?.contains(corpusCase.id) ?? true)
                && !options.skipKinds.contains(corpusCase.provisionalKind)
        }
    }

    /// Runs every selected case. `started` is told about each case as a worker takes it (before it
    /// runs, so a crash can be attributed); each result goes to `consume` as soon as it is ready, on the
    /// worker's thread: calls from different workers may run at the same time, so `consume` must be
    /// thread-safe (encoding a result for the results file takes longer than checking a small tag, and done
    /// under one lock it would leave the other workers waiting). `progress` follows each result, its
    /// calls serialised. Cases run concurrently on
    /// `options.jobs` workers; a case never stops the run.
    /// - Throws: ``ConformanceError/corpusNotFound(path:)`` when the corpus is missing, or an I/O
    ///   error writing recorded table snapshots.
    public static func run(
        _ options: RunOptions,
        control: RunControl = RunControl(),
        started: (@Sendable (CorpusCase) -> Void)? = nil,
        consume: @escaping @Sendable (CaseResult) -> Void,
        progress: @escaping @Sendable (RunProgress) -> Void = { _ in }
    ) throws(ConformanceError) -> RunSummary {
        let start = ContinuousClock.now
        let cases = try selectedCases(options)
        let goldens = GoldenStore(root: options.corpus)
        let evaluator = CaseEvaluator(root: options.corpus, options: options, goldens: goldens)
        let state = RunState(total: cases.count)

        let workers = min(options.jobs, max(cases.count, 1))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            // A worker takes a few cases at a time, so that small documents share one rule pass (see
            // `CaseEvaluator.evaluate(batch:)`), and fewer as the run nears its end, so no worker is left
            // with a long batch while the others are idle.
            while !control.isCancelled, let range = state.claim(batchOf: options.batchSize, workers: workers) {
                // Each case is announced as it starts; a cancelled run starts no further case of the batch.
                let results = autoreleasepool {
                    evaluator.evaluate(batch: cases[range]) { corpusCase in
                        guard !control.isCancelled else { return false }
                        started?(corpusCase)
                        return true
                    }
                }
                for result in results {
                    state.finish(result.flatMap { options.skipKinds.contains($0.kind) ? nil : $0 }, consume: consume, progress: progress)
                }
            }
        }
        if options.record { try goldens.flushTables() }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return RunSummary(totals: state.totals, failing: state.failing.sorted(),
                          interrupted: control.isCancelled && state.done < cases.count, durationSeconds: seconds,
                          selfCheckFailures: state.selfCheckFailures.sorted())
    }
}

/// The shared, locked state of a run.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    let total: Int
    private(set) var done = 0
    private(set) var totals = RunTotals()
    private(set) var failing: [String] = []
    private(set) var selfCheckFailures: [String] = []

    init(total: Int) {
        self.total = total
    }

    /// The next cases to run: up to `size`, and no more than an even share of a quarter of what is left
    /// between `workers` (at least one).
    func claim(batchOf size: Int, workers: Int) -> Range<Int>? {
        lock.withLock {
            guard next < total else { return nil }
            let count = max(1, min(size, (total - next) / (4 * max(workers, 1))))
            defer { next += count }
            return next ..< next + count
        }
    }

    /// Hands `result` to `consume` outside the lock, then counts it and reports progress under the lock.
    func finish(_ result: CaseResult?, consume: (CaseResult) -> Void, progress: (RunProgress) -> Void) {
        if let result { consume(result) }
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if let result {
            totals.add(result.status)
            if result.status != .passed { failing.append(result.id) }
            if result.kind == .meta && result.status != .passed { selfCheckFailures.append(result.id) }
        }
        progress(RunProgress(done: done, total: total, totals: totals, last: result))
    }
}

#if !canImport(ObjectiveC)
/// Linux has no autorelease pools; keep the call sites uniform.
@inline(__always) func autoreleasepool<T>(invoking body: () throws -> T) rethrows -> T { try body() }
#endif
