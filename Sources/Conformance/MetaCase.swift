import Foundation

/// The `meta.json` of a meta case: a folder whose input is a small nested corpus, run as `conform run` would
/// run it, and whose expectation pins that run (totals, exit status, the counts each report states). Meta
/// cases test the runner, the judge and the reporters themselves: a corpus that is green says nothing about
/// a runner that counts a failed case as passed, unless some case looks at a run's own totals.
///
/// ```json
/// {"version": 1, "corpus": "corpus",
///  "expect": {"version": 1, "run": {"cases": 3, "passed": 1, "failed": 1, "errors": 1, "exitCode": 1,
///                                   "reports": {"junit": {"tests": 3, "failures": 1, "errors": 1}}}}}
/// ```
public struct MetaManifest: Sendable, Codable, Hashable {
    public var version: Int
    /// The nested corpus folder, relative to the case folder (`corpus` when absent).
    public var corpus: String
    public var expect: CaseExpectation?

    enum CodingKeys: String, CodingKey, CaseIterable { case version, corpus, expect }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "meta.json")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version == 1 else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "meta.json version \(version) is not supported (this conform reads version 1)")
        }
        corpus = try container.decodeIfPresent(String.self, forKey: .corpus) ?? "corpus"
        guard !corpus.isEmpty, !corpus.hasPrefix("/"), !corpus.split(separator: "/").contains("..") else {
            throw DecodingError.dataCorruptedError(forKey: .corpus, in: container, debugDescription: "corpus must be a folder inside the case folder")
        }
        expect = try container.decodeIfPresent(CaseExpectation.self, forKey: .expect)
    }

    public static func decode(_ data: Data, file: String) throws(ConformanceError) -> MetaManifest {
        do {
            return try JSONDecoder().decode(MetaManifest.self, from: data)
        } catch {
            throw .malformedExpectation(file: file, reason: describe(error))
        }
    }
}

/// What a meta case pins of its nested run. Each key given is compared exactly; a key left out is not.
public struct RunExpectation: Sendable, Codable, Hashable {
    /// The run's totals, as the runner counts them (``RunSummary/totals``).
    public var cases: Int?
    public var passed: Int?
    public var failed: Int?
    public var errors: Int?
    /// The strict expected failures that were met (passed cases marked as expected failures).
    public var expectedFailures: Int?
    /// The ids of the cases that did not pass, sorted (``RunSummary/failing``).
    public var failing: [String]?
    /// The exit status `conform run` gives this run (``RunGate``).
    public var exitCode: Int?
    /// Report format (`junit`, `sarif`, `json`, `markdown`, `html`) → count name → the count the rendered
    /// report states; every count of a named format must be given (see ``RunFacts/reports``).
    public var reports: [String: [String: Int]]?

    enum CodingKeys: String, CodingKey, CaseIterable { case cases, passed, failed, errors, expectedFailures, failing, exitCode, reports }

    public init(cases: Int? = nil, passed: Int? = nil, failed: Int? = nil, errors: Int? = nil, expectedFailures: Int? = nil,
                failing: [String]? = nil, exitCode: Int? = nil, reports: [String: [String: Int]]? = nil) {
        self.cases = cases
        self.passed = passed
        self.failed = failed
        self.errors = errors
        self.expectedFailures = expectedFailures
        self.failing = failing
        self.exitCode = exitCode
        self.reports = reports
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "run")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(cases: try container.decodeIfPresent(Int.self, forKey: .cases),
                  passed: try container.decodeIfPresent(Int.self, forKey: .passed),
                  failed: try container.decodeIfPresent(Int.self, forKey: .failed),
                  errors: try container.decodeIfPresent(Int.self, forKey: .errors),
                  expectedFailures: try container.decodeIfPresent(Int.self, forKey: .expectedFailures),
                  failing: try container.decodeIfPresent([String].self, forKey: .failing),
                  exitCode: try container.decodeIfPresent(Int.self, forKey: .exitCode),
                  reports: try container.decodeIfPresent([String: [String: Int]].self, forKey: .reports))
    }
}

/// What a meta case's nested run produced: the facts a ``RunExpectation`` pins.
public struct RunFacts: Sendable, Codable, Hashable {
    public var totals: RunTotals
    public var expectedFailures: Int
    public var failing: [String]
    public var exitCode: Int
    /// Report format → count name → the count its rendered text states. `junit`: `tests`, `failures`, `errors`
    /// (the `<testsuites>` attributes), `skipped` (summed over the `<testsuite>`s), `testcases` (elements);
    /// `sarif`: `results`, `errors` (level `error`), `passes` (kind `pass`); `json`: `cases`, `passed`, `failed`,
    /// `errors` (`info.totals`), `entries` (cases listed), `expectedFailures` (cases with `expectedFailure`);
    /// `markdown` and `html`: `cases`, `passed`, `failed`, `errors` (the totals shown), and for Markdown
    /// `expectedFailures` (the "expected failures met" it states, 0 when it states none). Empty when the
    /// expectation pins no report.
    public var reports: [String: [String: Int]]

    public init(totals: RunTotals, expectedFailures: Int, failing: [String], exitCode: Int, reports: [String: [String: Int]] = [:]) {
        self.totals = totals
        self.expectedFailures = expectedFailures
        self.failing = failing
        self.exitCode = exitCode
        self.reports = reports
    }

    /// The unmet expectations of `pinned` against these facts.
    func unmet(_ pinned: RunExpectation) -> [UnmetExpectation] {
        var failures: [UnmetExpectation] = []
        func compare(_ what: String, _ expected: Int?, _ actual: Int) {
            if let expected, expected != actual {
                failures.append(UnmetExpectation(check: .run, expected: "\(what) \(expected)", actual: "\(what) \(actual)"))
            }
        }
        compare("cases", pinned.cases, totals.cases)
        compare("passed", pinned.passed, totals.passed)
        compare("failed", pinned.failed, totals.failed)
        compare("errors", pinned.errors, totals.errors)
        compare("expected failures", pinned.expectedFailures, expectedFailures)
        if let ids = pinned.failing, ids != failing {
            failures.append(UnmetExpectation(check: .run, expected: "failing \(CaseEvaluator.list(ids))", actual: "failing \(CaseEvaluator.list(failing))"))
        }
        compare("exit status", pinned.exitCode, exitCode)
        for (format, counts) in (pinned.reports ?? [:]).sorted(by: { $0.key < $1.key }) {
            let stated = reports[format] ?? [:]
            for name in Set(counts.keys).union(stated.keys).sorted() {
                let expected = counts[name].map(String.init) ?? "not pinned"
                let actual = stated[name].map(String.init) ?? "not stated"
                if expected != actual {
                    failures.append(UnmetExpectation(check: .run, expected: "\(format) \(name) \(expected)", actual: "\(format) \(name) \(actual)"))
                }
            }
        }
        return failures
    }
}

/// Reads back the counts each report format states for a run (see ``RunFacts/reports``): rendered by the
/// reporters, then parsed. Set by a layer that has the reporters (`conform run` sets the Reports module's).
public typealias ReportCountsEvaluator = @Sendable (_ results: RunResults) throws -> [String: [String: Int]]
