import ConformCore
import Conformance

/// One column of the case × check matrix: a check, or one profile by name.
struct MatrixColumn: Hashable, Sendable, Encodable {
    /// `parse`, `rules`, … or `profile:<name>`.
    var key: String
    var label: String
    var check: CheckName
    var profile: String?
}

/// A corpus folder and its cases (failures first).
struct SuiteGroup: Sendable {
    var name: String
    var cases: [CaseResult]
    var totals: RunTotals
}

/// One row of the rule coverage matrix.
struct RuleCoverage: Sendable, Hashable {
    var id: String
    var name: String?
    var severity: Severity?
    /// Cases where the rule produced at least one diagnostic.
    var fired = 0
    /// Cases whose expectation requires the rule to fire.
    var required = 0
    /// Cases whose expectation requires the rule not to fire.
    var forbidden = 0
    /// Unmet expectations that name the rule.
    var unmet = 0
    /// True when the rule is in the rule list given to the reporter.
    var known = true

    /// The gap a reviewer should look at, or `nil` when the rule has both kinds of case.
    var gap: String? {
        switch (fired == 0, forbidden == 0) {
        case (true, true): "no case fires it; no case requires it not to fire"
        case (true, false): "no case fires it"
        case (false, true): "no case requires it not to fire"
        case (false, false): nil
        }
    }
}

/// A run's cases sorted and grouped in memory, with columns, totals and coverage: for small runs and
/// tests. The reporters themselves work from a ``RunDigest`` and read cases one at a time; the
/// static helpers here (order, outcome of a column, columns, paths) are shared by both.
struct ReportModel: Sendable {
    var info: RunInfo
    /// All cases, grouped by suite (sorted by name), failures first within a suite, then by id.
    var cases: [CaseResult]
    var suites: [SuiteGroup]
    /// The folders in the order the matrices show them: folders with failures or errors first, then
    /// the clean ones, each part sorted by name.
    var matrixSuites: [SuiteGroup]
    var columns: [MatrixColumn]
    /// Totals counted from the cases.
    var totals: RunTotals
    var coverage: [RuleCoverage]
    var rulesByID: [String: RuleDescription]

    init(_ results: RunResults, rules: [RuleDescription]) {
        info = results.info
        let sorted = results.cases.sorted(by: ReportModel.displayOrder)
        cases = sorted
        var totals = RunTotals()
        for item in sorted { totals.add(item.status) }
        self.totals = totals

        var groups: [SuiteGroup] = []
        for item in sorted {
            if groups.last?.name != item.suite {
                groups.append(SuiteGroup(name: item.suite, cases: [], totals: RunTotals()))
            }
            groups[groups.count - 1].cases.append(item)
            groups[groups.count - 1].totals.add(item.status)
        }
        suites = groups
        matrixSuites = groups.filter { $0.totals.failed + $0.totals.errors > 0 }
            + groups.filter { $0.totals.failed + $0.totals.errors == 0 }

        // Columns: the checks that apply to at least one case; profiles one column each when named.
        var applies = Set<CheckName>()
        var profileNames = Set<String>()
        for item in sorted {
            for (check, outcome) in item.checks where outcome != .notApplicable { applies.insert(check) }
            profileNames.formUnion(item.profiles.map { Array($0.keys) } ?? [])
        }
        columns = ReportModel.columns(applies: applies, profileNames: profileNames)

        var byID: [String: RuleDescription] = [:]
        for rule in rules where byID[rule.id] == nil { byID[rule.id] = rule }
        rulesByID = byID
        coverage = ReportModel.coverage(sorted, rules: rules)
    }

    /// The matrix columns: the checks that apply to at least one case (in ``CheckName`` order), then
    /// one column per profile name (sorted), or a single `profiles` column when no case names one.
    static func columns(applies: Set<CheckName>, profileNames: Set<String>) -> [MatrixColumn] {
        var columns: [MatrixColumn] = []
        for check in CheckName.allCases where check != .profiles && applies.contains(check) {
            columns.append(MatrixColumn(key: check.rawValue, label: check.rawValue, check: check))
        }
        if profileNames.isEmpty {
            if applies.contains(.profiles) {
                columns.append(MatrixColumn(key: "profiles", label: "profiles", check: .profiles))
            }
        } else {
            for name in profileNames.sorted() {
                columns.append(MatrixColumn(key: "profile:\(name)", label: name, check: .profiles, profile: name))
            }
        }
        return columns
    }

    /// Suite, then errors and failures before passes, then id.
    static func displayOrder(_ a: CaseResult, _ b: CaseResult) -> Bool {
        if a.suite != b.suite { return a.suite < b.suite }
        let ra = statusRank(a.status), rb = statusRank(b.status)
        if ra != rb { return ra < rb }
        return a.id < b.id
    }

    static func statusRank(_ status: CaseStatus) -> Int {
        switch status {
        case .error: 0
        case .failed: 1
        case .passed: 2
        }
    }

