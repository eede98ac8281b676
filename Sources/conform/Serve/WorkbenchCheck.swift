import Chain
import ConformCore
import Foundation
import Profiles
import Reports
import VAST
import Validation
import XMLCore

/// The workbench's check of one tag: the same steps, in the same order, as one input of `conform check`
/// (rules, directives, profiles, and with `follow` the chain with every hop checked), giving the report
/// `check --format json` prints for it.
///
/// This is the one place the server orchestrates a check. It exists because the command's orchestration
/// still lives inside `CheckCommand.run`; once that is a library call, this function becomes a call to it
/// and nothing else in the server changes.
enum WorkbenchCheck {
    struct Outcome {
        var report: CheckCommand.FileReport
        /// Every finding of the input (rules, profiles, chain), for the findings formats (HTML, Markdown).
        var findings: FindingsOutput.Input
    }

    static func check(_ data: Data, name: String, rootURI: String?, configuration: Configuration, profiles names: [ProfileName],
                      profileOptions: ProfileOptions, follow: ChainCheck?, fetcher: (any Fetcher)?) -> Outcome {
        let input = VASTDecoder.decode(data, options: .default)
        let configuration = configuration.resolved(forFile: name)
        let result = Validator.results(batch: [input], files: [name], configuration: configuration)[0]
        var suppressed = result.suppressed
        var directives = configuration.inlineDirectives ? SourceDirectives(input.xml) : nil
        func applyDirectives(_ found: [Diagnostic]) -> [Diagnostic] {
            guard let (kept, off) = directives?.apply(to: found) else { return found }
            suppressed += off
            return kept
        }
        let resolved = follow.flatMap { follow in
            fetcher.map { follow.resolveAndCheck(data, rootURI: rootURI, name: name, fetcher: $0, rules: configuration) }
        }
        var chain = resolved?.report
        if let found = chain?.diagnostics {
            chain?.diagnostics = (applyDirectives(configuration.apply(to: found)) + (resolved?.hopFindings ?? [])).sorted()
        }
        var profiles = ProfileOutput.evaluate(names, input: input, options: profileOptions, file: name, chain: resolved?.documents ?? [])
        for index in profiles.indices {
            profiles[index].diagnostics = applyDirectives(configuration.apply(to: profiles[index].diagnostics))
        }
        let report = CheckCommand.FileReport(file: name, summary: TagSummary(input), diagnostics: result.findings, vast: input.vast,
                                             vmap: input.vmap, profiles: names.isEmpty ? nil : profiles, chain: chain,
                                             suppressed: suppressed.isEmpty ? nil : suppressed)
        let all = result.findings + profiles.flatMap(\.diagnostics) + (chain?.diagnostics ?? [])
        let findings = FindingsOutput.Input(name: name, diagnostics: all, suppressed: suppressed, source: FindingsOutput.sourceText(data),
                                            verdicts: profiles.map { (flow: "\($0.profile.rawValue):", verdict: $0.verdict) })
        return Outcome(report: report, findings: findings)
    }
}
