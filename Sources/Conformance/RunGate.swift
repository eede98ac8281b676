/// How a corpus run ends for the gate: the one decision `conform run` turns into its exit status, made here so
/// that a meta case (a case whose input is a nested corpus) checks the very decision the command makes.
public enum RunGate {
    /// The outcome of a run, from the gate's side.
    public enum Decision: Sendable, Hashable {
        /// Every case met its expectation (or, with a baseline, no failure is new): exit 0.
        case passed
        /// Some case did not meet its expectation (or, with a baseline, a failure is new): exit 1.
        case findings
        /// The run selected no case, so the gate checked nothing: exit 2.
        case nothingRan
        /// A meta case failed: the run's own counting, judging or reporting is wrong, so no total of this run
        /// can be trusted, whatever a baseline says: exit 2. The ids of the failing meta cases.
        case selfCheckFailed([String])
        /// The run was stopped before every selected case ran: exit 130.
        case interrupted

        /// The process exit status `conform run` returns.
        public var exitCode: Int32 {
            switch self {
            case .passed: 0
            case .findings: 1
            case .nothingRan, .selfCheckFailed: 2
            case .interrupted: 130
            }
        }
    }

    /// The decision for a run with these totals.
    /// - Parameters:
    ///   - baseline: the comparison with a baseline, when the run has one: only new failures count.
    ///   - sharded: the run is one shard of several (an empty shard is not an error).
    ///   - selfCheckFailures: the ids of the meta cases that did not pass (see ``RunSummary/selfCheckFailures``).
    public static func decide(totals: RunTotals, baseline: BaselineComparison? = nil, interrupted: Bool = false,
                              sharded: Bool = false, selfCheckFailures: [String] = []) -> Decision {
        if interrupted { return .interrupted }
        if totals.cases == 0 && !sharded { return .nothingRan }
        if !selfCheckFailures.isEmpty { return .selfCheckFailed(selfCheckFailures) }
        if let baseline { return baseline.newFailures.isEmpty ? .passed : .findings }
        return totals.failed + totals.errors == 0 ? .passed : .findings
    }
}
