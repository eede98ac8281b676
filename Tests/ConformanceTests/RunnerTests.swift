import ConformCore
import Foundation
import Profiles
import Testing
import VAST
@testable import Conformance

@Suite struct RunnerTests {
    /// A corpus with one case of each outcome.
    func mixedCorpus() throws -> TemporaryCorpus {
        let corpus = try TemporaryCorpus()
        try corpus.write("vast/pass.xml", Tags.validVAST)
        try corpus.write("vast/pass.expect.json", #"{"version": 1, "verdict": "valid", "tags": ["smoke"], "description": "a valid tag", "diagnostics": {"absent": ["VAST-2.0-inline-adsystem"]}}"#)
        try corpus.write("vast/fires.xml", Tags.missingAdSystem)
        try corpus.write("vast/fires.expect.json", #"{"version": 1, "verdict": "invalid", "diagnostics": {"present": [{"rule": "VAST-2.0-inline-adsystem", "line": 2, "column": 3}]}}"#)
        try corpus.write("vast/fail.xml", Tags.missingAdSystem)
        try corpus.write("vast/fail.expect.json", #"{"version": 1, "verdict": "valid", "tags": ["smoke"], "diagnostics": {"present": [{"rule": "VAST-2.0-inline-adsystem", "line": 1}]}}"#)
        try corpus.write("vast/typo.xml", Tags.validVAST)
        try corpus.write("vast/typo.expect.json", #"{"version": 1, "verdit": "valid"}"#)
        try corpus.write("vast/orphan.expect.json", #"{"version": 1, "verdict": "valid"}"#)
        try corpus.write("vast/no-expectation.xml", Tags.validVAST)
        try corpus.write("malformed/cut.xml", "<VAST version=\"4.2\"><Ad>")
        try corpus.write("malformed/cut.expect.json", #"{"version": 1, "verdict": "malformed", "diagnostics": {"present": ["XML-not-well-formed"]}}"#)
        try corpus.write("README.md", "# not a case\n")
        // A case file that cannot be read: a link to nothing.
        try FileManager.default.createSymbolicLink(atPath: corpus.url("vast/gone.xml").path, withDestinationPath: "nowhere.xml")
        try corpus.write("vast/gone.expect.json", #"{"version": 1, "verdict": "valid"}"#)
        return corpus
    }

    @Test func everyCaseBecomesARowAndBrokenCasesDoNotStopTheRun() throws {
        let corpus = try mixedCorpus()
        let (summary, results) = try run(RunOptions(corpus: corpus.root, jobs: 3))
        #expect(results.all.map(\.id) == [
            "malformed/cut.xml", "vast/fail.xml", "vast/fires.xml", "vast/gone.xml", "vast/no-expectation.xml",
            "vast/orphan.expect.json", "vast/pass.xml", "vast/typo.xml",
        ])
        #expect(summary.totals == RunTotals(cases: 8, passed: 3, failed: 1, errors: 4))
        #expect(summary.failing == ["vast/fail.xml", "vast/gone.xml", "vast/no-expectation.xml", "vast/orphan.expect.json", "vast/typo.xml"])

        let fail = try #require(results.result("vast/fail.xml"))
        #expect(fail.status == .failed)
        #expect(fail.unmet.map(\.check) == [.parse, .rules])
        #expect(fail.unmet[0].actual.hasPrefix("verdict invalid (first error: VAST-2.0-inline-adsystem at 2:3"))
        #expect(fail.unmet[1].actual == "VAST-2.0-inline-adsystem at 2:3 (error)")
        #expect(fail.unmet[1].excerpt == "<VAST version=\"4.2\"><Ad id=\"a1\">")
        #expect(fail.checks[.tracking] == .notApplicable)
        #expect(results.result("vast/typo.xml")?.errorMessage?.contains("unknown key 'verdit'") == true)
        #expect(results.result("vast/orphan.expect.json")?.errorMessage?.contains("without a case file") == true)
        #expect(results.result("vast/no-expectation.xml")?.errorMessage?.contains("no expectation") == true)
        #expect(results.result("vast/gone.xml")?.errorMessage?.contains("cannot read vast/gone.xml") == true)
        #expect(results.result("vast/pass.xml")?.description == "a valid tag")
        #expect(results.result("vast/pass.xml")?.forbiddenRules == ["VAST-2.0-inline-adsystem"])
        let malformed = try #require(results.result("malformed/cut.xml"))
        #expect(malformed.actualVerdict == "malformed")
        #expect(malformed.requiredRules == ["XML-not-well-formed"])
        #expect(malformed.diagnostics.allSatisfy { $0.file == "malformed/cut.xml" })
    }

    /// A rule id that names no rule fails its case, with the nearest id suggested: in `absent` it would hold
    /// forever, however the tag changed. The same for a table row's `!ID`.
    @Test func aMisspeltRuleIDFailsTheCase() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("vast/typo.xml", Tags.validVAST)
        try corpus.write("vast/typo.expect.json", #"{"version": 1, "verdict": "valid", "diagnostics": {"absent": ["VAST-2.0-inline-adsytem"]}}"#)
        try corpus.write("vast/right.xml", Tags.validVAST)
        try corpus.write("vast/right.expect.json", #"{"version": 1, "verdict": "valid", "diagnostics": {"absent": ["VAST-2.0-inline-adsystem"]}}"#)
        try corpus.write("params/rows.tsv", "typo\taccepted\tcustomCTA\t!PARAM-nothing-like-it\ticon=https://cdn.adsrv.net/i.png,bannerTitle=Shoes,ctaUrl=https://shop.adsrv.net\n")
        let (_, results) = try run(RunOptions(corpus: corpus.root, evaluators: .standard))
        let typo = try #require(results.result("vast/typo.xml"))
        #expect(typo.status == .failed)
        #expect(typo.unmet.map(\.actual) == ["VAST-2.0-inline-adsytem names no rule; did you mean VAST-2.0-inline-adsystem?"])
        #expect(results.result("vast/right.xml")?.status == .passed)
        let row = try #require(results.all.first { $0.id.hasSuffix("typo") && $0.kind == .params })
        #expect(row.status == .failed && row.unmet.first?.actual == "PARAM-nothing-like-it names no rule (see conform rules)", "\(row.unmet)")
    }

    @Test func resultsDoNotDependOnTheNumberOfWorkers() throws {
        let corpus = try mixedCorpus()
        func stripped(_ jobs: Int) throws -> [CaseResult] {
            try run(RunOptions(corpus: corpus.root, jobs: jobs)).1.all.map { var r = $0; r.durationMilliseconds = 0; return r }
        }
        #expect(try stripped(1) == stripped(4))
    }

    /// Cases evaluated in a batch (small documents share one rule pass) give what each gives alone.
    func expectBatchMatchesOneByOne(_ options: RunOptions) throws {
        let cases = try CorpusRunner.selectedCases(options)
        let evaluator = CaseEvaluator(root: options.corpus, options: options, goldens: GoldenStore(root: options.corpus))
        func stripped(_ result: CaseResult?) -> CaseResult? {
            result.map { var r = $0; r.durationMilliseconds = 0; return r }
        }
        var start = 0
        var documents = 0
        while start < cases.count {
            let range = start ..< min(start + 16, cases.count)
            let batched = evaluator.evaluate(batch: cases[range])
            #expect(batched.count == range.count)
            for (result, index) in zip(batched, range) {
                #expect(stripped(result) == stripped(evaluator.evaluate(cases[index])), "\(cases[index].id)")
                if result?.durationMilliseconds ?? 0 > 0 { documents += 1 }
            }
            start = range.upperBound
        }
        #expect(documents > 0)
    }

    @Test func aBatchOfCasesGivesWhatEachCaseGivesAlone() throws {
        // Errors, broken expectations, unreadable files and malformed XML among the batch's documents.
        let corpus = try mixedCorpus()
        try expectBatchMatchesOneByOne(RunOptions(corpus: corpus.root))
    }

    @Test(.enabled(if: CorpusCoverageTests.available, "Corpus/ is not present"))
    func theShippedCorpusGivesTheSameResultsInBatches() throws {
        // Every kind of case: VAST of each version, VMAP, hostile inputs (run alone), chains and parameter rows.
        try expectBatchMatchesOneByOne(RunOptions(
            corpus: CorpusCoverageTests.corpus, filter: CaseFilter(["vast/4.2/", "vmap/", "hostile/", "chains/depth-1", "params/"]),
            evaluators: .standard))
        let options = RunOptions(corpus: CorpusCoverageTests.corpus, filter: CaseFilter(["vast/3.0/"]), jobs: 1, evaluators: .standard)
        var single = options
        single.batchSize = 1
        func stripped(_ options: RunOptions) throws -> [CaseResult] {
            try run(options).1.all.map { var r = $0; r.durationMilliseconds = 0; return r }
        }
        #expect(try stripped(options) == stripped(single))
    }

    @Test func filtersAndTagsSelectCases() throws {
        let corpus = try mixedCorpus()
        let (filtered, filteredResults) = try run(RunOptions(corpus: corpus.root, filter: CaseFilter(["vast/f*"])))
        #expect(filtered.totals.cases == 2)
        #expect(filteredResults.all.map(\.id) == ["vast/fail.xml", "vast/fires.xml"])
        let (prefixed, _) = try run(RunOptions(corpus: corpus.root, filter: CaseFilter(["malformed/"])))
        #expect(prefixed.totals.cases == 1)
        // Cases whose expectation cannot be read are still reported: their tags are unknown.
        let (tagged, taggedResults) = try run(RunOptions(corpus: corpus.root, tags: ["smoke"]))
        #expect(taggedResults.all.map(\.id) == ["vast/fail.xml", "vast/orphan.expect.json", "vast/pass.xml", "vast/typo.xml"])
        #expect(tagged.totals == RunTotals(cases: 4, passed: 1, failed: 1, errors: 2))
    }

    @Test func globMatching() {
        #expect(CaseFilter.glob("vast/*.xml", "vast/a/b.xml"))
        #expect(CaseFilter.glob("*inline*", "vast/4.2/inline-x.xml"))
        #expect(CaseFilter.glob("vast/?.xml", "vast/a.xml"))
        #expect(!CaseFilter.glob("vast/?.xml", "vast/ab.xml"))
        #expect(!CaseFilter.glob("*.json", "vast/a.xml"))
        #expect(CaseFilter.glob("vast/", "vast/a.xml"))
        #expect(!CaseFilter.glob("vmap/", "vast/a.xml"))
        #expect(CaseFilter([]).matches("anything"))
    }

    @Test func shardsSplitEveryCaseExactlyOnceAndStably() throws {
        let ids = (0..<2000).map { "vast/\($0 % 7)/case-\($0).xml" }
        for count in [1, 2, 3, 8] {
            let shards = try (1...count).map { try Shard(index: $0, count: count) }
            var seen: [String: Int] = [:]
            for shard in shards {
                for id in ids where shard.contains(id) { seen[id, default: 0] += 1 }
            }
            #expect(seen.count == ids.count)
            #expect(seen.values.allSatisfy { $0 == 1 })
            // Same split twice, and no shard is starved.
            for shard in shards {
                let first = ids.filter(shard.contains)
                #expect(first == ids.filter(shard.contains))
                #expect(first.count > ids.count / count / 2)
            }
        }
        // The published FNV-1a test vector: the split must not change between builds or machines.
        #expect(Shard.hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(throws: ConformanceError.badShard("0/2")) { try Shard(parsing: "0/2") }
        #expect(throws: ConformanceError.badShard("3/2")) { try Shard(parsing: "3/2") }
        #expect(throws: ConformanceError.badShard("x")) { try Shard(parsing: "x") }
        #expect(try Shard(parsing: "2/4").description == "2/4")
    }

    @Test func shardedRunsTogetherCoverTheCorpus() throws {
        let corpus = try mixedCorpus()
        let (whole, wholeResults) = try run(RunOptions(corpus: corpus.root))
        var parts: [RunResults] = []
        for index in 1...3 {
            let (summary, results) = try run(RunOptions(corpus: corpus.root, shard: try Shard(index: index, count: 3)))
            parts.append(RunResults(info: RunInfo(conformVersion: "t", corpus: "c", totals: summary.totals, shard: "\(index)/3"),
                                    cases: results.all))
        }
        let merged = try ResultsMerger.merge(parts)
        #expect(merged.cases.map(\.id) == wholeResults.all.map(\.id))
        #expect(merged.info.totals == whole.totals)
        #expect(merged.info.interrupted == false)
    }

    @Test func mergeRejectsConflictingRows() throws {
        let row = CaseResult(id: "a", suite: ".", kind: .vast, status: .passed, actualVerdict: "valid", file: "a")
        var other = row
        other.status = .failed
        let part = { (cases: [CaseResult]) in RunResults(info: RunInfo(conformVersion: "t", corpus: "c"), cases: cases) }
        #expect(try ResultsMerger.merge([part([row]), part([row])]).cases.count == 1)
        #expect(throws: ConformanceError.mergeConflict(caseID: "a")) { try ResultsMerger.merge([part([row]), part([other])]) }
    }

    @Test func mergeTakesTheShardsOfOneWholeSplitOnly() throws {
        let part = { (shard: String?, ids: [String]) in
            RunResults(info: RunInfo(conformVersion: "t", corpus: "c", shard: shard),
                       cases: ids.map { CaseResult(id: $0, suite: ".", kind: .vast, status: .passed, actualVerdict: "valid", file: $0) })
        }
        #expect(try ResultsMerger.merge([part("2/2", ["b"]), part("1/2", ["a"])]).cases.map(\.id) == ["a", "b"])
        // Runs that are not shards merge freely.
        #expect(try ResultsMerger.merge([part(nil, ["a"]), part(nil, ["b"])]).cases.count == 2)
        #expect(throws: ConformanceError.incompleteShards("shard 2/3 is missing")) {
            try ResultsMerger.merge([part("1/3", ["a"]), part("3/3", ["c"])])
        }
        #expect(throws: ConformanceError.incompleteShards("shards 2/3, 3/3 are missing")) { try ResultsMerger.merge([part("1/3", ["a"])]) }
        #expect(throws: ConformanceError.incompleteShards("the results come from splits into 2 and 3 shards")) {
            try ResultsMerger.merge([part("1/2", ["a"]), part("2/3", ["b"]), part("2/2", ["c"])])
        }
        #expect(throws: ConformanceError.incompleteShards("shard 1/2 is given twice")) {
            try ResultsMerger.merge([part("1/2", ["a"]), part("1/2", ["a"]), part("2/2", ["b"])])
        }
        #expect(throws: ConformanceError.incompleteShards("a results file that is not a shard is merged with shards (merge the shards of one run only)")) {
            try ResultsMerger.merge([part("1/1", ["a"]), part(nil, ["b"])])
        }
        // An interrupted part makes the whole merge interrupted.
        var cut = part("2/2", ["b"])
        cut.info.interrupted = true
        #expect(try ResultsMerger.merge([part("1/2", ["a"]), cut]).info.interrupted)
    }

    @Test func baselineSeparatesNewStillFailingAndFixed() throws {
        let baseline = Baseline(failing: ["b", "a", "c"])
        #expect(baseline.failing == ["a", "b", "c"])
        let comparison = baseline.compare(failing: ["c", "d"], passing: ["a", "e"])
        #expect(comparison == BaselineComparison(newFailures: ["d"], fixed: ["a"], stillFailing: ["c"]))

        let corpus = try TemporaryCorpus()
        try AtomicFile.write(baseline.encoded(), to: corpus.url("baseline.json"))
        #expect(try Baseline.read(corpus.url("baseline.json")) == baseline)
        try corpus.write("bad.json", #"{"version": 9, "failing": []}"#)
        #expect(throws: ConformanceError.self) { try Baseline.read(corpus.url("bad.json")) }

        let results = RunResults(info: RunInfo(conformVersion: "t", corpus: "c"), cases: [
            CaseResult(id: "x", suite: ".", kind: .vast, status: .failed, actualVerdict: "invalid", file: "x"),
            CaseResult(id: "y", suite: ".", kind: .vast, status: .passed, actualVerdict: "valid", file: "y"),
            CaseResult(id: "z", suite: ".", kind: .vast, status: .error, actualVerdict: "error", file: "z"),
        ])
        #expect(Baseline(results: results).failing == ["x", "z"])
    }

    @Test func cancellingStopsSchedulingAndReportsAnInterruptedRun() throws {
        let corpus = try TemporaryCorpus()
        for index in 0..<50 {
            try corpus.write("vast/c\(index).xml", Tags.validVAST)
            try corpus.write("vast/c\(index).expect.json", #"{"version": 1, "verdict": "valid"}"#)
        }
        /// Runs the corpus on one worker, cancelled when the fifth result comes in.
        func cancelledAtTheFifthResult(batchSize: Int) throws -> (RunSummary, Int) {
            var options = RunOptions(corpus: corpus.root, jobs: 1)
            options.batchSize = batchSize
            let control = RunControl()
            let collected = Collected()
            let summary = try CorpusRunner.run(options, control: control, consume: { result in
                collected.add(result)
                if collected.all.count == 5 { control.cancel() }
            })
            return (summary, collected.all.count)
        }
        // One case at a time, the run stops right after the case that cancels it.
        let (summary, count) = try cancelledAtTheFifthResult(batchSize: 1)
        #expect(summary.interrupted)
        #expect(summary.totals.cases == 5)
        #expect(count == 5)

        // In batches, the worker reports the rest of the batch in hand (a quarter of the cases left, at most
        // `batchSize`: here 50 / 4 = 12), then takes no more.
        let (batchedSummary, batchedCount) = try cancelledAtTheFifthResult(batchSize: 16)
        #expect(batchedSummary.interrupted)
        #expect(batchedSummary.totals.cases == 12)
        #expect(batchedCount == 12)

        // A cancel that comes while a batch runs (here, as its third case starts) starts no further case of it.
        let midControl = RunControl()
        let startedIDs = Collected()
        let mid = Collected()
        let midSummary = try CorpusRunner.run(RunOptions(corpus: corpus.root, jobs: 1), control: midControl, started: { corpusCase in
            startedIDs.add(CaseResult(id: corpusCase.id, suite: ".", kind: .vast, status: .passed, actualVerdict: "", file: corpusCase.file))
            if startedIDs.all.count == 3 { midControl.cancel() }
        }, consume: mid.add)
        #expect(midSummary.interrupted)
        #expect(midSummary.totals.cases == 3)
        #expect(mid.all.map(\.id) == startedIDs.all.map(\.id))
    }

    @Test func aMissingCorpusIsAnError() {
        #expect(throws: ConformanceError.corpusNotFound(path: "/no/such/corpus")) {
            _ = try CorpusRunner.run(RunOptions(corpus: URL(fileURLWithPath: "/no/such/corpus")), consume: { _ in })
        }
    }

    @Test func trackingAndLimitsArePinned() throws {
        let corpus = try TemporaryCorpus()
        let tag = """
            <VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem>
            <Impression><![CDATA[https://t.example.com/i1]]></Impression><Impression>https://t.example.com/i2</Impression>
            <Creatives><Creative><Linear><Duration>00:00:15</Duration><TrackingEvents>
            <Tracking event="start"><![CDATA[https://t.example.com/start]]></Tracking></TrackingEvents>
            </Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        try corpus.write("t/ok.xml", tag)
        try corpus.write("t/ok.expect.json", #"{"version": 1, "tracking": {"impression": ["https://t.example.com/i1", "https://t.example.com/i2"], "start": ["https://t.example.com/start"], "complete": []}, "limits": {"maxMilliseconds": 60000}}"#)
        try corpus.write("t/order.xml", tag)
        try corpus.write("t/order.expect.json", #"{"version": 1, "tracking": {"impression": ["https://t.example.com/i2", "https://t.example.com/i1"]}}"#)
        try corpus.write("t/slow.xml", tag)
        try corpus.write("t/slow.expect.json", #"{"version": 1, "limits": {"maxMilliseconds": 0}}"#)
        let (_, results) = try run(RunOptions(corpus: corpus.root))
        let ok = try #require(results.result("t/ok.xml"))
        #expect(ok.status == .passed, "\(ok.unmet)")
        #expect(ok.checks[.tracking] == .pass)
        #expect(ok.tracking?["start"]?.first?.position == SourcePosition(line: 4, column: 1))
        let order = try #require(results.result("t/order.xml"))
        #expect(order.unmet.map(\.check) == [.tracking])
        #expect(order.unmet.first?.actual == "impression: [https://t.example.com/i1, https://t.example.com/i2]")
        #expect(results.result("t/slow.xml")?.unmet.first?.expected == "finished within 0 ms")
    }

    @Test func profilePinsAreJudgedByThePlayerProfiles() throws {
        let input = VASTDecoder.decode(Data(Tags.validVAST.utf8))
        let ssai = Profiles.evaluate(.ssai, input: input).verdict
        let pause = Profiles.evaluate(.pause, input: input).verdict
        let corpus = try TemporaryCorpus()
        try corpus.write("p/a.xml", Tags.validVAST)
        try corpus.write("p/a.expect.json", #"{"version": 1, "profiles": {"pause": "not what it says", "ssai": "\#(ssai)"}}"#)
        try corpus.write("p/unknown.xml", Tags.validVAST)
        try corpus.write("p/unknown.expect.json", #"{"version": 1, "profiles": {"pauseAd": "eligible"}}"#)
        let (_, results) = try run(RunOptions(corpus: corpus.root))
        let result = try #require(results.result("p/a.xml"))
        #expect(result.status == .failed)
        #expect(result.unmet.map(\.expected) == ["pause: not what it says"])
        #expect(result.profiles == ["pause": pause, "ssai": ssai])
        let unknown = try #require(results.result("p/unknown.xml"))
        #expect(unknown.status == .error)
        #expect(unknown.errorMessage?.contains("unknown profile 'pauseAd'") == true, "\(unknown.errorMessage ?? "")")
    }
}
