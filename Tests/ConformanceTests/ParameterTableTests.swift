import ConformCore
import Foundation
import Testing
import Trafficking
@testable import Conformance

@Suite struct ParameterTableTests {
    @Test func parsesRowsCommentsTagsAndHeader() {
        let text = "# a comment\n# tags: cta, smoke\nid\tverdict\tformat\tdiagnostics\tstring\n"
            + "r1\taccepted\tcustomCTA\t-\tcta=Shop,url=https://x.example/\n\n"
            + "r2\trejected\t-\tPARAM-a,!PARAM-b, PARAM-c\tkey=with\ttab and  spaces \r\n"
        let entries = ParameterTable.parse(text)
        #expect(entries == [
            .row(ParameterRow(id: "r1", line: 4, verdict: "accepted", format: "customCTA",
                              string: "cta=Shop,url=https://x.example/", tags: ["cta", "smoke"], stringColumn: 25)),
            .row(ParameterRow(id: "r2", line: 6, verdict: "rejected", format: nil, present: ["PARAM-a", "PARAM-c"],
                              absent: ["PARAM-b"], string: "key=with\ttab and  spaces ", tags: ["cta", "smoke"], stringColumn: 41)),
        ])
    }

    @Test func reportsBrokenRows() {
        let text = "r1\taccepted\t-\t-\n" + "r2\tmaybe\t-\t-\ts\n" + "r3\taccepted\t-\t-\ts\n" + "r3\taccepted\t-\t-\ts\n"
            + "\taccepted\t-\t-\ts\n"
        let entries = ParameterTable.parse(text)
        #expect(entries.count == 5)
        guard case .broken(1, "r1", let columns) = entries[0] else { Issue.record("\(entries[0])"); return }
        #expect(columns.contains("5 tab-separated columns"))
        guard case .broken(2, "r2", let verdict) = entries[1] else { Issue.record("\(entries[1])"); return }
        #expect(verdict.contains("'maybe'"))
        guard case .row = entries[2] else { Issue.record("\(entries[2])"); return }
        guard case .broken(4, "r3@line-4", let duplicate) = entries[3] else { Issue.record("\(entries[3])"); return }
        #expect(duplicate.contains("duplicate"))
        guard case .broken(5, nil, _) = entries[4] else { Issue.record("\(entries[4])"); return }
    }

    /// A row with the wrong number of columns keeps its id only when no other row has it: a good row of the
    /// same id before it, or a second broken one, gets an id of its own, so that no two cases share one.
    @Test func aBrokenRowNeverSharesAnID() {
        let text = "a\taccepted\t-\t-\ts\n" + "a\taccepted\t-\t-\n" + "b\taccepted\n" + "b\taccepted\t-\t-\ts\n"
        let ids = ParameterTable.parse(text).map { entry -> String? in
            switch entry {
            case .row(let row): row.id
            case .broken(_, let id, _): id
            }
        }
        #expect(ids == ["a", "a@line-2", "b", "b@line-4"])
    }

    @Test func policyLinesSetTheURLPolicyOfTheRowsBelow() {
        let text = "r0\t-\t*\t-\ts\n"
            + "# policy: allowed-hosts=Example.com, .example.net; allowed-schemes=https:\n"
            + "r1\t-\t*\t-\ts\n"
            + "# policy: takeover-schemes=\n"
            + "r2\t-\t*\t-\ts\n"
            + "#policy: default\n"
            + "r3\t-\t*\t-\ts\n"
        let entries = ParameterTable.parse(text)
        let rows = entries.compactMap { entry -> ParameterRow? in
            if case .row(let row) = entry { return row }
            return nil
        }
        #expect(rows.map(\.id) == ["r0", "r1", "r2", "r3"])
        let restricted = URLPolicy(allowedSchemes: ["https"], allowedHosts: ["example.com", ".example.net"])
        #expect(rows.map(\.policy) == [.default, restricted, restricted, .default])
        guard case .broken(4, nil, let message) = entries[2] else { Issue.record("\(entries[2])"); return }
        #expect(message.contains("takeover-schemes needs at least one value"))
        #expect(ParameterTable.parsePolicy("allowed-hosts=a; allowed-hosts=b").failureMessage?.contains("set twice") == true)
        #expect(ParameterTable.parsePolicy("hosts=a").failureMessage?.contains("allowed-schemes, allowed-hosts, takeover-schemes") == true)
        #expect(ParameterTable.parsePolicy("  ").failureMessage != nil)
    }

    /// The standard evaluator analyses each row under its policy: the same string fires
    /// `PARAM-url-policy` only below a policy line that excludes its host.
    @Test func standardEvaluatorUsesTheRowPolicy() throws {
        let corpus = try TemporaryCorpus()
        let string = "icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.org/x"
        try corpus.write("params/policy.tsv", """
            any-host\taccepted\tcustomCTA\t!PARAM-url-policy\t\(string)
            # policy: allowed-hosts=example.com
            restricted\trejected\tcustomCTA\tPARAM-url-policy\t\(string)
            wrong\taccepted\tcustomCTA\t!PARAM-url-policy\t\(string)

            """)
        var options = RunOptions(corpus: corpus.root)
        options.evaluators = .standard
        let (summary, results) = try run(options)
        #expect(summary.totals == RunTotals(cases: 3, passed: 2, failed: 1, errors: 0))
        #expect(results.result("params/policy.tsv#wrong")?.unmet.map(\.expected) == ["verdict accepted", "no PARAM-url-policy diagnostic"])
    }

    @Test func rowExpectationCarriesVerdictFormatAndRules() {
        let row = ParameterRow(id: "r", line: 1, verdict: "rejected", format: nil, present: ["A"], absent: ["B"], string: "s")
        let expectation = row.expectation
        #expect(expectation.verdict == "rejected")
        #expect(expectation.parameters?.formatPinned == true)
        #expect(expectation.parameters?.format == nil)
        #expect(expectation.diagnostics?.present.map(\.rule) == ["A"])
        #expect(expectation.diagnostics?.absent == ["B"])
    }

    /// A stand-in for the trafficking analyser: accepts strings starting with `cta=`, detects
    /// `customCTA`, and reports `PARAM-duplicate-key` when a key repeats.
    static let fakeEvaluator: ParameterCaseEvaluator = { string, line, _ in
        let keys = string.split(separator: ",").map { $0.split(separator: "=").first.map(String.init) ?? "" }
        var diagnostics: [Diagnostic] = []
        if Set(keys).count != keys.count {
            // At the last segment, its column counted in characters as the parameter analysis counts them.
            let last = string.split(separator: ",").last.map(String.init) ?? ""
            diagnostics.append(Diagnostic(ruleID: "PARAM-duplicate-key", severity: .error, message: "duplicate key",
                                          position: SourcePosition(line: line, column: string.count - last.count + 1)))
        }
        let format = string.hasPrefix("cta=") ? "customCTA" : nil
        return ParameterOutcome(format: format, fields: format == nil ? [:] : ["cta": String(keys.count)],
                                diagnostics: diagnostics, accepted: format != nil && diagnostics.isEmpty)
    }

    @Test func tableRowsRunThroughTheEvaluator() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("params/cta.tsv", """
            # tags: cta
            ok\taccepted\tcustomCTA\t!PARAM-duplicate-key\tcta=Shop,url=https://x.example/
            dup\trejected\tcustomCTA\tPARAM-duplicate-key\tcta=a,cta=b
            none\trejected\t-\t-\tfoo=bar
            wrong-verdict\taccepted\t-\t-\tfoo=bar
            wrong-format\taccepted\tcarousel\t-\tcta=Shop
            missing-rule\taccepted\tcustomCTA\tPARAM-unknown-key\tcta=Shop
            forbidden\trejected\tcustomCTA\t!PARAM-duplicate-key\tcta=\u{1F44D}\u{1F3FD},cta=b

            """)
        var options = RunOptions(corpus: corpus.root, jobs: 2)
        options.evaluators.parameters = Self.fakeEvaluator
        let (summary, results) = try run(options)
        #expect(summary.totals == RunTotals(cases: 7, passed: 3, failed: 4, errors: 0))
        for id in ["ok", "dup", "none"] {
            #expect(results.result("params/cta.tsv#\(id)")?.status == .passed, "\(id)")
        }
        let wrongVerdict = try #require(results.result("params/cta.tsv#wrong-verdict"))
        #expect(wrongVerdict.unmet.map(\.expected) == ["verdict accepted"])
        #expect(wrongVerdict.checks[.parameters] == .fail)
        #expect(results.result("params/cta.tsv#wrong-format")?.unmet.map(\.actual) == ["format customCTA"])
        #expect(results.result("params/cta.tsv#missing-rule")?.unmet.map(\.ruleID) == ["PARAM-unknown-key"])
        let forbidden = try #require(results.result("params/cta.tsv#forbidden"))
        #expect(forbidden.unmet.first?.expected == "no PARAM-duplicate-key diagnostic")
        // Positions point into the table: line 8, the string starting after four columns (4 + 9 + 8 + 9 + 20 code
        // points, so column 51), the finding 6 characters but 7 code points in (the thumbs-up has a skin tone).
        #expect(forbidden.unmet.first?.position == SourcePosition(line: 8, column: 58))
        #expect(wrongVerdict.unmet.first?.position == SourcePosition(line: 5, column: 28))  // 4 + 13 + 8 + 1 + 1
        let ok = try #require(results.result("params/cta.tsv#ok"))
        #expect(ok.kind == .params)
        #expect(ok.suite == "params/cta")
        #expect(ok.tags == ["cta"])
        #expect(ok.parameterFormat == "customCTA")
        #expect(ok.file == "params/cta.tsv")
    }

    @Test func rowsWithoutAnEvaluatorAreErrorsThatCanBeSkipped() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("params/a.tsv", "r1\taccepted\t-\t-\tx=1\n")
        try corpus.write("vast/ok.xml", Tags.validVAST)
        try corpus.write("vast/ok.expect.json", #"{"version": 1, "verdict": "valid"}"#)
        let (summary, results) = try run(RunOptions(corpus: corpus.root))
        #expect(summary.totals == RunTotals(cases: 2, passed: 1, failed: 0, errors: 1))
        #expect(results.result("params/a.tsv#r1")?.errorMessage?.contains("no parameters evaluator") == true)
        let (skipped, _) = try run(RunOptions(corpus: corpus.root, skipKinds: [.params]))
        #expect(skipped.totals == RunTotals(cases: 1, passed: 1, failed: 0, errors: 0))
    }
}

extension Result where Failure == ParameterTable.PolicyProblem {
    var failureMessage: String? {
        if case .failure(let problem) = self { return problem.message }
        return nil
    }
}
