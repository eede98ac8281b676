import Conformance
import Foundation
import Probe
import Reports
import Validation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `conform run`: run a conformance corpus and gate on it.
enum RunCommand: Subcommand {
    static let name = "run"
    static let summary = "Run a conformance corpus against its expectations (the CI gate)."
    static let valueOptions: Set<String> = ["-o", "--output", "--filter", "--tag", "--skip-kind", "--shard", "--jobs", "--batch", "--baseline",
        "--config", "--rule", "--max-size", "--format", "--html-budget"]
    static let flagOptions: Set<String> = ["--record", "--no-config", "--quiet", "--no-isolation", "--annotations", "--no-inline-directives"]
    static let usage = "conform run [options] [<corpus>]"
    static let help = """
        OVERVIEW: Run a conformance corpus: every case against its expectation, on all cores.

        Cases are found recursively: VAST/VMAP files with a <case>.expect.json beside them, chain
        folders (chain.json), parameter tables (*.tsv), hostile inputs and meta cases (meta.json: a
        nested corpus whose run is pinned). Results stream to
        <output>/results.jsonl as cases finish; <output>/results.json (sorted by case id) is written
        at the end, also after Ctrl-C (then marked interrupted). See Corpus/README.md for the format.

        USAGE: \(usage)

        ARGUMENTS:
          <corpus>                The corpus folder. (default: Corpus)

        OPTIONS:
          -o, --output <dir>      Folder for results.json, results.jsonl and the reports. (default: Reports)
          --format <formats>      Reports to write into the output folder, comma-separated.
                                  (values: html, markdown, json, junit, sarif; default: html,markdown,json)
          --html-budget <MB>      The size report.html aims to stay under, in megabytes. Every failing case
                                  is always in it in full; a larger run keeps every passing case as a row
                                  and embeds its details only while the page fits. (default: 20)
          --annotations           Print GitHub Actions annotations for unmet expectations to standard output.
          --filter <glob>         Run only cases whose id matches; '*' matches across '/', a pattern
                                  without wildcards matches ids starting with it. Repeatable.
          --tag <tag>             Run only cases tagged so in their expectation. Repeatable.
          --skip-kind <kind>      Leave out a kind of case. Repeatable. (values: vast, vmap, chain,
                                  params, hostile, meta)
          --shard <K/N>           Run shard K of N: a stable split by case id, so a CI matrix of N
                                  jobs covers every case exactly once. Combine with 'conform merge'.
          --jobs <n>              Cases run in parallel. (default: the number of cores)
          --batch <n>             Cases a worker takes at a time. Small documents among them share one
                                  rule pass, each rule running over all of them before the next, which
                                  is faster on corpora of small tags; results are the same. 1 checks
                                  every case alone. (default: \(TagCheck.batchSize))
          --record                Write each case's full outcome as a golden snapshot beside it
                                  (<case>.golden.json) for review in a diff; later runs compare.
          --baseline <file>       Fail only on cases not failing in this baseline ('conform baseline').
          --config <file>         Rule configuration to apply instead of the nearest .conform.json.
          --no-config             Ignore any .conform.json.
        \(ConfigurationLoader.ruleOptionHelp)
        \(ConfigurationLoader.inlineDirectivesHelp)
          --max-size <bytes>      Refuse case files larger than this. (default: 33554432)
          --quiet                 No progress output.
          --no-isolation          Run the cases in this process. By default a supervising process
                                  restarts the run after a crash, reports the crashing case as an
                                  error and goes on with the rest.
          -h, --help              Show this help.

        Progress goes to standard error: a bar on a terminal; plain lines (every 10% and each failing
        case) when CI is set or standard error is not a terminal.

        EXIT CODES:
          0    every expectation was met (with --baseline: no new failure)
          1    at least one expectation was not met
          2    the run could not proceed (missing corpus, bad configuration, unwritable output,
               no case selected), or a meta case failed: conform's own counting, judging or
               reporting is wrong, so the run's totals cannot be trusted (results.json is written)
          64   bad usage
          130  interrupted (Ctrl-C); partial results were written

        EXAMPLES:
          conform run Corpus/
          conform run Corpus/ --filter 'vast/4.2/*' --jobs 4
          conform run Corpus/ --skip-kind params --tag smoke
          conform run Corpus/ --shard 2/4 --output Reports/shard-2
          conform run Corpus/ --baseline conform-baseline.json
          conform run MyTags/ --record && git diff MyTags/
        """

