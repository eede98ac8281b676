import Chain
import Conformance
import ConformCore
import Foundation
import Probe
import Profiles
import Reports
import VAST
import Validation
import XMLCore

/// The workbench's check of one tag: the library call `conform check` makes for each input (``TagCheck``),
/// rendered as the report `check --format json` prints for it.
enum WorkbenchCheck {
    struct Outcome {
        var report: CheckCommand.FileReport
        /// Every finding of the input (rules, profiles, chain), for the findings formats (HTML, Markdown).
        var findings: FindingsOutput.Input
    }

    static func check(_ data: Data, name: String, rootURI: String?, configuration: Configuration, profiles names: [ProfileName],
                      profileOptions: ProfileOptions, follow: ChainCheck?, fetcher: (any Fetcher)?, prober: AssetProber? = nil) -> Outcome {
        var options = TagCheck.Options(configuration: configuration,
                                       profiles: names.map { TagCheck.ProfileRequest($0, options: profileOptions) })
        if let follow, let fetcher { options.follow = follow.follow(fetcher: fetcher) }
        options.probe = prober
        let result = TagCheck.check(TagCheck.Input(name: name, data: data, rootURI: rootURI, options: options))
        let chain = result.chain.flatMap { followed in follow?.report(followed, rootURI: rootURI) }
        let report = CheckCommand.FileReport(file: name, summary: TagSummary(result.input), diagnostics: result.findings,
                                             vast: result.input.vast, vmap: result.input.vmap,
                                             profiles: names.isEmpty ? nil : result.profiles, chain: chain, probe: result.probe,
                                             suppressed: result.suppressed.isEmpty ? nil : result.suppressed)
        let all = result.findings + result.profiles.flatMap(\.diagnostics) + (chain?.diagnostics ?? []) + (result.probe?.diagnostics ?? [])
        let findings = FindingsOutput.Input(name: name, diagnostics: all, suppressed: result.suppressed,
                                            source: FindingsOutput.sourceText(data),
                                            verdicts: result.profiles.map { (flow: "\($0.profile.rawValue):", verdict: $0.verdict) })
        return Outcome(report: report, findings: findings)
    }
}
