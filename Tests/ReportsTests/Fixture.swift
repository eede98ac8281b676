import ConformCore
import Conformance
import Foundation

/// A hand-built run that exercises every part of the reports: several folders, passing, failing and
/// error cases, unmet expectations with positions and excerpts, tracking across hops, a chain,
/// parameters, profiles, a baseline, and text that needs escaping in every format.
enum Fixture {
    static let rules: [RuleDescription] = [
        rule("VAST-2.0-inline-adsystem", "InLine AdSystem required", .error, .vast2, "2.3.1", "An InLine ad MUST contain an AdSystem element"),
        rule("VAST-2.0-impression-present", "Impression present", .error, .vast2, "2.3.1", "Impression: required"),
        rule("VAST-4.1-adservingid-present", "AdServingId present", .warning, .vast41, "3.4.1", "AdServingId should be included"),
        rule("PARAM-duplicate-key", "Duplicate parameter key", .error, .companionAds, "2", "Each key appears once"),
        rule("XML-well-formed", "Well-formed XML", .error, .xml10, "2.1", "A textual object is a well-formed XML document if…"),
    ]

    static func rule(_ id: String, _ name: String, _ severity: Severity, _ document: SpecDocument, _ section: String, _ quote: String) -> RuleDescription {
        RuleDescription(
            id: id, name: name, summary: "\(name) (summary)", rationale: "Why \(name.lowercased()) matters.",
            fix: "Fix: \(name.lowercased()).", severity: severity,
            specReferences: [SpecReference(document: document, section: section, quote: quote)],
            validExamples: [], invalidExamples: [])
    }

    static let adsystemSpec = SpecReference(document: .vast2, section: "2.3.1", quote: "An InLine ad MUST contain an AdSystem element")

    static let results = RunResults(
        info: RunInfo(
            conformVersion: "0.1.0", corpus: "Corpus/", startedAt: "2026-01-02T03:04:05Z", durationSeconds: 1.5,
            totals: RunTotals(cases: 8, passed: 4, failed: 3, errors: 1),
            baseline: BaselineComparison(
                newFailures: ["params/cta.tsv#row-7"], fixed: ["vast/old/fixed.xml"],
                stillFailing: ["chains/loop", "vast/required/missing-adsystem.xml"])),
        cases: [
            CaseResult(
                id: "vast/required/ok-inline.xml", suite: "vast/required", kind: .vast, status: .passed,
                tags: ["smoke"], expectedVerdict: "valid", actualVerdict: "valid",
                checks: [.parse: .pass, .rules: .pass, .tracking: .pass, .chain: .notApplicable],
                forbiddenRules: ["VAST-2.0-inline-adsystem"],
                tracking: [
                    "impression": [TrackedURL(url: "https://t.example.com/imp?a=1&b=2", hop: 0, position: SourcePosition(line: 6, column: 7))],
                    "start": [TrackedURL(url: "https://t.example.com/start", hop: 0, position: SourcePosition(line: 14, column: 11))],
                ],
                file: "vast/required/ok-inline.xml", durationMilliseconds: 3.25),
            CaseResult(
                id: "vast/required/missing-adsystem.xml", suite: "vast/required", kind: .vast, status: .failed,
                expectedVerdict: "invalid", actualVerdict: "valid",
                checks: [.parse: .pass, .rules: .fail, .tracking: .notApplicable],
                unmet: [UnmetExpectation(
                    check: .rules, expected: "diagnostic VAST-2.0-inline-adsystem at line 4",
                    actual: "no diagnostic of that rule", ruleID: "VAST-2.0-inline-adsystem",
                    position: SourcePosition(line: 4, column: 5),
                    excerpt: "3 |   <Ad id=\"1\">\n4 |     <InLine>\n5 |       <AdTitle>Ads & <b>|pipes|</b></AdTitle>")],
                diagnostics: [Diagnostic(
                    ruleID: "VAST-4.1-adservingid-present", severity: .warning, message: "InLine has no <AdServingId>",
                    file: "vast/required/missing-adsystem.xml", position: SourcePosition(line: 4, column: 5),
                    path: "/VAST/Ad[1]/InLine", spec: adsystemSpec)],
                requiredRules: ["VAST-2.0-inline-adsystem"],
                file: "vast/required/missing-adsystem.xml", durationMilliseconds: 2.5),
            CaseResult(
                id: "vast/required/broken-expectation.xml", suite: "vast/required", kind: .vast, status: .error,
                actualVerdict: "not run", file: "vast/required/broken-expectation.xml", durationMilliseconds: 0.5,
                errorMessage: "cannot read broken-expectation.expect.json: missing key 'verdict' \u{1}(control character)"),
            CaseResult(
                id: "chains/three-hop", suite: "chains", kind: .chain, status: .passed,
                expectedVerdict: "valid", actualVerdict: "valid",
                checks: [.parse: .pass, .rules: .pass, .tracking: .pass, .chain: .pass],
                tracking: ["impression": [
                    TrackedURL(url: "https://w1.example.com/imp", hop: 0, position: SourcePosition(line: 5, column: 7)),
                    TrackedURL(url: "https://w2.example.com/imp", hop: 1, position: SourcePosition(line: 5, column: 7)),
                    TrackedURL(url: "https://inline.example.com/imp", hop: 2, position: SourcePosition(line: 7, column: 7)),
                ]],
                chain: [
                    ChainHopSummary(uri: "wrapper-1.xml", depth: 0, outcome: "wrapper"),
                    ChainHopSummary(uri: "https://ads.example.com/w2", depth: 1, outcome: "wrapper"),
                    ChainHopSummary(uri: "https://ads.example.com/inline", depth: 2, outcome: "inline"),
                ],
                file: "chains/three-hop/wrapper-1.xml", durationMilliseconds: 12),
            CaseResult(
                id: "chains/loop", suite: "chains", kind: .chain, status: .failed,
                expectedVerdict: "rejected", actualVerdict: "accepted",
                checks: [.parse: .pass, .rules: .pass, .chain: .fail],
                unmet: [UnmetExpectation(check: .chain, expected: "VAST error 302 at hop 2", actual: "resolved to an InLine at hop 3")],
                chain: [
                    ChainHopSummary(uri: "a.xml", depth: 0, outcome: "wrapper"),
                    ChainHopSummary(uri: "b.xml", depth: 1, outcome: "wrapper"),
                ],
                file: "chains/loop/a.xml", durationMilliseconds: 4),
            CaseResult(
                id: "params/cta.tsv#row-3", suite: "params", kind: .params, status: .passed,
                expectedVerdict: "accepted", actualVerdict: "accepted",
                checks: [.parameters: .pass, .profiles: .pass],
                parameterFormat: "custom-cta",
                parameterFields: ["cta_text": "Shop now", "cta_url": "https://shop.example.com/?a=1&b=2"],
                profiles: ["companion": "shows the end card", "pause-ad": "eligible"],
                file: "params/cta.tsv", durationMilliseconds: 0.25),
            CaseResult(
                id: "params/cta.tsv#row-7", suite: "params", kind: .params, status: .failed,
                expectedVerdict: "rejected", actualVerdict: "accepted",
                checks: [.parameters: .fail, .profiles: .fail],
                unmet: [
                    UnmetExpectation(
                        check: .parameters, expected: "PARAM-duplicate-key at offset 12", actual: "no finding",
                        ruleID: "PARAM-duplicate-key", position: SourcePosition(line: 7, column: 13),
                        excerpt: "cta_text=Go,cta_text=Again"),
                    UnmetExpectation(check: .profiles, expected: "pause-ad: not eligible", actual: "pause-ad: eligible"),
                ],
                requiredRules: ["PARAM-duplicate-key"],
                parameterFormat: "custom-cta", parameterFields: ["cta_text": "Again"],
                profiles: ["companion": "shows the end card", "pause-ad": "eligible"],
                file: "params/cta.tsv", durationMilliseconds: 0.25),
            CaseResult(
                id: "hostile/pipe|and<angle>&amp.xml", suite: "hostile", kind: .hostile, status: .passed,
                tags: ["xml", "escaping"], expectedVerdict: "malformed", actualVerdict: "malformed",
                checks: [.parse: .pass, .rules: .notApplicable],
                diagnostics: [Diagnostic(
                    ruleID: "XML-well-formed", severity: .error, message: "expected '>' after </script> & <!-- here",
                    file: "hostile/pipe|and<angle>&amp.xml", position: SourcePosition(line: 1, column: 12))],
                requiredRules: ["XML-well-formed"],
                file: "hostile/pipe|and<angle>&amp.xml", durationMilliseconds: 1),
        ])