    /// Everything `conform run` was asked to do, checked.
    struct Invocation {
        var corpusPath: String
        var outputPath: String
        var options: RunOptions
        var shard: Shard?
        var baselinePath: String?
        var quiet: Bool
        var isolate: Bool
        /// Reports rendered from the final results (results.json itself is always written).
        var formats: [ReportFormat]
        var annotations: Bool
        /// ``HTMLReporter/budget``.
        var htmlBudget: Int = HTMLReporter.defaultBudget
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let invocation: Invocation
        switch parse(arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let exit): return exit.code
        }
        let environment = ProcessInfo.processInfo.environment
        let isWorker = environment[WorkerEnvironment.worker] != nil
        let started = Date()
        let code = !isWorker && invocation.isolate
            ? Supervisor.run(arguments: arguments, output: URL(fileURLWithPath: invocation.outputPath, isDirectory: true))
            : work(invocation, environment: environment)
        // Reports are rendered once, by the top process, from the final results.json: after a passing or failing
        // run, an interrupted one, and one whose gate refused it (a failed meta case, no case selected) but that
        // wrote its results, so a reader sees what ran and the stale reports of an earlier run are replaced.
        guard !isWorker else { return code }
        let rendered = code == ExitCode.success || code == ExitCode.findings || code == 130
            || (code == ExitCode.cannotProceed && resultsWritten(since: started, in: invocation.outputPath))
        guard rendered else { return code }
        return renderReports(invocation) ?? code
    }

    /// Whether this run wrote `results.json` in `output` (it exists and is not older than the run).
    static func resultsWritten(since start: Date, in output: String) -> Bool {
        let path = URL(fileURLWithPath: output, isDirectory: true).appendingPathComponent("results.json").path
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return false }
        return modified.timeIntervalSince(start) >= -1
    }

    /// Renders the requested reports (and annotations) from `results.json` in the output folder;
    /// returns an exit code only when that fails.
    static func renderReports(_ invocation: Invocation) -> Int32? {
        let formats = invocation.formats.filter { $0 != .json }
        defer { removeStaleReports(invocation) }
        guard !formats.isEmpty || invocation.annotations else { return nil }
        let resultsURL = URL(fileURLWithPath: invocation.outputPath, isDirectory: true).appendingPathComponent("results.json")
        // Read back one case at a time: memory stays bounded however many cases the run had.
        let status = ReportCommand.emit(resultsAt: resultsURL, formats: formats, output: invocation.outputPath,
                                        annotations: invocation.annotations, htmlBudget: invocation.htmlBudget) { error in
            Terminal.printError("Error: cannot render the reports: \(error)")
        }
        return status == ExitCode.success ? nil : status
    }

    /// Removes the reports an earlier run left in the output folder in formats this run did not write: a
    /// report.html beside a newer results.json would show the earlier run as if it were this one.
    static func removeStaleReports(_ invocation: Invocation) {
        let folder = URL(fileURLWithPath: invocation.outputPath, isDirectory: true)
        for format in ReportFormat.formats(in: .run) where format != .json && !invocation.formats.contains(format) {
            guard let fileName = format.fileName else { continue }
            let url = folder.appendingPathComponent(fileName)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            do {
                try FileManager.default.removeItem(at: url)
                print("Removed \(url.path): an earlier run's \(format.rawValue) report (add --format \(format.rawValue) to write it)")
            } catch {
                Terminal.printError("Warning: \(url.path) is an earlier run's report and could not be removed: \(fileErrorReason(error))")
            }
        }
    }

    struct ExitStatus: Error { let code: Int32 }

    /// Parses and checks the arguments; usage errors are reported here, once, by the front process.
    static func parse(_ arguments: [String]) -> Result<Invocation, ExitStatus> {
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "run", usage: usage)
        } catch { return .failure(ExitStatus(code: error.report())) }
        func usageError(_ message: String) -> Result<Invocation, ExitStatus> {
            .failure(ExitStatus(code: UsageError(message: message, command: "run", usage: usage).report()))
        }
        guard scanner.positionals.count <= 1 else { return usageError("give one corpus folder") }
        let formats: [ReportFormat]
        do {
            formats = try ReportCommand.parseFormats(scanner.values("--format"), default: ReportFormat.defaults, command: "run", usage: usage)
        } catch { return .failure(ExitStatus(code: error.report())) }
        let corpusPath = scanner.positionals.first ?? "Corpus"
        let htmlBudget: Int
        do {
            htmlBudget = try ReportCommand.parseHTMLBudget(scanner.value("--html-budget"), command: "run", usage: usage)
        } catch { return .failure(ExitStatus(code: error.report())) }

        var skipKinds = Set<CaseKind>()
        for raw in scanner.values("--skip-kind") {
            guard let kind = CaseKind(rawValue: raw) else {
                return usageError("unknown kind '\(raw)' (values: \(CaseKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            skipKinds.insert(kind)
        }
        var shard: Shard?
        if let raw = scanner.value("--shard") {
            do { shard = try Shard(parsing: raw) } catch { return usageError(error.description) }
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let raw = scanner.value("--jobs") {
            guard let value = Int(raw), value >= 1 else { return usageError("--jobs takes a positive number") }
            jobs = value
        }
        var batchSize = TagCheck.batchSize
        if let raw = scanner.value("--batch") {
            guard let value = Int(raw), value >= 1 else { return usageError("--batch takes a positive number") }
            batchSize = value
        }
        var maxBytes = 32 * 1024 * 1024
        if let raw = scanner.value("--max-size") {
            guard let value = Int(raw), value > 0 else { return usageError("--max-size takes a positive number of bytes") }
            maxBytes = value
        }
        let configuration: Configuration
        do {
            configuration = try ConfigurationLoader.load(from: scanner, command: "run", usage: usage)
        } catch { return .failure(ExitStatus(code: error.exitCode)) }
        let corpus = URL(fileURLWithPath: corpusPath, isDirectory: true).standardizedFileURL
        var options = RunOptions(
            corpus: corpus, filter: CaseFilter(scanner.values("--filter")), tags: scanner.values("--tag"),
            skipKinds: skipKinds, shard: shard, jobs: jobs, record: scanner.flag("--record"),
            configuration: configuration, maxBytes: maxBytes,
            evaluators: .standard(mediaInspector: FFProbe.inspector())
                .readingReports(with: ReportCounts.evaluator))
        options.batchSize = batchSize
        return .success(Invocation(
            corpusPath: corpusPath, outputPath: scanner.value("-o", "--output") ?? "Reports", options: options,
            shard: shard, baselinePath: scanner.value("--baseline"), quiet: scanner.flag("--quiet"),
            isolate: !scanner.flag("--no-isolation"), formats: formats, annotations: scanner.flag("--annotations"),
            htmlBudget: htmlBudget))
    }

    /// Runs the corpus in this process. Under the supervisor, it may resume an earlier attempt,
    /// run only the cases suspected of a crash, and journals each case as it starts.
    static func work(_ invocation: Invocation, environment: [String: String]) -> Int32 {
        var options = invocation.options
        let corpusPath = invocation.corpusPath
        var baseline: Baseline?
        if let path = invocation.baselinePath {
            do { baseline = try Baseline.read(URL(fileURLWithPath: path)) } catch {
                Terminal.printError("Error: \(error)")
                return ExitCode.cannotProceed
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.corpus.path, isDirectory: &isDirectory) else {
            let hint = corpusPath == "Corpus" ? " (the default; give the corpus folder: conform run <folder>)" : ""
            Terminal.printError("Error: corpus folder not found: \(corpusPath)\(hint)")
            return ExitCode.cannotProceed
        }
        guard isDirectory.boolValue else {
            Terminal.printError("Error: \(corpusPath) is a file; 'conform run' takes a corpus folder (use 'conform check' for single tags)")
            return ExitCode.cannotProceed
        }
        if let problem = OutputPath.folderProblem(invocation.outputPath) {
            Terminal.printError("Error: \(problem)")
            return ExitCode.cannotProceed
        }
        let output = URL(fileURLWithPath: invocation.outputPath, isDirectory: true)
        let resume = environment[WorkerEnvironment.resume] != nil
        let writer: ResultsWriter
        let journal: StartJournal?
        do {
            writer = try ResultsWriter(folder: output, resume: resume)
            journal = environment[WorkerEnvironment.worker] != nil ? try StartJournal(folder: output) : nil
        } catch {
            Terminal.printError("Error: cannot write results: \(error)")
            return ExitCode.cannotProceed
        }
        options.exclude = writer.resumed.ids
        if let path = environment[WorkerEnvironment.only] {
            let ids = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            options.only = Set(ids)
            // One case at a time, so that a crash among the suspects names one case.
            options.jobs = 1
            options.batchSize = 1
        }
        let crashOn = environment[WorkerEnvironment.testCrash]

        let control = RunControl()
        let interrupt = installInterruptHandler(control)
        defer { interrupt.cancel() }
        let display = ProgressDisplay(quiet: invocation.quiet)
        let start = environment[WorkerEnvironment.startedAt].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)) ?? Date()
        let startedAt = ISO8601DateFormatter().string(from: start)
        let passing = PassingCollector(enabled: baseline != nil)

        let summary: RunSummary
        do {
            summary = try CorpusRunner.run(options, control: control, started: { corpusCase in
                journal?.record(corpusCase)
                if let crashOn, !crashOn.isEmpty, corpusCase.id.contains(crashOn) {
                    fatalError("crash requested for \(corpusCase.id) by \(WorkerEnvironment.testCrash)")
                }
            }, consume: { result in
                writer.append(result)
                passing.add(result)
            }, progress: display.update)
        } catch {
            display.finish()
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
        display.finish()

        var totals = writer.resumed.totals
        for _ in 0..<summary.totals.passed { totals.add(.passed) }
        for _ in 0..<summary.totals.failed { totals.add(.failed) }
        for _ in 0..<summary.totals.errors { totals.add(.error) }
        let failing = (writer.resumed.failing + summary.failing).sorted()
        let comparison = baseline?.compare(failing: failing, passing: writer.resumed.passing + passing.ids)
        let info = RunInfo(
            conformVersion: ConformInfo.version, corpus: corpusPath, startedAt: startedAt,
            durationSeconds: (Date().timeIntervalSince(start) * 1000).rounded() / 1000, totals: totals,
            baseline: comparison, interrupted: summary.interrupted, shard: invocation.shard?.description)
        let resultsURL: URL
        do {
            resultsURL = try writer.finish(info: info)
        } catch {
            Terminal.printError("Error: cannot write results: \(error)")
            return ExitCode.cannotProceed
        }
        journal?.remove()
        if environment[WorkerEnvironment.quietSummary] == nil {
            printSummary(info: info, failing: failing, resultsPath: resultsURL.path, recorded: options.record)
        }
        let decision = RunGate.decide(totals: totals, baseline: comparison, interrupted: summary.interrupted,
                                      sharded: invocation.shard != nil, selfCheckFailures: summary.selfCheckFailures)
        switch decision {
        case .nothingRan:
            // A gate that ran nothing must not pass silently (a mistyped --filter or --tag).
            Terminal.printError("Error: no case was selected in \(corpusPath); check --filter, --tag and --skip-kind")
        case .selfCheckFailed(let ids):
            Terminal.printError("Error: \(ids.count) meta case(s) failed (\(ids.prefix(5).joined(separator: ", "))): conform's own counting, "
                                + "judging or reporting is wrong, so this run's totals cannot be trusted")
        default:
            break
        }
        return decision.exitCode
    }

    static func printSummary(info: RunInfo, failing: [String], resultsPath: String, recorded: Bool) {
        let totals = info.totals
        if info.interrupted {
            print(Terminal.paint("Interrupted: partial results for \(totals.cases) finished case(s) were written.", .yellow))
        }
        let shard = info.shard.map { " (shard \($0))" } ?? ""
        var line = "\(totals.cases) case(s)\(shard): " + Terminal.paint("\(totals.passed) passed", .green)
        line += ", " + (totals.failed > 0 ? Terminal.paint("\(totals.failed) failed", .red) : "0 failed")
        line += ", " + (totals.errors > 0 ? Terminal.paint("\(totals.errors) error(s)", .red) : "0 errors")
        if let seconds = info.durationSeconds { line += String(format: " in %.1f s", seconds) }
        print(line)
        if let baseline = info.baseline {
            print("baseline: \(baseline.newFailures.count) new failure(s), \(baseline.stillFailing.count) still failing, \(baseline.fixed.count) fixed")
            for id in baseline.newFailures.prefix(50) { print("  new: \(id)") }
            if !baseline.fixed.isEmpty { print("  fixed cases can be dropped from the baseline: conform baseline \(resultsPath)") }
        } else if !failing.isEmpty {
            print("not passing:")
            for id in failing.prefix(50) { print("  \(id)") }
            if failing.count > 50 { print("  … and \(failing.count - 50) more (see \(resultsPath))") }
        }
        if recorded { print("golden snapshots recorded beside the cases; review them with git diff") }
        print("results: \(resultsPath)")
    }

    /// Ctrl-C stops scheduling cases; the run then writes partial results. A second Ctrl-C exits at once.
    static func installInterruptHandler(_ control: RunControl) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let first = FirstInterrupt()
        source.setEventHandler {
            // One Ctrl-C may arrive twice (from the terminal and forwarded by the supervisor); only a
            // second press half a second later quits at once.
            if let at = first.time {
                if ContinuousClock.now - at > .milliseconds(500) { exit(130) }
                return
            }
            first.time = ContinuousClock.now
            control.cancel()
            Terminal.printError("\nInterrupted: finishing the cases in progress, then writing partial results (Ctrl-C again to quit now).")
        }
        source.resume()
        return source
    }
}

/// The ids of passed cases, kept only when a baseline needs them (to tell which failures were fixed).
final class PassingCollector: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var passed: [String] = []

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func add(_ result: CaseResult) {
        guard enabled, result.status == .passed else { return }
        lock.withLock { passed.append(result.id) }
    }

    var ids: [String] { lock.withLock { passed } }
}

/// The time of the first Ctrl-C, shared with the signal handler.
final class FirstInterrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var value: ContinuousClock.Instant?

    var time: ContinuousClock.Instant? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
