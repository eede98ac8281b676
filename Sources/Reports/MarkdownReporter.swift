import ConformCore
import Conformance

/// `report.md`: the summary, the failures with their unmet expectations, and the matrices, for a
/// pull-request comment or a CI step summary (GitHub-flavoured Markdown).
///
/// The text stays within ``maxCharacters`` (counted in UTF-8 bytes, which is never fewer than the
/// characters GitHub counts): sections are added in order of importance, and when the next block
/// would not fit, the report stops there with a note that points at the HTML report.
public struct MarkdownReporter: StreamingReporter {
    /// ``ReportFormat/markdown``.
    public static let format = ReportFormat.markdown

    /// The upper bound of the output size; GitHub refuses comments longer than 65,536 characters.
    public var maxCharacters: Int
    /// How the truncation note and the footer name the full report.
    public var fullReportName: String

    /// - Parameters:
    ///   - maxCharacters: the size limit, in UTF-8 bytes (default 65,000).
    ///   - fullReportName: the file the truncation note points at (default `report.html`).
    public init(maxCharacters: Int = 65_000, fullReportName: String = "report.html") {
        self.maxCharacters = maxCharacters
        self.fullReportName = fullReportName
    }

    /// Room kept for the truncation note.
    static let noteReserve = 700

    public func render(_ results: RunResults, rules: [RuleDescription]) throws(ReportError) -> String {
        try renderInMemory(results, rules: rules)
    }

    func write(_ digest: RunDigest, source: some CaseSource, to output: ReportOutput) throws {
        let model = digest
        var out = Budget(limit: max(0, maxCharacters - MarkdownReporter.noteReserve))
        let failingCount = model.failing
        var section = "the summary"
        var shownFailures = 0

        _ = out.add(summary(model))
        if let baseline = model.info.baseline { _ = out.add(baselineSection(baseline)) }

        if failingCount > 0, !out.truncated {
            section = "the failures"
            out.hold("\n### Failures (\(Numbers.grouped(failingCount)))\n\n")
            let failing = model.displayOrder().filter { model.entries[$0].rank != UInt8(ReportModel.statusRank(.passed)) }
            try source.forEach(failing, detail: .outline, while: { item in
                guard out.add(failureBlock(item, model: model)) else { return false }
                shownFailures += 1
                return true
            })
        }
        if !model.expectedFailures.isEmpty, !out.truncated {
            section = "the expected failures"
            out.hold("\n### Expected failures met (\(Numbers.grouped(model.expectedFailures.count)))\n\n"
                     + "Cases whose expectation is deliberately wrong: each reported exactly the mismatches it declares, so it passed.\n\n"
                     + "| Case | Why | Mismatches |\n|---|---|---:|\n")
            try source.forEach(model.expectedFailures.sorted { model.ids[$0] < model.ids[$1] }, detail: .outline, while: { item in
                guard let expected = item.expectedFailure else { return true }
                return out.add("| \(code(item.id)) | \(Escape.markdown(expected.reason)) | \(expected.unmet.count) |\n")
            })
            out.flush()
        }
        if !out.truncated {
            section = "the folder summary"
            let table = folderTable(model)
            if out.fits(table) {
                _ = out.add(table)
            } else {
                addFolderRows(model, to: &out)
            }
        }
        if !out.truncated {
            section = "the rule coverage matrix"
            out.hold(coverageHeader(model))
            for row in model.coverage { guard out.add(coverageRow(row)) else { break } }
            out.flush()
        }
        if !out.truncated {
            section = "the case × check matrix"
            out.hold("\n### Case × check matrix\n")
            let order = model.matrixOrder()
            var cursor = 0
            for index in model.matrixSuites {
                let suite = model.suites[index]
                let rows = order[cursor..<(cursor + suite.totals.cases)]
                cursor += suite.totals.cases
                out.hold(matrixHeader(suite, model: model))
                try source.forEach(rows, detail: .outline, while: { item in out.add(matrixRow(item, suite: suite, model: model)) })
                if out.truncated { break }
            }
        }

        out.flush()
        var text = out.text
        if out.truncated {
            var note = "\n\n> [!NOTE]\n> This summary stops at \(Numbers.grouped(maxCharacters)) characters and leaves out the rest of \(section)"
            if shownFailures < failingCount {
                note += " (\(Numbers.grouped(failingCount - shownFailures)) of \(Numbers.grouped(failingCount)) failing cases are not shown)"
            }
            note += ". The full report, with every case, is `\(Escape.markdown(fullReportName))` in the output folder.\n"
            text += note
        } else {
            text += "\n---\nFull report with filters and per-case details: `\(Escape.markdown(fullReportName))` in the output folder.\n"
        }
        try output.write(text)
    }

    /// The text so far within the size limit. A heading is held (``hold(_:)``) until the first block under it
    /// fits, so that a cut never leaves a heading or a table header without a row.
    struct Budget {
        var limit: Int
        var text = ""
        var bytes = 0
        var truncated = false
        /// Headings waiting for their first block.
        var pending = ""

