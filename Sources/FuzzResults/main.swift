import ConformCore
import Conformance
import Foundation
import FuzzDriver
import Profiles
import Reports
import Validation

// libFuzzer target: a saved results file (`results.json`, as `conform report`, `conform merge` and
// `conform run --baseline` read it back) through every report format, the CI annotations, a baseline made
// from it and compared with it, and a merge of it with itself. Results files come from disk: a damaged or
// hand-edited one must give an error or a report, never stop the program.
// Built only by `scripts/fuzz`; a crash, hang or sanitizer report is a bug.

/// Every rule the reports may name, as the command line passes them.
let rules = AllRules.descriptions + ProfileRules.all

fuzz(data: { data in
    guard let results = try? ResultsReader.read(data) else { return }
    _ = try? HTMLReporter(pageSize: 3).render(results, rules: rules)
    _ = try? MarkdownReporter(maxCharacters: 2_000).render(results, rules: rules)
    _ = try? JUnitReporter().render(results, rules: rules)
    _ = try? SARIFReporter().render(results, rules: rules)
    _ = try? JSONReporter().render(results, rules: rules)
    _ = GitHubAnnotations.render(results, limit: 5)
    let baseline = Baseline(results: results)
    _ = baseline.encoded()
    let failing = results.cases.filter { $0.status != .passed }.map(\.id)
    let passing = results.cases.filter { $0.status == .passed }.map(\.id)
    _ = baseline.compare(failing: failing, passing: passing)
    if let merged = try? ResultsMerger.merge([results, results]) { _ = try? MarkdownReporter(maxCharacters: 2_000).render(merged, rules: rules) }
})
