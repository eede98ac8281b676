import ConformCore
import Foundation
import VAST
import Profiles
import Testing
@testable import Conformance

/// Strict expected failures (`expectedFailure`), numbers pinned in profile expectations, a chain's fired
/// Error URLs and a parameter table's `# expect:` line.
@Suite struct ExpectedFailureTests {
    /// Two start URLs, one expected: the tracking check reports a mismatch.
    static let tag = """
        <VAST version="4.2"><Ad id="a1"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
        <Impression><![CDATA[https://ads.adserver.net/imp]]></Impression><AdServingId>a1-serving</AdServingId>
        <Creatives><Creative><Linear><Duration>00:00:15</Duration><TrackingEvents>
        <Tracking event="start"><![CDATA[https://t.adserver.net/1]]></Tracking><Tracking event="start"><![CDATA[https://t.adserver.net/2]]></Tracking>
        </TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    static let mismatch = #"{"check": "tracking", "expected": "start: [https://t.adserver.net/1]", "actual": "start: [https://t.adserver.net/1, https://t.adserver.net/2]"}"#

    func expectation(_ extra: String = "", unmet: String = mismatch) -> String {
        #"{"version": 1, "tracking": {"start": ["https://t.adserver.net/1"]}\#(extra), "expectedFailure": {"reason": "exact comparison", "unmet": [\#(unmet)]}}"#
    }

    @Test func theDeclaredMismatchMakesThePass() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("j/exact.xml", Self.tag)
        try corpus.write("j/exact.expect.json", expectation())
        let (summary, results) = try run(RunOptions(corpus: corpus.root))
        let result = try #require(results.result("j/exact.xml"))
        #expect(result.status == .passed, "\(result.unmet)")
        #expect(result.unmet.isEmpty)
        #expect(result.checks[.tracking] == .pass)
        #expect(result.expectedFailure?.reason == "exact comparison")
        #expect(result.expectedFailure?.unmet.map(\.actual) == ["start: [https://t.adserver.net/1, https://t.adserver.net/2]"])
        #expect(summary.totals == RunTotals(cases: 1, passed: 1))
    }

    @Test func aMismatchThatDoesNotHappenFailsTheCase() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("j/holds.xml", Self.tag)
        // The expectation is right: nothing is reported, so the declared failure did not happen.
        try corpus.write("j/holds.expect.json", #"{"version": 1, "tracking": {"start": ["https://t.adserver.net/1", "https://t.adserver.net/2"]}, "expectedFailure": {"reason": "r", "unmet": [\#(Self.mismatch)]}}"#)
        // Another mismatch than the one declared.
        try corpus.write("j/other.xml", Self.tag)
        try corpus.write("j/other.expect.json", expectation(unmet: #"{"check": "tracking", "expected": "start: [https://t.adserver.net/1]", "actual": "start: []"}"#))
        // The declared one, and one more.
        try corpus.write("j/more.xml", Self.tag)
        try corpus.write("j/more.expect.json", expectation(#", "verdict": "malformed""#))
        let (summary, results) = try run(RunOptions(corpus: corpus.root))
        #expect(summary.totals == RunTotals(cases: 3, failed: 3))

        let holds = try #require(results.result("j/holds.xml"))
        #expect(holds.expectedFailure == nil)
        #expect(holds.checks[.tracking] == .fail)
        #expect(holds.unmet.map(\.expected) == ["expected failure: start: [https://t.adserver.net/1] (got start: [https://t.adserver.net/1, https://t.adserver.net/2])"])
        #expect(holds.unmet.map(\.actual) == ["not reported: the case met every expectation"])

        let other = try #require(results.result("j/other.xml"))
        #expect(other.unmet.map(\.actual) == ["start: [https://t.adserver.net/1, https://t.adserver.net/2]", "not reported"])

        let more = try #require(results.result("j/more.xml"))
        #expect(more.unmet.map(\.check) == [.parse])
        #expect(more.unmet.first?.expected == "verdict malformed")
    }

    /// A declared mismatch counted twice must be reported twice; a judge that reports the right mismatches but
    /// does not fail the case is caught too.
    @Test func mismatchesAreCountedAsAList() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("j/twice.xml", Self.tag)
        try corpus.write("j/twice.expect.json", expectation(unmet: Self.mismatch + ", " + Self.mismatch))
        let (_, results) = try run(RunOptions(corpus: corpus.root))
        #expect(results.result("j/twice.xml")?.status == .failed)
        #expect(results.result("j/twice.xml")?.unmet.map(\.actual) == ["not reported"])

        let evaluator = CaseEvaluator(root: corpus.root, options: RunOptions(corpus: corpus.root), goldens: GoldenStore(root: corpus.root))
        let declared = try CaseExpectation.decode(Data(expectation().utf8), file: "x")
        var lenient = CaseResult(id: "x", suite: "j", kind: .vast, status: .passed, actualVerdict: "valid", checks: [.tracking: .fail],
                                 unmet: [UnmetExpectation(check: .tracking, expected: "start: [https://t.adserver.net/1]",
                                                          actual: "start: [https://t.adserver.net/1, https://t.adserver.net/2]")],
                                 file: "j/x.xml")
        lenient = evaluator.settleExpectedFailure(lenient, declared)
        #expect(lenient.status == .failed)
        #expect(lenient.unmet.map(\.actual) == ["the case was reported passed"])
    }

    /// A finding's words name its file from the corpus root; the declared words name it as the case's folder
    /// does, so the case holds wherever the corpus is rooted.
    @Test func theDeclaredWordsNameTheCaseFileFromItsFolder() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("deep/er/absent.xml", Tags.validVAST)
        try corpus.write("deep/er/absent.expect.json", #"""
            {"version": 1, "diagnostics": {"absent": ["VAST-4.1-adservingid-guid"]},
             "expectedFailure": {"reason": "absent", "unmet": [{"check": "rules", "expected": "no VAST-4.1-adservingid-guid diagnostic",
               "actual": "absent.xml:1:148: info: <AdServingId> a1-serving is not a GUID; collisions across servers are likely [VAST-4.1-adservingid-guid]"}]}}
            """#)
        for root in [corpus.root, corpus.url("deep"), corpus.url("deep/er")] {
            let result = try #require(try run(RunOptions(corpus: root)).1.all.first)
            #expect(result.status == .passed, "from \(root.lastPathComponent): \(result.unmet.map(\.actual))")
        }
    }

    @Test func expectedFailuresDecodeStrictly() {
        func problem(_ json: String) -> String? {
            do { _ = try CaseExpectation.decode(Data(json.utf8), file: "x.expect.json"); return nil } catch { return error.description }
        }
        #expect(problem(#"{"version": 1, "expectedFailure": {"reason": "r", "unmet": []}}"#)?.contains("at least one mismatch") == true)
        #expect(problem(#"{"version": 1, "expectedFailure": {"unmet": [{"check": "rules", "expected": "a", "actual": "b"}]}}"#)?.contains("reason") == true)
        #expect(problem(#"{"version": 1, "expectedFailure": {"reason": "r", "unmet": [{"check": "rules", "expected": "a", "actual": "b", "rule": "X"}]}}"#)?
            .contains("unknown key 'rule'") == true)
        #expect(problem(#"{"version": 1, "expectedFailure": {"reason": "r", "unmet": [{"check": "rulez", "expected": "a", "actual": "b"}]}}"#) != nil)
        #expect(problem(#"{"version": 1, "profiles": {"schedule": {"breaks": [{"timeMs": 1, "time": 2}]}}}"#)?.contains("unknown key 'time' in breaks[]") == true)
        #expect(problem(#"{"version": 1, "profiles": {"ssai": {"breaks": [{"ads": [{"skipOffset": 2}]}]}}}"#)?.contains("unknown key 'skipOffset' in ads[]") == true)
        #expect(problem(#"{"version": 1, "profiles": {"companion": {"companion": {"id": "c"}}}}"#)?.contains("size") == true)
        #expect(problem(#"{"version": 1, "chain": {"errorUrls": []}}"#)?.contains("unknown key 'errorUrls'") == true)
    }

    /// The standard evaluators report each profile's numbers: a break's time in milliseconds, the pause causes,
    /// the companion chosen and the fallback.
    @Test func theStandardProfilesReportTheirNumbers() throws {
        let vmap = #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="00:01:15.250" breakType="linear"><vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://a.adserver.net/x]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"#
        func facts(_ xml: String, _ profile: ProfileName, _ settings: [String] = []) throws -> ProfileFacts {
            ProfileFacts(of: Profiles.evaluate(profile, input: VASTDecoder.decode(Data(xml.utf8)), options: try ProfileOptions(settings: settings)))
        }
        #expect(try facts(vmap, .schedule, ["duration=600"]).breaks == [BreakFact(timeMs: 75250, kind: "mid-roll", occurrence: 1)])
        #expect(try facts(vmap, .pause).eligible == false)
        #expect(try facts(vmap, .pause).causes == ["not-vast"])
        #expect(try facts(Tags.validVAST, .ssai, ["break-offset=90"]).breaks == [BreakFact(timeMs: 90000, ads: [AdFact(id: "a1", durationMs: 10000)])])
        #expect(try facts(Tags.validVAST, .pause).causes == ["no-nonlinear"])
        let companion = try facts(Tags.validVAST, .companion)
        #expect(companion.pinsCompanion == true)
        #expect(companion.companion == nil)
        #expect(companion.fallback == "no-matching-companion")
        let overlay = try facts(Tags.validVAST, .overlay)
        #expect(overlay.eligible == false && overlay.causes == ["no-nonlinear"] && overlay.asset == "none" && overlay.events == [])
        #expect(try facts(vmap, .inScene).causes == ["not-vast"])
    }

    /// A stopped chain fires every hop's Error URL, [ERRORCODE] filled with the stop's code and the other macros
    /// with their samples; an InLine fires none.
    @Test func aStoppedChainPinsItsFiredErrorURLs() throws {
        let corpus = try TemporaryCorpus()
        let wrapper = """
            <VAST version="4.2"><Ad><Wrapper><AdSystem>w</AdSystem>
            <VASTAdTagURI><![CDATA[https://ads.adserver.net/next]]></VASTAdTagURI>
            <Error><![CDATA[https://e.adserver.net/w?c=[ERRORCODE]&cb=[CACHEBUSTING]]]></Error>
            <Impression><![CDATA[https://t.adserver.net/w]]></Impression></Wrapper></Ad></VAST>
            """
        try corpus.write("chains/gone/w.xml", wrapper)
        try corpus.write("chains/gone/chain.json", #"""
            {"version": 1, "root": "w.xml", "map": {"https://ads.adserver.net/next": null},
             "expect": {"version": 1, "chain": {"stopReason": "fetch-failed", "errorURLs": ["https://e.adserver.net/w?c=301&cb=12345678"]}}}
            """#)
        try corpus.write("chains/wrong/w.xml", wrapper)
        try corpus.write("chains/wrong/chain.json", #"""
            {"version": 1, "root": "w.xml", "map": {"https://ads.adserver.net/next": null},
             "expect": {"version": 1, "chain": {"errorURLs": ["https://e.adserver.net/w?c=[ERRORCODE]&cb=[CACHEBUSTING]"]}}}
            """#)
        try corpus.write("chains/inline/i.xml", Tags.validVAST)
        try corpus.write("chains/inline/chain.json", #"{"version": 1, "root": "i.xml", "expect": {"version": 1, "chain": {"stopReason": "inline", "errorURLs": []}}}"#)
        var options = RunOptions(corpus: corpus.root)
        options.evaluators.chain = standardChainEvaluator
        let (_, results) = try run(options)
        #expect(results.result("chains/gone")?.status == .passed, "\(results.result("chains/gone")?.unmet ?? [])")
        #expect(results.result("chains/inline")?.status == .passed)
        let wrong = try #require(results.result("chains/wrong"))
        #expect(wrong.unmet.map(\.actual) == ["Error URLs fired [https://e.adserver.net/w?c=301&cb=12345678]"])
    }

    @Test func aTablesExpectLineGivesTheRowBelowItFieldsAndAnExpectedFailure() throws {
        let table = """
            # expect: {"description": "fields", "fields": {"title": "Shoes"}}
            a\taccepted\tcustomCTA\t-\ticon=https://c.adserver.net/i.png,bannerTitle=Shoes,ctaUrl=https://s.adserver.net/
            b\taccepted\tcustomCTA\t-\ticon=https://c.adserver.net/i.png,bannerTitle=Shoes,ctaUrl=https://s.adserver.net/
            # expect: {"fields": {"title": "Boots"}, "expectedFailure": {"reason": "r", "unmet": [{"check": "parameters", "expected": "title = Boots", "actual": "title = Shoes"}]}}
            c\taccepted\tcustomCTA\t-\ticon=https://c.adserver.net/i.png,bannerTitle=Shoes,ctaUrl=https://s.adserver.net/
            # expect: {"field": {}}
            d\taccepted\t*\t-\tx
            # expect: {"description": "no row below"}
            """
        let entries = ParameterTable.parse(table)
        let rows = entries.compactMap { if case .row(let row) = $0 { row } else { nil } }
        #expect(rows.map(\.id) == ["a", "b", "c", "d"])
        #expect(rows[0].expectation.parameters?.fields == ["title": "Shoes"])
        #expect(rows[0].expectation.parameters?.format == "customCTA")
        #expect(rows[0].expectation.description == "fields")
        #expect(rows[1].extra == nil)
        #expect(rows[2].expectation.expectedFailure?.unmet.first?.expected == "title = Boots")
        #expect(rows[3].extra == nil)
        let broken = entries.compactMap { if case .broken(let line, _, let message) = $0 { "\(line): \(message)" } else { nil } }
        #expect(broken.count == 2)
        #expect(broken.first?.hasPrefix("6: invalid '# expect:' line: unknown key 'field'") == true)
        #expect(broken.last == "8: '# expect:' line without a row below it")

        let corpus = try TemporaryCorpus()
        try corpus.write("params/t.tsv", table)
        var options = RunOptions(corpus: corpus.root)
        options.evaluators.parameters = CaseEvaluators.standard.parameters
        let (_, results) = try run(options)
        #expect(results.result("params/t.tsv#a")?.status == .passed)
        #expect(results.result("params/t.tsv#c")?.status == .passed)
        #expect(results.result("params/t.tsv#c")?.expectedFailure?.unmet.count == 1)
    }
}
