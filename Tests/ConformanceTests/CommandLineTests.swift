import Foundation
import ConformTestSupport
import Testing
@testable import Conformance

/// End-to-end: launch the built `conform` and check its exit codes and files.
@Suite(.serialized) struct CommandLineTests {
    static let binary: URL? = ConformBinary.url

    struct Outcome {
        var code: Int32
        var stdout: String
        var stderr: String
    }

    @discardableResult
    func conform(_ arguments: [String], environment: [String: String] = [:], interruptAfter: Double? = nil) throws -> Outcome {
        let process = Process()
        guard let binary = Self.binary else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let interruptAfter {
            Thread.sleep(forTimeInterval: interruptAfter)
            kill(process.processIdentifier, SIGINT)
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(code: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    func corpus(failing: Bool) throws -> TemporaryCorpus {
        let corpus = try TemporaryCorpus()
        try corpus.write("cases/vast/ok.xml", Tags.validVAST)
        try corpus.write("cases/vast/ok.expect.json", #"{"version": 1, "verdict": "valid"}"#)
        try corpus.write("cases/vast/bad.xml", Tags.missingAdSystem)
        try corpus.write("cases/vast/bad.expect.json", failing ? #"{"version": 1, "verdict": "valid"}"# : #"{"version": 1, "verdict": "invalid"}"#)
        return corpus
    }

    @Test(.enabled(if: binary != nil, "build conform first (swift build) to run the end-to-end tests"))
    func exitCodes() throws {
        let passing = try corpus(failing: false)
        let out = passing.url("out").path
        let ok = try conform(["run", passing.url("cases").path, "--output", out])
        #expect(ok.code == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("2 case(s): 2 passed, 0 failed, 0 errors"))
        let results = try ResultsReader.read(URL(fileURLWithPath: out))
        #expect(results.cases.map(\.id) == ["vast/bad.xml", "vast/ok.xml"])
        #expect(results.info.interrupted == false)

        let failing = try corpus(failing: true)
        let failed = try conform(["run", failing.url("cases").path, "-o", failing.url("out").path])
        #expect(failed.code == 1)
        #expect(failed.stderr.contains("FAIL  vast/bad.xml: expected verdict valid"))

        #expect(try conform(["run", "/no/such/corpus", "-o", failing.url("out2").path]).code == 2)
        #expect(try conform(["run", failing.url("cases").path, "--config", "/no/such/config.json"]).code == 2)
        #expect(try conform(["run", failing.url("cases").path, "--filter", "nothing/*", "-o", failing.url("out3").path]).code == 2)
        #expect(try conform(["run", failing.url("cases/vast/ok.xml").path]).code == 2)
        #expect(try conform(["run", failing.url("cases").path, "--shard", "5/2"]).code == 64)
        #expect(try conform(["run", failing.url("cases").path, "--bogus"]).code == 64)
        #expect(try conform(["run", failing.url("cases").path, "--skip-kind", "nope"]).code == 64)
        let help = try conform(["run", "--help"])
        #expect(help.code == 0)
        for section in ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "EXAMPLES:", "EXIT CODES:"] {
            #expect(help.stdout.contains(section))
        }
    }

    /// A report in a format the run was not asked for is an earlier run's: it is removed, not left to pass
    /// for this one.
    @Test(.enabled(if: binary != nil, "build conform first (swift build) to run the end-to-end tests"))
    func anEarlierRunsReportsDoNotStay() throws {
        let corpus = try corpus(failing: false)
        let out = corpus.url("out")
        #expect(try conform(["run", corpus.url("cases").path, "-o", out.path, "--format", "html,junit"]).code == 0)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("junit.xml").path))
        let second = try conform(["run", corpus.url("cases").path, "-o", out.path, "--format", "markdown"])
        #expect(second.code == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["report.md", "results.json", "results.jsonl"], "\(files)")
        #expect(second.stdout.contains("an earlier run's junit report"), "\(second.stdout)")
    }

    @Test(.enabled(if: binary != nil, "build conform first (swift build) to run the end-to-end tests"))
    func baselineAndMergeThroughTheCommandLine() throws {
        let failing = try corpus(failing: true)
        let cases = failing.url("cases").path
        try conform(["run", cases, "-o", failing.url("full").path])
        let baselinePath = failing.url("baseline.json").path
        let written = try conform(["baseline", failing.url("full").path, "--output", baselinePath])
        #expect(written.code == 0)
        #expect(try Baseline.read(URL(fileURLWithPath: baselinePath)).failing == ["vast/bad.xml"])
        // With the baseline, the known failure no longer fails the gate…
        #expect(try conform(["run", cases, "-o", failing.url("gated").path, "--baseline", baselinePath]).code == 0)
        // …but a new one does.
        try failing.write("cases/vast/new.xml", Tags.missingAdSystem)
        try failing.write("cases/vast/new.expect.json", #"{"version": 1, "verdict": "valid"}"#)
        let gated = try conform(["run", cases, "-o", failing.url("gated").path, "--baseline", baselinePath])
        #expect(gated.code == 1)
        #expect(gated.stdout.contains("new: vast/new.xml"))

        for shard in 1...2 {
            try conform(["run", cases, "--shard", "\(shard)/2", "-o", failing.url("shard-\(shard)").path])
        }
        let merged = try conform(["merge", failing.url("shard-1").path, failing.url("shard-2").path, "-o", failing.url("merged").path])
        #expect(merged.code == 1)
        let results = try ResultsReader.read(failing.url("merged"))
        #expect(results.cases.map(\.id) == ["vast/bad.xml", "vast/new.xml", "vast/ok.xml"])
        #expect(results.info.totals.cases == 3)
        #expect(try conform(["merge", failing.url("nothing-here").path]).code == 2)
        // One shard alone is not the run: nothing is merged.
        let alone = try conform(["merge", failing.url("shard-1").path, "-o", failing.url("alone").path])
        #expect(alone.code == 2 && alone.stderr.contains("the shards do not make up one run: shard 2/2 is missing"), "\(alone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: failing.url("alone/results.json").path))
        // A stream beside the results.json of its finished run keeps that run's header; a stream alone is
        // what a crashed run left: partial, so the merged gate fails even though every case in it passed.
        let stream = try ResultsReader.read(failing.url("shard-1/results.jsonl"))
        #expect(stream.info.shard == "1/2" && !stream.info.interrupted && stream.info.corpus == cases)
        try FileManager.default.createDirectory(at: failing.url("crashed"), withIntermediateDirectories: true)
        let passing = try String(contentsOf: failing.url("shard-1/results.jsonl"), encoding: .utf8)
            .split(separator: "\n").filter { $0.contains("\"passed\"") }.joined(separator: "\n")
        try failing.write("crashed/results.jsonl", passing + "\n")
        let crashed = try conform(["merge", failing.url("crashed/results.jsonl").path, "-o", failing.url("partial").path])
        #expect(crashed.code == 1 && crashed.stderr.contains("was interrupted: the merged results are partial"), "\(crashed.stderr)")
    }

    @Test(.enabled(if: binary != nil, "build conform first (swift build) to run the end-to-end tests"))
    func batchSizeChangesNoResult() throws {
        let corpus = try TemporaryCorpus()
        for index in 0..<40 {
            try corpus.write("cases/c\(index).xml", index % 3 == 0 ? Tags.missingAdSystem : Tags.validVAST)
            try corpus.write("cases/c\(index).expect.json", #"{"version": 1, "verdict": "valid"}"#)
        }
        func cases(_ extra: [String], _ folder: String) throws -> [CaseResult] {
            let outcome = try conform(["run", corpus.url("cases").path, "--jobs", "1", "-o", corpus.url(folder).path] + extra)
            #expect(outcome.code == 1, "\(outcome.stdout)\(outcome.stderr)")
            return try ResultsReader.read(corpus.url(folder)).cases.map { var c = $0; c.durationMilliseconds = 0; return c }
        }
        let alone = try cases(["--batch", "1"], "alone")
        #expect(alone.filter { $0.status == .failed }.count == 14)
        #expect(try cases([], "batched") == alone)
        #expect(try cases(["--batch", "5"], "five") == alone)
        let refused = try conform(["run", corpus.url("cases").path, "--batch", "0"])
        #expect(refused.code == 64)
        #expect(refused.stderr.contains("--batch takes a positive number"))
    }

    @Test(.enabled(if: binary != nil, "build conform first (swift build) to run the end-to-end tests"))
    func aCrashingCaseBecomesAnErrorRowAndTheRunGoesOn() throws {
        let corpus = try TemporaryCorpus()
        for index in 0..<20 {
            try corpus.write("cases/c\(index).xml", Tags.validVAST)
            try corpus.write("cases/c\(index).expect.json", #"{"version": 1, "verdict": "valid"}"#)
        }
        // The test hook crashes the worker whenever it starts a case whose id contains "c1": c1 and c10–c19.
        let outcome = try conform(["run", corpus.url("cases").path, "--jobs", "2", "-o", corpus.url("out").path],
                                  environment: ["CONFORM_TEST_CRASH_CASE": "c1"])
        #expect(outcome.code == 1, "\(outcome.stdout)\(outcome.stderr)")
        let results = try ResultsReader.read(corpus.url("out"))
        #expect(results.cases.count == 20)
        let crashed = results.cases.filter { $0.status == .error }.map(\.id)
        #expect(crashed == (["c1.xml"] + (10...19).map { "c\($0).xml" }).sorted())
        #expect(results.cases.filter { $0.status == .error }.allSatisfy { $0.errorMessage?.contains("crashed (signal") == true })
        #expect(results.info.totals == RunTotals(cases: 20, passed: 9, failed: 0, errors: 11))
        #expect(outcome.stderr.contains("CRASH c1.xml"))
        #expect(!FileManager.default.fileExists(atPath: corpus.url("out/.inflight.jsonl").path))

        // Without isolation the same run dies with the worker.
        let direct = try conform(["run", corpus.url("cases").path, "--no-isolation", "-o", corpus.url("out2").path],
                                 environment: ["CONFORM_TEST_CRASH_CASE": "c1", "CONFORM_RUN_WORKER": "1", "SWIFT_BACKTRACE": "enable=no"])
        #expect(direct.code != 0 && direct.code != 1)
    }

    @Test(.enabled(if: binary != nil, "build conform first (swift build) to run the end-to-end tests"))
    func interruptWritesPartialResults() throws {
        let corpus = try TemporaryCorpus()
        // Slow cases (many attributes) so the run is still going when Ctrl-C arrives.
        let attributes = (0..<20000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        for index in 0..<60 {
            try corpus.write("cases/slow-\(index).xml", "<VAST version=\"4.2\" \(attributes)></VAST>")
            try corpus.write("cases/slow-\(index).expect.json", #"{"version": 1}"#)
        }
        let outcome = try conform(["run", corpus.url("cases").path, "--jobs", "1", "-o", corpus.url("out").path],
                                  interruptAfter: 1.0)
        #expect(outcome.code == 130, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("Interrupted: partial results"))
        let results = try ResultsReader.read(corpus.url("out"))
        #expect(results.info.interrupted)
        #expect(results.cases.count < 60)
        #expect(results.cases.count == results.info.totals.cases)
    }
}
