import ConformCore
import Conformance

/// `junit.xml`: one `<testsuite>` per corpus folder, one `<testcase>` per case, one `<failure>`
/// per unmet expectation and an `<error>` for a case that could not run. Loads in Jenkins, GitLab,
/// GitHub test-report actions, Azure Pipelines and CircleCI.
///
/// Against a baseline (`conform run --baseline`), a case that fails now and failed in the baseline
/// is a known failure: it does not fail the gate, so it is written as `<skipped>` (as test runners
/// write an expected failure) with its unmet expectations in `<system-out>`, and counted in
/// `skipped`, not in `failures` or `errors`. New failures stay failures.
public struct JUnitReporter: StreamingReporter {
    /// ``ReportFormat/junit``.
    public static let format = ReportFormat.junit

    /// A JUnit reporter; it has no settings.
    public init() {}

    public func render(_ results: RunResults, rules: [RuleDescription]) throws(ReportError) -> String {
        try renderInMemory(results, rules: rules)
    }

    func write(_ digest: RunDigest, source: some CaseSource, to out: ReportOutput) throws {
        let corpus = digest.info.corpus
        // Times are summed in the order the in-memory report always used: the run's in display
        // order, each folder's by case id.
        let totalTime = digest.displayOrder().reduce(0) { $0 + digest.entries[$1].milliseconds } / 1000
        let known = Set(digest.info.baseline?.stillFailing ?? [])
        func counted(_ ordinals: some Sequence<Int>) -> JUnitCounts {
            var counts = JUnitCounts()
            for i in ordinals { counts.add(rank: digest.entries[i].rank, known: known.contains(digest.ids[i])) }
            return counts
        }
        let all = counted(digest.entries.indices)
        try out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        try out.write("<testsuites name=\"conform\" tests=\"\(digest.totals.cases)\" failures=\"\(all.failures)\"")
        // (The JUnit schema has no `skipped` on `<testsuites>`; each `<testsuite>` counts its own.)
        try out.write(" errors=\"\(all.errors)\" time=\"\(Numbers.fixed(digest.info.durationSeconds ?? totalTime, digits: 3))\">\n")
        let order = digest.folderThenIDOrder()
        var cursor = 0
        for suite in digest.suites {
            let ordinals = order[cursor..<(cursor + suite.totals.cases)]
            cursor += suite.totals.cases
            let time = ordinals.reduce(0) { $0 + digest.entries[$1].milliseconds } / 1000
            try out.write(JUnitReporter.suiteStart(name: suite.name, counts: counted(ordinals), seconds: time))
            let classname = JUnitReporter.classname(suite.name)
            try source.forEach(Array(ordinals), detail: .outline) { item in
                try out.write(JUnitReporter.caseElement(item, classname: classname, corpus: corpus, known: known.contains(item.id)))
            }
            try out.write(JUnitReporter.suiteEnd)
        }
        try out.write("</testsuites>\n")
    }

    /// The opening `<testsuite>` tag of a folder.
    static func suiteStart(name: String, counts: JUnitCounts, seconds: Double) -> String {
        var out = "  <testsuite name=\"\(Escape.xml(name, attribute: true))\" tests=\"\(counts.tests)\""
        out += " failures=\"\(counts.failures)\" errors=\"\(counts.errors)\" skipped=\"\(counts.skipped)\""
        out += " time=\"\(Numbers.fixed(seconds, digits: 3))\">\n"
        return out
    }

    static let suiteEnd = "  </testsuite>\n"

    /// The escaped class name of a folder's test cases (`vast/required` → `vast.required`).
    static func classname(_ suite: String) -> String {
        Escape.xml(suite.replacingSlashes(), attribute: true)
    }