    /// The outcome of `column` for `item`.
    ///
    /// For a profile column: not applicable when the case has no verdict for the profile; a failure
    /// when the profiles check failed and an unmet profile expectation names the profile (or none
    /// names any profile, so the failure cannot be narrowed down); a pass otherwise.
    func outcome(_ item: CaseResult, _ column: MatrixColumn) -> CheckOutcome {
        ReportModel.outcome(item, column)
    }

    /// The outcome of `column` for `item` (see the instance method).
    static func outcome(_ item: CaseResult, _ column: MatrixColumn) -> CheckOutcome {
        guard let profile = column.profile else { return item.checks[column.check] ?? .notApplicable }
        guard item.profiles?[profile] != nil else { return .notApplicable }
        guard item.checks[.profiles] == .fail else { return .pass }
        let profileUnmet = item.unmet.filter { $0.check == .profiles }
        let names = item.profiles.map { Array($0.keys) } ?? []
        let mentions = { (unmet: UnmetExpectation, name: String) in
            unmet.expected.contains(name) || unmet.actual.contains(name)
        }
        if profileUnmet.contains(where: { mentions($0, profile) }) { return .fail }
        let attributed = profileUnmet.contains { unmet in names.contains { mentions(unmet, $0) } }
        return attributed ? .pass : .fail
    }

    static func coverage(_ cases: [CaseResult], rules: [RuleDescription]) -> [RuleCoverage] {
        var rows: [String: RuleCoverage] = [:]
        for rule in rules where rows[rule.id] == nil {
            rows[rule.id] = RuleCoverage(id: rule.id, name: rule.name, severity: rule.severity)
        }
        func bump(_ id: String, _ update: (inout RuleCoverage) -> Void) {
            if rows[id] == nil { rows[id] = RuleCoverage(id: id, name: nil, severity: nil, known: false) }
            update(&rows[id]!)
        }
        for item in cases {
            for id in Set(item.diagnostics.map(\.ruleID)) { bump(id) { $0.fired += 1 } }
            for id in Set(item.requiredRules) { bump(id) { $0.required += 1 } }
            for id in Set(item.forbiddenRules) { bump(id) { $0.forbidden += 1 } }
            for unmet in item.unmet {
                if let id = unmet.ruleID { bump(id) { $0.unmet += 1 } }
            }
        }
        return rows.values.sorted { $0.id < $1.id }
    }

    /// The run's verdict in words: `passed`, or `failed` when any case failed or errored (or, with a
    /// baseline, when there are new failures).
    var passed: Bool {
        if let baseline = info.baseline { return baseline.newFailures.isEmpty }
        return totals.failed == 0 && totals.errors == 0
    }

    /// Every rule id a case touches: diagnostics, required, forbidden, unmet.
    static func ruleIDs(of item: CaseResult) -> [String] {
        var ids = Set(item.diagnostics.map(\.ruleID))
        ids.formUnion(item.requiredRules)
        ids.formUnion(item.forbiddenRules)
        ids.formUnion(item.unmet.compactMap(\.ruleID))
        return ids.sorted()
    }

    /// The path of a case's file as seen from where conform ran: the corpus path joined with the
    /// case's relative file (`Corpus/` + `vast/a.xml` → `Corpus/vast/a.xml`).
    func repositoryPath(of item: CaseResult) -> String {
        ReportModel.join(info.corpus, item.file)
    }

    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || base.isEmpty || base == "." || base == "./" { return relative }
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        var relative = Substring(relative)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return base + "/" + relative
    }
}

/// Number formatting shared by the reporters and the commands (fixed, locale-independent).
public enum Numbers {
    /// `0.042 s`, `12.3 s`, `2 min 5 s`.
    static func duration(seconds: Double) -> String {
        // Results files are read back from disk: a time no run takes is printed as it is, not converted.
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "\(seconds) s" }
        if seconds < 10 { return fixed(seconds, digits: 3) + " s" }
        if seconds < 120 { return fixed(seconds, digits: 1) + " s" }
        let whole = Int(seconds.rounded())
        return "\(whole / 60) min \(whole % 60) s"
    }

    /// A non-negative number with exactly `digits` decimals, without Foundation's locale-aware formatting.
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        // Past what an integer of scaled digits holds: the number as Swift writes it.
        guard abs(value) * scale < 9e18 else { return "\(value)" }
        let negative = value < 0
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        var fraction = String(scaled % Int(scale))
        while fraction.count < digits { fraction = "0" + fraction }
        let text = digits > 0 ? "\(whole).\(fraction)" : "\(whole)"
        return negative && scaled != 0 ? "-" + text : text
    }

    /// `1 case`, `2 cases`, `1,024 new failures`: a grouped count with the right noun form.
    public static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural ?? singular + "s")"
    }

    /// `12,345` — thousands grouped with commas.
    public static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }
}
