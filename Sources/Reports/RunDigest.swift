import ConformCore
import Conformance

/// What the reporters need to know about a whole run before they write a line, gathered in one
/// pass over the cases without keeping them: totals, folders, matrix columns, rule coverage, and
/// per case only its folder, status, time and id (to put the cases in each report's order).
///
/// Memory grows with the number of cases by about a hundred bytes a case (the id and a few
/// numbers), not with what a case holds.
struct RunDigest {
    /// One case, as far as ordering and timing need it.
    struct Entry {
        /// Index into ``RunDigest/suites``.
        var suite: Int32
        /// ``ReportModel/statusRank(_:)`` of the case's status.
        var rank: UInt8
        var milliseconds: Double
    }

    /// A corpus folder.
    struct Suite {
        var name: String
        var totals = RunTotals()
        /// Cases whose check failed, per check.
        var checkFailures: [CheckName: Int] = [:]
        /// Cases whose profile column shows a failure, per profile name.
        var profileFailures: [String: Int] = [:]

        /// Cases failing `column`, as the folder table counts them.
        func failures(_ column: MatrixColumn) -> Int {
            if let profile = column.profile { return profileFailures[profile] ?? 0 }
            return checkFailures[column.check] ?? 0
        }
    }

    var info: RunInfo
    /// Totals counted from the cases.
    var totals = RunTotals()
    /// Folders sorted by name.
    var suites: [Suite] = []
    /// Indexes into ``suites`` in the order the matrices show them: folders with failures or errors
    /// first, then the clean ones, each part sorted by name.
    var matrixSuites: [Int] = []
    var columns: [MatrixColumn] = []
    var coverage: [RuleCoverage] = []
    var rulesByID: [String: RuleDescription] = [:]
    /// Every rule id a case touches (diagnostics, required, forbidden, unmet), sorted.
    var ruleIDs: [String] = []
    /// Rule ids the SARIF results name (an unmet expectation's rule, or a synthetic rule).
    var sarifRuleIDs = Set<String>()
    /// Per case, in the source's order.
    var entries: [Entry] = []
    /// Positions of the strict expected failures that failed as declared (passed cases shown apart).
    var expectedFailures: [Int] = []
    var ids: [String] = []

