import ConformCore

/// The results model of a corpus run: what the runner writes (streamed, one case at a time) and what
/// every report writer reads. Versioned: `RunResults.schemaVersion` changes when a field changes meaning.

/// What kind of case a corpus entry is.
public enum CaseKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// `meta`: a folder holding `meta.json`, whose input is a small nested corpus and whose expectation pins
    /// that corpus's run (totals, exit status, the counts each report states).
    case vast, vmap, chain, params, hostile, meta
}

/// The outcome of one case against its expectation.
public enum CaseStatus: String, Sendable, Codable, Hashable, CaseIterable {
    /// Every expectation was met.
    case passed
    /// At least one expectation was not met.
    case failed
    /// The case could not be run (unreadable file, malformed expectation, crash-prone input).
    case error
}

/// One column of the case × check matrix.
public enum CheckName: String, Sendable, Codable, Hashable, CaseIterable {
    case parse, rules, tracking, chain, parameters, profiles
    /// A meta case's nested run: its totals, exit status and report counts.
    case run
}

public enum CheckOutcome: String, Sendable, Codable, Hashable {
    case pass, fail, notApplicable = "n/a"
}

/// An expectation that the actual outcome did not meet.
public struct UnmetExpectation: Sendable, Codable, Hashable {
    /// Which check it belongs to.
    public var check: CheckName
    /// What was expected, in words (for example `diagnostic VAST-2.0-inline-adsystem at line 3`).
    public var expected: String
    /// What happened instead.
    public var actual: String
    public var ruleID: String?
    public var position: SourcePosition?
    /// A short excerpt of the case's source around `position`, when known.
    public var excerpt: String?

    public init(check: CheckName, expected: String, actual: String, ruleID: String? = nil,
                position: SourcePosition? = nil, excerpt: String? = nil) {
        self.check = check
        self.expected = expected
        self.actual = actual
        self.ruleID = ruleID
        self.position = position
        self.excerpt = excerpt
    }
}

/// A tracking URL with where it came from in a chain.
public struct TrackedURL: Sendable, Codable, Hashable {
    public var url: String
    /// 0 for the first document of the chain, counting up to the InLine.
    public var hop: Int
    public var position: SourcePosition?
    /// `true` when the URL stands in an element the spec allows once and the document repeats (a second
    /// `<Linear>` in a Creative, a second `<ClickThrough>`); absent otherwise.
    public var repeated: Bool?
    /// `true` when the URL comes from an extension: `<Extension type="AdVerifications">` (verification before
    /// VAST 4.1) or `<Extension type="ctv_ad_portfolio">` (CTV Ad Portfolio before VAST 4.4); absent otherwise.
    public var fromExtension: Bool?

    public init(url: String, hop: Int, position: SourcePosition? = nil, repeated: Bool? = nil, fromExtension: Bool? = nil) {
        self.url = url
        self.hop = hop
        self.position = position
        self.repeated = repeated
        self.fromExtension = fromExtension
    }
}

/// One hop of a resolved chain, as reports show it.
public struct ChainHopSummary: Sendable, Codable, Hashable {
    public var uri: String
    public var depth: Int
    public var outcome: String

    public init(uri: String, depth: Int, outcome: String) {
        self.uri = uri
        self.depth = depth
        self.outcome = outcome
    }
}

/// The result of one corpus case.
public struct CaseResult: Sendable, Codable, Hashable {
    /// Stable identifier: the case's path relative to the corpus root, plus `#row-id` for table rows.
    public var id: String
    /// The corpus folder the case belongs to (the report's grouping and JUnit test suite).
    public var suite: String
    public var kind: CaseKind
    public var status: CaseStatus
    /// Tags from the expectation, for `--tag` filtering.
    public var tags: [String]
    /// The verdict the expectation states (`valid`, `invalid`, `malformed`, `accepted`, `rejected`, ...).
    public var expectedVerdict: String?
    /// The verdict conform reached.
    public var actualVerdict: String
    /// Per check: pass, fail or not applicable.
    public var checks: [CheckName: CheckOutcome]
    public var unmet: [UnmetExpectation]
    /// Every diagnostic the case produced (file paths relative to the corpus root).
    public var diagnostics: [Diagnostic]
    /// Rule ids the expectation required to fire, and required not to fire (for the coverage matrix).
    public var requiredRules: [String]
    public var forbiddenRules: [String]
    /// Tracking URLs per event (`impression`, `error`, `clickThrough`, `start`, ...), when collected.
    public var tracking: [String: [TrackedURL]]?
    public var chain: [ChainHopSummary]?
    /// Detected parameter format and typed fields, for parameter cases.
    public var parameterFormat: String?
    public var parameterFields: [String: String]?
    /// Profile name → verdict in words.
    public var profiles: [String: String]?
    /// Path of the case's main file relative to the corpus root.
    public var file: String
    /// Wall time of the case in milliseconds (excluded from golden comparisons). A document checked in a batch
    /// with others counts its own reading, decoding and judging and a share of the batch's rule pass in
    /// proportion to its size.
    public var durationMilliseconds: Double
    /// A message when `status == .error`.
    public var errorMessage: String?
    /// When `status == .error` and the error is at one line of the case's file (a broken table row): that line.
    public var errorLine: Int?
    /// What the case is about, from its expectation's `description`.
    public var description: String?
    /// Set when the case is a strict expected failure that failed exactly as declared: its status is then
    /// `passed`, `unmet` is empty, and the mismatches it reported are here.
    public var expectedFailure: ExpectedFailureOutcome?
    /// For a meta case: what its nested run produced (totals, expected failures, failing ids, exit status and
    /// the report counts its expectation pins).
    public var run: RunFacts?