        /// Appends `block`, after any held headings, when both fit; otherwise marks the output truncated and
        /// drops the held headings. Returns whether it was added.
        mutating func add(_ block: String) -> Bool {
            guard !truncated else { return false }
            let size = pending.utf8.count + block.utf8.count
            guard bytes + size <= limit else { truncated = true; pending = ""; return false }
            text += pending
            text += block
            bytes += size
            pending = ""
            return true
        }

        /// Whether `block`, after any held headings, would fit.
        func fits(_ block: String) -> Bool {
            !truncated && bytes + pending.utf8.count + block.utf8.count <= limit
        }

        /// Keeps `heading` to be written with the next block that fits.
        mutating func hold(_ heading: String) {
            guard !truncated else { return }
            pending += heading
        }

        /// Writes the held headings on their own (a section that ended without blocks), when they fit.
        mutating func flush() {
            guard !pending.isEmpty else { return }
            _ = add("")
        }
    }

    // MARK: Sections

    func summary(_ model: RunDigest) -> String {
        let totals = model.totals
        let verdict: String
        if model.passed && model.info.interrupted {
            // The cases the run did not reach are unknown: not a pass.
            verdict = "⚠️ incomplete: the run was interrupted; the \(Numbers.count(totals.cases, "case")) that finished "
                + (totals.failed + totals.errors == 0 ? "met their expectations" : "have no new failures against the baseline")
        } else if model.passed {
            verdict = totals.failed + totals.errors == 0
                ? "✅ passed: all \(Numbers.count(totals.cases, "case")) met their expectations"
                : "✅ passed: no new failures against the baseline"
        } else {
            let bad = totals.failed + totals.errors
            verdict = model.info.baseline == nil
                ? "❌ failed: \(Numbers.grouped(bad)) of \(Numbers.count(totals.cases, "case")) did not meet their expectations"
                : "❌ failed: \(Numbers.count(model.info.baseline!.newFailures.count, "new failure")) against the baseline"
        }
        var out = "## conform — \(verdict)\n\n"
        out += "| Cases | Passed | Failed | Errors | Duration |\n|---:|---:|---:|---:|---:|\n"
        let duration = model.info.durationSeconds.map { Numbers.duration(seconds: $0) } ?? "—"
        out += "| \(Numbers.grouped(totals.cases)) | \(Numbers.grouped(totals.passed)) | \(Numbers.grouped(totals.failed))"
        out += " | \(Numbers.grouped(totals.errors)) | \(duration) |\n\n"
        var facts = ["conform \(Escape.markdown(model.info.conformVersion))", "corpus \(code(model.info.corpus))"]
        if let started = model.info.startedAt { facts.append("started \(Escape.markdown(started))") }
        if let shard = model.info.shard { facts.append("shard \(Escape.markdown(shard))") }
        if !model.expectedFailures.isEmpty {
            facts.append("\(Numbers.count(model.expectedFailures.count, "expected failure")) met")
        }
        out += facts.joined(separator: " · ") + "\n"
        if model.info.interrupted {
            out += "\n> [!WARNING]\n> The run was interrupted: these results hold only the cases finished before.\n"
        }
        return out
    }

    func baselineSection(_ baseline: BaselineComparison) -> String {
        var out = "\n### Baseline\n\n| New failures | Fixed | Still failing |\n|---:|---:|---:|\n"
        out += "| \(baseline.newFailures.count) | \(baseline.fixed.count) | \(baseline.stillFailing.count) |\n\n"
        func list(_ title: String, _ ids: [String]) -> String {
            guard !ids.isEmpty else { return "" }
            let shown = ids.sorted().prefix(50).map(code).joined(separator: ", ")
            let more = ids.count > 50 ? ", and \(ids.count - 50) more" : ""
            return "- \(title): \(shown)\(more)\n"
        }
        out += list("**New failures**", baseline.newFailures)
        out += list("Fixed", baseline.fixed)
        out += list("Still failing", baseline.stillFailing)
        return out
    }