    /// Reads every case of `source` once.
    init(_ source: some CaseSource, rules: [RuleDescription]) throws {
        info = source.info
        for rule in rules where rulesByID[rule.id] == nil { rulesByID[rule.id] = rule }
        var coverageRows: [String: RuleCoverage] = [:]
        for rule in rules where coverageRows[rule.id] == nil {
            coverageRows[rule.id] = RuleCoverage(id: rule.id, name: rule.name, severity: rule.severity)
        }
        func bump(_ id: String, _ update: (inout RuleCoverage) -> Void) {
            if coverageRows[id] == nil { coverageRows[id] = RuleCoverage(id: id, name: nil, severity: nil, known: false) }
            update(&coverageRows[id]!)
        }
        var suiteIndex: [String: Int] = [:]
        var unsortedSuites: [Suite] = []
        var applies = Set<CheckName>()
        var profileNames = Set<String>()
        var touched = Set<String>()
        entries.reserveCapacity(source.count)
        ids.reserveCapacity(source.count)

        try source.forEachCase(detail: .outline) { item in
            totals.add(item.status)
            let index: Int
            if let known = suiteIndex[item.suite] {
                index = known
            } else {
                index = unsortedSuites.count
                suiteIndex[item.suite] = index
                unsortedSuites.append(Suite(name: item.suite))
            }
            unsortedSuites[index].totals.add(item.status)
            for (check, outcome) in item.checks {
                if outcome != .notApplicable { applies.insert(check) }
                if outcome == .fail { unsortedSuites[index].checkFailures[check, default: 0] += 1 }
            }
            if let profiles = item.profiles {
                profileNames.formUnion(profiles.keys)
                for name in profiles.keys {
                    let column = MatrixColumn(key: "profile:\(name)", label: name, check: .profiles, profile: name)
                    if ReportModel.outcome(item, column) == .fail { unsortedSuites[index].profileFailures[name, default: 0] += 1 }
                }
            }
            for id in Set(item.diagnostics.map(\.ruleID)) { bump(id) { $0.fired += 1 } }
            for id in Set(item.requiredRules) { bump(id) { $0.required += 1 } }
            for id in Set(item.forbiddenRules) { bump(id) { $0.forbidden += 1 } }
            for unmet in item.unmet {
                if let id = unmet.ruleID { bump(id) { $0.unmet += 1 } }
            }
            touched.formUnion(ReportModel.ruleIDs(of: item))
            if item.expectedFailure != nil {
                expectedFailures.append(entries.count)
                sarifRuleIDs.insert(SARIFReporter.SyntheticRule.expectedFailure.rawValue)
            }
            switch item.status {
            case .passed: break
            case .error: sarifRuleIDs.insert(SARIFReporter.SyntheticRule.caseError.rawValue)
            case .failed:
                if item.unmet.isEmpty { sarifRuleIDs.insert(SARIFReporter.SyntheticRule.expectation.rawValue) }
                for unmet in item.unmet { sarifRuleIDs.insert(unmet.ruleID ?? SARIFReporter.SyntheticRule.expectation.rawValue) }
            }
            entries.append(Entry(suite: Int32(index), rank: UInt8(ReportModel.statusRank(item.status)),
                                 milliseconds: item.durationMilliseconds))
            ids.append(item.id)
        }

        // Folders by name; entries point at the sorted positions.
        let order = unsortedSuites.indices.sorted { unsortedSuites[$0].name < unsortedSuites[$1].name }
        var position = [Int32](repeating: 0, count: order.count)
        for (sorted, original) in order.enumerated() { position[original] = Int32(sorted) }
        suites = order.map { unsortedSuites[$0] }
        for index in entries.indices { entries[index].suite = position[Int(entries[index].suite)] }
        matrixSuites = suites.indices.filter { suites[$0].totals.failed + suites[$0].totals.errors > 0 }
            + suites.indices.filter { suites[$0].totals.failed + suites[$0].totals.errors == 0 }

        columns = ReportModel.columns(applies: applies, profileNames: profileNames)
        coverage = coverageRows.values.sorted { $0.id < $1.id }
        ruleIDs = touched.sorted()
    }

    // MARK: Orders (positions in the source)

    /// Folder by name, then errors and failures before passes, then id (``ReportModel/displayOrder(_:_:)``).
    func displayOrder() -> [Int] {
        entries.indices.sorted { a, b in
            let x = entries[a], y = entries[b]
            if x.suite != y.suite { return x.suite < y.suite }
            if x.rank != y.rank { return x.rank < y.rank }
            return ids[a] < ids[b]
        }
    }

    /// The matrices' order: folders in ``matrixSuites`` order, failures first in each, then id.
    func matrixOrder() -> [Int] {
        var position = [Int](repeating: 0, count: suites.count)
        for (rank, suite) in matrixSuites.enumerated() { position[suite] = rank }
        return entries.indices.sorted { a, b in
            let x = entries[a], y = entries[b]
            if x.suite != y.suite { return position[Int(x.suite)] < position[Int(y.suite)] }
            if x.rank != y.rank { return x.rank < y.rank }
            return ids[a] < ids[b]
        }
    }

    /// Folder by name, then id.
    func folderThenIDOrder() -> [Int] {
        entries.indices.sorted { a, b in
            let x = entries[a], y = entries[b]
            if x.suite != y.suite { return x.suite < y.suite }
            return ids[a] < ids[b]
        }
    }

    /// Id only.
    func idOrder() -> [Int] {
        entries.indices.sorted { ids[$0] < ids[$1] }
    }

    /// The run's verdict: passed, or failed when any case failed or errored (with a baseline: when
    /// there are new failures).
    var passed: Bool {
        if let baseline = info.baseline { return baseline.newFailures.isEmpty }
        return totals.failed == 0 && totals.errors == 0
    }

    /// The number of failed and errored cases.
    var failing: Int { totals.failed + totals.errors }

    /// The path of a case's file as seen from where conform ran (``ReportModel/repositoryPath(of:)``).
    func repositoryPath(of item: CaseResult) -> String {
        ReportModel.join(info.corpus, item.file)
    }
}
