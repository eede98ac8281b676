import ConformCore
import Conformance

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
        let model = ReportModel(results, rules: [])
        let known = Set(results.info.baseline?.stillFailing ?? [])
        var errors: [String] = [], warnings: [String] = []
        for item in results.cases.sorted(by: { $0.id < $1.id }) where item.status != .passed {
            let command = known.contains(item.id) ? "warning" : "error"
            var lines: [String] = []
            let file = model.repositoryPath(of: item)
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
            if command == "error" { errors += lines } else { warnings += lines }
        }
        let all = errors + warnings
        var out = all.prefix(max(0, limit)).joined()
        let totals = model.totals
        var summary = "conform: \(Numbers.count(totals.cases, "case")), \(Numbers.grouped(totals.passed)) passed,"
        summary += " \(Numbers.grouped(totals.failed)) failed, \(Numbers.count(totals.errors, "error"))"
        if let baseline = results.info.baseline {
            summary += "; against the baseline: \(Numbers.count(baseline.newFailures.count, "new failure")), \(Numbers.grouped(baseline.fixed.count)) fixed,"
            summary += " \(Numbers.grouped(baseline.stillFailing.count)) still failing"
        }
        if all.count > limit {
            summary += "; \(Numbers.count(all.count - limit, "more annotation")) left out (see report.md or report.html)"
        }
        out += "::notice title=conform::\(Escape.annotationData(summary))\n"
        return out
    }

    static func line(_ command: String, file: String, position: SourcePosition?, title: String, message: String) -> String {
        var properties = ["file=\(Escape.annotationProperty(file))"]
        if let position {
            properties.append("line=\(max(1, position.line))")
            properties.append("col=\(max(1, position.column))")
        }
        properties.append("title=\(Escape.annotationProperty(title))")
        return "::\(command) \(properties.joined(separator: ","))::\(Escape.annotationData(message))\n"
    }
}