    func failureBlock(_ item: CaseResult, model: RunDigest) -> String {
        let file = model.repositoryPath(of: item)
        if item.status == .error {
            return "- ⚠️ **\(code(item.id))** could not run: \(Escape.markdown(item.errorMessage ?? "no message"))\n"
        }
        var out = "- ❌ **\(code(item.id))**"
        if let expected = item.expectedVerdict {
            out += " — expected \(code(expected)), got \(code(item.actualVerdict))"
        }
        out += "\n"
        if item.unmet.isEmpty {
            out += "  - the case failed without a recorded unmet expectation (verdict \(code(item.actualVerdict)))\n"
        }
        for unmet in item.unmet {
            out += "  - **\(unmet.check.rawValue)**: expected \(Escape.markdown(unmet.expected)); actual \(Escape.markdown(unmet.actual))"
            if let rule = unmet.ruleID { out += " · rule \(code(rule))" }
            if let position = unmet.position { out += " · \(code("\(file):\(position.line):\(position.column)"))" }
            out += "\n"
            if let excerpt = unmet.excerpt, !excerpt.isEmpty {
                let block = Escape.markdownCodeBlock(excerpt, language: item.kind == .params ? "" : "xml")
                out += block.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        return out
    }

    func folderTable(_ model: RunDigest) -> String {
        var out = folderTableHeader(model)
        for suite in model.suites { out += folderRow(suite, model: model) }
        if !model.columns.isEmpty { out += folderTableNote }
        return out
    }

    func folderTableHeader(_ model: RunDigest) -> String {
        var out = "\n### Folders\n\n| Folder | Cases | Passed | Failed | Errors |"
        for column in model.columns { out += " \(Escape.markdown(column.label)) ✗ |" }
        out += "\n|---|---:|---:|---:|---:|" + String(repeating: "---:|", count: model.columns.count) + "\n"
        return out
    }

    func folderRow(_ suite: RunDigest.Suite, model: RunDigest) -> String {
        var out = "| \(Escape.markdown(suite.name)) | \(suite.totals.cases) | \(suite.totals.passed) | \(suite.totals.failed) | \(suite.totals.errors) |"
        for column in model.columns { out += " \(suite.failures(column)) |" }
        return out + "\n"
    }

    let folderTableNote = "\nColumns marked ✗ count the cases failing that check.\n"

    /// The folder table cut to the size limit, its most useful rows kept: folders with failures or
    /// errors first (the most failing first), then the largest folders, each part then by name; a line
    /// after the rows says how many folders are not shown. Marks the output truncated.
    func addFolderRows(_ model: RunDigest, to out: inout Budget) {
        let suites = model.suites
        let order = suites.indices.sorted { a, b in
            let x = suites[a].totals, y = suites[b].totals
            let failingX = x.failed + x.errors, failingY = y.failed + y.errors
            if (failingX > 0) != (failingY > 0) { return failingX > 0 }
            if failingX != failingY { return failingX > failingY }
            if x.cases != y.cases { return x.cases > y.cases }
            return suites[a].name < suites[b].name
        }
        func cutLine(_ left: Int) -> String {
            "\n… and \(Numbers.count(left, "more folder")) not shown (of \(Numbers.grouped(suites.count)); the folders with failures"
                + " come first, then the largest). `\(Escape.markdown(fullReportName))` lists them all.\n"
        }
        out.hold(folderTableHeader(model))
        var shown = 0
        for index in order {
            let row = folderRow(suites[index], model: model)
            // Room for the row and for the line that says how many are left out.
            guard out.fits(row + cutLine(suites.count)) else { break }
            _ = out.add(row)
            shown += 1
        }
        if shown < suites.count {
            if shown > 0 { _ = out.add(cutLine(suites.count - shown)) }
            out.truncated = true
        } else if !model.columns.isEmpty {
            _ = out.add(folderTableNote)
        }
    }

    func coverageHeader(_ model: RunDigest) -> String {
        let gaps = model.coverage.count(where: { $0.gap != nil })
        var out = "\n### Rule coverage\n\n"
        out += "\(Numbers.count(model.coverage.count, "rule")); \(gaps) with a gap (no case that fires the rule, or none that requires it not to fire).\n\n"
        out += "| Rule | Severity | Fired in | Required in | Required not to fire in | Unmet | Gap |\n"
        out += "|---|---|---:|---:|---:|---:|---|\n"
        return out
    }

    func coverageRow(_ row: RuleCoverage) -> String {
        let severity = row.severity?.rawValue ?? (row.known ? "" : "unknown rule")
        let gap = row.gap.map { "⚠️ \($0)" } ?? ""
        return "| \(code(row.id)) | \(severity) | \(row.fired) | \(row.required) | \(row.forbidden) | \(row.unmet) | \(gap) |\n"
    }

    func matrixHeader(_ suite: RunDigest.Suite, model: RunDigest) -> String {
        var out = "\n#### \(Escape.markdown(suite.name)) — \(Numbers.count(suite.totals.cases, "case")), \(suite.totals.failed) failed, \(Numbers.count(suite.totals.errors, "error"))\n\n"
        out += "| Case | Status |"
        for column in model.columns { out += " \(Escape.markdown(column.label)) |" }
        out += "\n|---|:---:|" + String(repeating: ":---:|", count: model.columns.count) + "\n"
        return out
    }

    func matrixRow(_ item: CaseResult, suite: RunDigest.Suite, model: RunDigest) -> String {
        var name = item.id
        if name.hasPrefix(suite.name + "/") { name.removeFirst(suite.name.count + 1) }
        let status = switch item.status {
        case .passed: "✅"
        case .failed: "❌"
        case .error: "⚠️ error"
        }
        var out = "| \(code(name)) | \(status) |"
        for column in model.columns {
            let mark = switch ReportModel.outcome(item, column) {
            case .pass: " ✅ |"
            case .fail: " ❌ |"
            case .notApplicable: " · |"
            }
            out += mark
        }
        return out + "\n"
    }

    /// A code span, or escaped text when the value cannot sit in a code span inside a table.
    func code(_ text: String) -> String {
        if text.isEmpty || text.contains("`") || text.contains("|") || text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            return Escape.markdown(text)
        }
        return "`\(text)`"
    }
}