    /// One `<testcase>` element, indented by four spaces.
    /// - Parameter known: whether the case is a known failure (in the baseline): written as skipped.
    static func caseElement(_ item: CaseResult, classname: String, corpus: String, known: Bool = false) -> String {
        var out = "    <testcase name=\"\(Escape.xml(item.id, attribute: true))\" classname=\"\(classname)\""
        out += " file=\"\(Escape.xml(ReportModel.join(corpus, item.file), attribute: true))\""
        out += " time=\"\(Numbers.fixed(item.durationMilliseconds / 1000, digits: 3))\""
        if known && item.status != .passed {
            let what = item.status == .error ? "could not run" : "failed"
            let message = "known failure: the case \(what) in the baseline too"
            out += ">\n      <skipped message=\"\(Escape.xml(message, attribute: true))\" type=\"baseline\"/>\n"
            let detail: String
            if item.status == .error {
                detail = "error: " + errorMessage(item) + "\n"
            } else if item.unmet.isEmpty {
                detail = verdictMessage(item) + "\n"
            } else {
                detail = item.unmet.map { Text.unmetDetail($0, file: ReportModel.join(corpus, item.file)) }.joined(separator: "\n")
            }
            out += "      <system-out>" + Escape.xml(detail) + "</system-out>\n"
            out += "    </testcase>\n"
            return out
        }
        switch item.status {
        case .passed:
            guard let expected = item.expectedFailure else {
                out += "/>\n"
                break
            }
            // A strict expected failure that failed as declared: a pass (the schema CI systems read allows no
            // property on a test case), its reason and mismatches in its output.
            var detail = "expected failure: \(expected.reason)\n"
            detail += expected.unmet.map { Text.unmetDetail($0, file: ReportModel.join(corpus, item.file)) }.joined(separator: "\n")
            out += ">\n      <system-out>" + Escape.xml(detail) + "</system-out>\n"
            out += "    </testcase>\n"
        case .error:
            out += ">\n"
            let message = errorMessage(item)
            out += "      <error message=\"\(Escape.xml(message, attribute: true))\" type=\"error\">"
            out += Escape.xml(message) + "</error>\n"
            out += "    </testcase>\n"
        case .failed:
            out += ">\n"
            if item.unmet.isEmpty {
                let message = verdictMessage(item)
                out += "      <failure message=\"\(Escape.xml(message, attribute: true))\" type=\"verdict\">"
                out += Escape.xml(message) + "</failure>\n"
            }
            for unmet in item.unmet {
                out += "      <failure message=\"\(Escape.xml(Text.unmetLine(unmet), attribute: true))\""
                out += " type=\"\(Escape.xml(unmet.check.rawValue, attribute: true))\">"
                out += Escape.xml(Text.unmetDetail(unmet, file: ReportModel.join(corpus, item.file)))
                out += "</failure>\n"
            }
            out += "    </testcase>\n"
        }
        return out
    }

    private static func errorMessage(_ item: CaseResult) -> String { item.errorMessage ?? "the case could not be run" }

    private static func verdictMessage(_ item: CaseResult) -> String {
        "expected \(item.expectedVerdict ?? "the expectation to hold"), got \(item.actualVerdict)"
    }
}

/// The counts of a `<testsuite>` (or of `<testsuites>`): a known failure (in the baseline) is counted as
/// skipped, not as a failure or an error.
struct JUnitCounts {
    var tests = 0, failures = 0, errors = 0, skipped = 0

    mutating func add(_ status: CaseStatus, known: Bool) {
        tests += 1
        switch status {
        case .passed: break
        case _ where known: skipped += 1
        case .failed: failures += 1
        case .error: errors += 1
        }
    }

    /// ``add(_:known:)`` for a case known by its ``ReportModel/statusRank(_:)``.
    mutating func add(rank: UInt8, known: Bool) {
        let status: CaseStatus = switch Int(rank) {
        case ReportModel.statusRank(.error): .error
        case ReportModel.statusRank(.failed): .failed
        default: .passed
        }
        add(status, known: known)
    }
}

/// Wording shared by the text-like reporters.
enum Text {
    /// `rules: expected diagnostic X at line 3; actual no diagnostic [VAST-…] at 3:5`
    static func unmetLine(_ unmet: UnmetExpectation) -> String {
        var line = "\(unmet.check.rawValue): expected \(unmet.expected); actual \(unmet.actual)"
        if let rule = unmet.ruleID { line += " [\(rule)]" }
        if let position = unmet.position { line += " at \(position.line):\(position.column)" }
        return line
    }

    /// A multi-line account of an unmet expectation, with the excerpt.
    static func unmetDetail(_ unmet: UnmetExpectation, file: String) -> String {
        var text = "check:    \(unmet.check.rawValue)\nexpected: \(unmet.expected)\nactual:   \(unmet.actual)\n"
        if let rule = unmet.ruleID { text += "rule:     \(rule)\n" }
        if let position = unmet.position { text += "at:       \(file):\(position.line):\(position.column)\n" }
        if let excerpt = unmet.excerpt, !excerpt.isEmpty { text += "\n" + excerpt.replacingLineEndings() + "\n" }
        return text
    }
}

extension String {
    /// `vast/required` → `vast.required` (JUnit class names are dotted).
    func replacingSlashes() -> String {
        String(map { $0 == "/" ? "." : $0 })
    }
}
