import ConformCore
import Conformance
import Foundation

/// GitHub Actions workflow commands that annotate the tag files in a pull request:
/// `::error file=Corpus/vast/a.xml,line=3,col=5,title=…::message`, one per unmet expectation and
/// one per case that could not run, then a `::notice` with the totals.
///
/// With a baseline, only new failures are errors; failures already in the baseline are warnings.
/// Errors come first. GitHub shows only the first few annotations of a step, so at most `limit` are
/// printed and the notice says how many were left out.
public enum GitHubAnnotations {
    /// The annotation lines, each ending in a newline; a run without failures gives only the notice.
    /// - Parameter limit: the most `::error`/`::warning` lines to print (default 50).
    public static func render(_ results: RunResults, limit: Int = 50) -> String {
        let source = MemoryCaseSource(results: results)
        // Reading cases from memory cannot fail.
        return (try? render(source, digest: RunDigest(source, rules: []), limit: limit)) ?? ""
    }

    /// ``render(_:limit:)`` of a saved results file (`results.json` or a JSON Lines stream), reading
    /// one case at a time: only the annotations printed are kept.
    /// - Throws: ``ReportError`` when the file cannot be read.
    public static func render(resultsAt url: URL, limit: Int = 50) throws(ReportError) -> String {
        if let source = FileCaseSource.open(url) {
            do {
                return try render(source, digest: RunDigest(source, rules: []), limit: limit)
            } catch let error as ReportError {
                guard case .unreadableResults = error else { throw error }
            } catch {}
        }
        return render(try ResultsReader.read(contentsOf: url), limit: limit)
    }

    static func render(_ source: some CaseSource, digest: RunDigest, limit: Int) throws -> String {
        let info = digest.info
        let known = Set(info.baseline?.stillFailing ?? [])
        let shown = max(0, limit)
        // Errors come before warnings; only the first `limit` of each can be printed.
        var errors: [String] = [], warnings: [String] = []
        var errorCount = 0, warningCount = 0
        let failing = digest.idOrder().filter { digest.entries[$0].rank != UInt8(ReportModel.statusRank(.passed)) }
        try source.forEach(failing, detail: .outline) { item in
            let command = known.contains(item.id) ? "warning" : "error"
            var lines: [String] = []
            let file = digest.repositoryPath(of: item)
            if item.status == .error {
                lines.append(line(command, file: file, position: nil, title: "conform: \(item.id) could not run",
                                  message: item.errorMessage ?? "the case could not be run"))
            } else if item.unmet.isEmpty {
                lines.append(line(command, file: file, position: nil, title: "conform: \(item.id)",
                                  message: "expected \(item.expectedVerdict ?? "the expectation to hold"), got \(item.actualVerdict)"))
            }
            for unmet in item.unmet {
                let title = "conform: \(item.id) (\(unmet.check.rawValue)\(unmet.ruleID.map { ", \($0)" } ?? ""))"
                lines.append(line(command, file: file, position: unmet.position, title: title,
                                  message: "expected \(unmet.expected); actual \(unmet.actual)"))
            }
            if command == "error" {
                errorCount += lines.count
                errors += lines.prefix(max(0, shown - errors.count))
            } else {
                warningCount += lines.count
                warnings += lines.prefix(max(0, shown - warnings.count))
            }
        }
        let total = errorCount + warningCount
        var out = (errors + warnings).prefix(shown).joined()
        let totals = digest.totals
        var summary = "conform: \(Numbers.count(totals.cases, "case")), \(Numbers.grouped(totals.passed)) passed,"
        summary += " \(Numbers.grouped(totals.failed)) failed, \(Numbers.count(totals.errors, "error"))"
        if let baseline = info.baseline {
            summary += "; against the baseline: \(Numbers.count(baseline.newFailures.count, "new failure")), \(Numbers.grouped(baseline.fixed.count)) fixed,"
            summary += " \(Numbers.grouped(baseline.stillFailing.count)) still failing"
        }
        if total > limit {
            summary += "; \(Numbers.count(total - limit, "more annotation")) left out (see report.md or report.html)"
        }
        out += "::notice title=conform::\(Escape.annotationData(summary))\n"
        return out
    }

    static func line(_ command: String, file: String?, position: SourcePosition?, title: String, message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=\(Escape.annotationProperty(file))") }
        if file != nil, let position {
            properties.append("line=\(max(1, position.line))")
            properties.append("col=\(max(1, position.column))")
        }
        properties.append("title=\(Escape.annotationProperty(title))")
        return "::\(command) \(properties.joined(separator: ","))::\(Escape.annotationData(message))\n"
    }
}