    public init(id: String, suite: String, kind: CaseKind, status: CaseStatus, tags: [String] = [],
                expectedVerdict: String? = nil, actualVerdict: String, checks: [CheckName: CheckOutcome] = [:],
                unmet: [UnmetExpectation] = [], diagnostics: [Diagnostic] = [], requiredRules: [String] = [],
                forbiddenRules: [String] = [], tracking: [String: [TrackedURL]]? = nil,
                chain: [ChainHopSummary]? = nil, parameterFormat: String? = nil,
                parameterFields: [String: String]? = nil, profiles: [String: String]? = nil, file: String,
                durationMilliseconds: Double = 0, errorMessage: String? = nil, description: String? = nil) {
        self.id = id
        self.suite = suite
        self.kind = kind
        self.status = status
        self.tags = tags
        self.expectedVerdict = expectedVerdict
        self.actualVerdict = actualVerdict
        self.checks = checks
        self.unmet = unmet
        self.diagnostics = diagnostics
        self.requiredRules = requiredRules
        self.forbiddenRules = forbiddenRules
        self.tracking = tracking
        self.chain = chain
        self.parameterFormat = parameterFormat
        self.parameterFields = parameterFields
        self.profiles = profiles
        self.file = file
        self.durationMilliseconds = durationMilliseconds
        self.errorMessage = errorMessage
        self.description = description
    }
}

/// The mismatches a strict expected failure reported, exactly as its expectation declared them.
public struct ExpectedFailureOutcome: Sendable, Codable, Hashable {
    /// Why the expectation is deliberately wrong, from ``ExpectedFailure/reason``.
    public var reason: String
    /// The unmet expectations the run reported (all of them declared).
    public var unmet: [UnmetExpectation]

    public init(reason: String, unmet: [UnmetExpectation]) {
        self.reason = reason
        self.unmet = unmet
    }
}

/// Counts of a run.
public struct RunTotals: Sendable, Codable, Hashable {
    public var cases: Int
    public var passed: Int
    public var failed: Int
    public var errors: Int

    public init(cases: Int = 0, passed: Int = 0, failed: Int = 0, errors: Int = 0) {
        self.cases = cases
        self.passed = passed
        self.failed = failed
        self.errors = errors
    }

    public mutating func add(_ status: CaseStatus) {
        cases += 1
        switch status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        }
    }
}

/// The comparison of a run with a baseline: which failures are new.
public struct BaselineComparison: Sendable, Codable, Hashable {
    /// Case ids failing now and not in the baseline: these fail the gate.
    public var newFailures: [String]
    /// Case ids in the baseline that pass now.
    public var fixed: [String]
    /// Case ids failing in both.
    public var stillFailing: [String]

    public init(newFailures: [String] = [], fixed: [String] = [], stillFailing: [String] = []) {
        self.newFailures = newFailures
        self.fixed = fixed
        self.stillFailing = stillFailing
    }
}

/// The header of a run: everything but the cases.
public struct RunInfo: Sendable, Codable, Hashable {
    public static let schemaVersion = 1
    public var schemaVersion: Int
    public var conformVersion: String
    /// The corpus path as given on the command line.
    public var corpus: String
    /// ISO 8601, injected by the caller (omitted in golden tests).
    public var startedAt: String?
    public var durationSeconds: Double?
    public var totals: RunTotals
    public var baseline: BaselineComparison?
    /// The run was interrupted; the results hold the cases finished before.
    public var interrupted: Bool
    /// `K/N` when the run was one shard of N.
    public var shard: String?

    public init(conformVersion: String, corpus: String, startedAt: String? = nil, durationSeconds: Double? = nil,
                totals: RunTotals = RunTotals(), baseline: BaselineComparison? = nil, interrupted: Bool = false,
                shard: String? = nil) {
        self.schemaVersion = RunInfo.schemaVersion
        self.conformVersion = conformVersion
        self.corpus = corpus
        self.startedAt = startedAt
        self.durationSeconds = durationSeconds
        self.totals = totals
        self.baseline = baseline
        self.interrupted = interrupted
        self.shard = shard
    }
}

/// A whole run: header plus cases sorted by id. (Large runs are streamed case by case; this value
/// is for small runs, tests and the report writers' convenience.)
public struct RunResults: Sendable, Codable, Hashable {
    public var info: RunInfo
    public var cases: [CaseResult]

    public init(info: RunInfo, cases: [CaseResult]) {
        self.info = info
        self.cases = cases
    }
}

/// Checks encode as object keys (`{"parse": "pass"}`) rather than as an array of pairs.
extension CheckName: CodingKeyRepresentable {}
