import ConformCore
import Conformance
import Foundation
import Validation

/// The counts each report format states for a run, read back from the rendered text: what a CI system, a code
/// scanning page or a reader of the PR comment is told. Meta cases pin them (``RunFacts/reports``), so a
/// reporter that miscounts turns the corpus red.
public enum ReportCounts {
    /// The reader `conform run` gives meta cases (``CaseEvaluators/reports``).
    public static let evaluator: ReportCountsEvaluator = { results in try read(results) }

    /// Renders `results` in every format and reads each one's counts back.
    /// - Throws: ``ReportError`` when a report cannot be rendered, or states no counts where it should.
    public static func read(_ results: RunResults, rules: [RuleDescription] = AllRules.descriptions) throws -> [String: [String: Int]] {
        var counts: [String: [String: Int]] = [:]
        for format in ReportFormat.formats(in: .run) {
            guard case .report(let reporter) = format.renderer(in: .run) else { continue }
            let text = try reporter.render(results, rules: rules)
            counts[format.rawValue] = try read(text, format: format)
        }
        return counts
    }

    /// The counts `text`, a report in `format`, states (the names are listed at ``RunFacts/reports``).
    public static func read(_ text: String, format: ReportFormat) throws(ReportError) -> [String: Int] {
        func missing(_ what: String) -> ReportError { .encodingFailed(format: format, reason: "the report states no \(what)") }
        switch format {
        case .junit:
            guard let head = firstMatch(#"<testsuites\b[^>]*>"#, in: text) else { throw missing("<testsuites> element") }
            var counts: [String: Int] = [:]
            for name in ["tests", "failures", "errors"] {
                guard let value = attribute(name, in: head) else { throw missing("\(name) on <testsuites>") }
                counts[name] = value
            }
            counts["skipped"] = matches(#"<testsuite\b[^>]*>"#, in: text).reduce(0) { $0 + (attribute("skipped", in: $1) ?? 0) }
            counts["testcases"] = matches(#"<testcase\b"#, in: text).count
            return counts
        case .sarif:
            guard let log = json(text) as? [String: Any], let runs = log["runs"] as? [[String: Any]],
                  let results = runs.first?["results"] as? [[String: Any]] else { throw missing("results") }
            return ["results": results.count,
                    "errors": results.filter { $0["level"] as? String == "error" }.count,
                    "passes": results.filter { $0["kind"] as? String == "pass" }.count]
        case .json:
            guard let run = json(text) as? [String: Any], let info = run["info"] as? [String: Any],
                  let totals = info["totals"] as? [String: Any], let cases = run["cases"] as? [[String: Any]] else {
                throw missing("info.totals and cases")
            }
            var counts: [String: Int] = ["entries": cases.count, "expectedFailures": cases.filter { $0["expectedFailure"] != nil }.count]
            for name in ["cases", "passed", "failed", "errors"] {
                guard let value = totals[name] as? Int else { throw missing("totals.\(name)") }
                counts[name] = value
            }
            return counts
        case .markdown:
            // The row under `| Cases | Passed | Failed | Errors | Duration |` and its alignment row.
            guard let row = firstMatch(#"\| Cases \| Passed \| Failed \| Errors \| Duration \|\n\|[-:|]+\|\n\|([^\n]*)\|"#, in: text, group: 1) else {
                throw missing("totals table")
            }
            let cells = row.split(separator: "|").map { number(String($0)) }
            guard cells.count >= 4, let cases = cells[0], let passed = cells[1], let failed = cells[2], let errors = cells[3] else {
                throw missing("totals in the totals table")
            }
            let met = firstMatch(#"([0-9,]+) expected failures? met"#, in: text, group: 1).flatMap(number) ?? 0
            return ["cases": cases, "passed": passed, "failed": failed, "errors": errors, "expectedFailures": met]
        case .html:
            var counts: [String: Int] = [:]
            for name in ["cases", "passed", "failed", "errors"] {
                let pattern = #"<div class="num">([0-9,]+)</div><div class="label">"# + name + "</div>"
                guard let value = firstMatch(pattern, in: text, group: 1).flatMap(number) else { throw missing("\(name) card") }
                counts[name] = value
            }
            return counts
        case .text, .github, .codequality:
            throw .unknownFormat(format.rawValue, in: .run)
        }
    }

    private static func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// `1,234` → 1234; `nil` when the text holds no digit or anything but digits, commas and spaces.
    private static func number(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ",") }) else { return nil }
        return Int(trimmed.filter(\.isNumber))
    }

    private static func attribute(_ name: String, in tag: String) -> Int? {
        firstMatch(" " + name + #"="([0-9]+)""#, in: tag, group: 1).flatMap(Int.init)
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    private static func firstMatch(_ pattern: String, in text: String, group: Int = 0) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: group), in: text) else { return nil }
        return String(text[range])
    }
}