    /// A generated run of `count` cases over 20 folders, about 1 in 10 failing, for size and speed tests.
    static func large(count: Int) -> RunResults {
        var cases: [CaseResult] = []
        cases.reserveCapacity(count)
        var totals = RunTotals()
        for index in 0..<count {
            let suite = "generated/folder-\(String(format: "%02d", index % 20))"
            let failing = index % 10 == 3
            let erroring = index % 97 == 5
            let status: CaseStatus = erroring ? .error : failing ? .failed : .passed
            totals.add(status)
            let id = "\(suite)/case-\(String(format: "%05d", index)).xml"
            let diagnostics = (0..<(index % 3)).map { n in
                Diagnostic(ruleID: rules[n % rules.count].id, severity: .warning, message: "generated finding \(n) in case \(index)",
                           file: id, position: SourcePosition(line: 3 + n, column: 5), path: "/VAST/Ad[1]/InLine")
            }
            cases.append(CaseResult(
                id: id, suite: suite, kind: .vast, status: status, expectedVerdict: "valid",
                actualVerdict: failing ? "invalid" : "valid",
                checks: [.parse: .pass, .rules: failing ? .fail : .pass, .tracking: index % 2 == 0 ? .pass : .notApplicable],
                unmet: failing ? [UnmetExpectation(
                    check: .rules, expected: "no diagnostic of VAST-2.0-impression-present",
                    actual: "VAST-2.0-impression-present at 4:5", ruleID: "VAST-2.0-impression-present",
                    position: SourcePosition(line: 4, column: 5), excerpt: "4 |     <InLine>")] : [],
                diagnostics: diagnostics,
                forbiddenRules: ["VAST-2.0-impression-present"],
                tracking: index % 2 == 0 ? ["impression": [TrackedURL(url: "https://t.example.com/\(index)", hop: 0)]] : nil,
                file: id, durationMilliseconds: Double(index % 50) / 4,
                errorMessage: erroring ? "generated error" : nil))
        }
        return RunResults(
            info: RunInfo(conformVersion: "0.1.0", corpus: "Generated/", durationSeconds: 42, totals: totals),
            cases: cases)
    }
}
