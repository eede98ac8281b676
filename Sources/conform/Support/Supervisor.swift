import Conformance
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Environment variables between the supervising `conform run` and its worker process.
enum WorkerEnvironment {
    /// Set in the worker: run the cases here instead of supervising.
    static let worker = "CONFORM_RUN_WORKER"
    /// Keep the finished cases of `results.jsonl` and run only the others.
    static let resume = "CONFORM_RUN_RESUME"
    /// A file listing the only case ids to run (one per line), one at a time.
    static let only = "CONFORM_RUN_ONLY"
    /// Do not print the summary (an intermediate attempt).
    static let quietSummary = "CONFORM_RUN_QUIET_SUMMARY"
    /// When the supervised run started: seconds since 1970, so attempts after a crash report the
    /// whole run's start and duration.
    static let startedAt = "CONFORM_RUN_STARTED_AT"
    /// Test hook: the worker crashes when it starts a case whose id contains this text.
    static let testCrash = "CONFORM_TEST_CRASH_CASE"
}

/// `<output>/.inflight.jsonl`: one line per case as a worker starts it, already shaped as the
/// error row the supervisor writes if the worker dies while the case runs.
final class StartJournal: @unchecked Sendable {
    static let fileName = ".inflight.jsonl"

    private let url: URL
    private let handle: FileHandle
    private let lock = NSLock()
    private let encoder: JSONEncoder

    init(folder: URL) throws {
        url = folder.appendingPathComponent(Self.fileName)
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    func record(_ corpusCase: CorpusCase) {
        let row = CaseResult(
            id: corpusCase.id, suite: corpusCase.suite, kind: corpusCase.provisionalKind, status: .error,
            actualVerdict: "error", file: corpusCase.file,
            errorMessage: "conform crashed while running this case; it was isolated and the rest of the corpus ran")
        guard var line = try? encoder.encode(row) else { return }
        line.append(0x0A)
        lock.withLock { handle.write(line) }
    }

    func remove() {
        lock.withLock { try? handle.close() }
        try? FileManager.default.removeItem(at: url)
    }

    /// The rows of a journal left by a worker, first occurrence of each id.
    static func read(folder: URL) -> [CaseResult] {
        let url = folder.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else { return [] }
        var seen = Set<String>()
        return data.split(separator: 0x0A).compactMap { try? JSONDecoder().decode(CaseResult.self, from: $0) }
            .filter { seen.insert($0.id).inserted }
    }
}

/// Runs `conform run` in a worker process and survives its crashes: when the worker dies from a
/// signal, the case it was running is written as an `error` row and the run resumes without it.
/// When several cases were running at once, they are re-run one at a time to find the culprit.
enum Supervisor {
    static func run(arguments: [String], output: URL) -> Int32 {
        guard let executable = Bundle.main.executableURL ?? URL(string: "file://" + CommandLine.arguments[0]) else {
            return RunCommand.work(unsupervised: arguments)
        }
        let child = ChildBox()
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { child.interrupt() }
            source.resume()
            sources.append(source)
        }
        defer { sources.forEach { $0.cancel() } }

        try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: output.appendingPathComponent(StartJournal.fileName))
        let suspectsFile = output.appendingPathComponent(".suspects")
        let started = Date().timeIntervalSince1970
        var resume = false
        var suspects: [String]?
        var crashes = 0
        while true {
            var environment = ProcessInfo.processInfo.environment
            environment[WorkerEnvironment.worker] = "1"
            environment[WorkerEnvironment.startedAt] = String(started)
            // The Swift backtracer outlives a crashed worker and holds its pipes open, which would
            // stall the restart; a crashing case is reported by id instead (--no-isolation keeps it).
            if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
            if resume { environment[WorkerEnvironment.resume] = "1" }
            if let suspects {
                try? Data((suspects.joined(separator: "\n") + "\n").utf8).write(to: suspectsFile)
                environment[WorkerEnvironment.only] = suspectsFile.path
                environment[WorkerEnvironment.quietSummary] = "1"
            }
            let process = Process()
            process.executableURL = executable
            process.arguments = ["run"] + arguments
            process.environment = environment
            do {
                try process.run()
            } catch {
                Terminal.printError("Error: cannot start the run: \(error)")
                return ExitCode.cannotProceed
            }
            child.set(process.processIdentifier)
            process.waitUntilExit()
            child.set(nil)
            try? FileManager.default.removeItem(at: suspectsFile)

            if process.terminationReason == .exit {
                let code = process.terminationStatus
                if suspects != nil && (code == ExitCode.success || code == ExitCode.findings) {
                    // The suspects ran cleanly one by one: go on with the rest of the corpus.
                    suspects = nil
                    resume = true
                    continue
                }
                return code
            }
            if child.interrupted { return 130 }

            // The worker died from a signal.
            let signalNumber = process.terminationStatus
            let writer: ResultsWriter
            do {
                writer = try ResultsWriter(folder: output, resume: true)
            } catch {
                Terminal.printError("Error: the run crashed (signal \(signalNumber)) and its results cannot be read: \(error)")
                return ExitCode.cannotProceed
            }
            let finished = writer.resumed.ids
            let inFlight = StartJournal.read(folder: output).filter { !finished.contains($0.id) }
            try? FileManager.default.removeItem(at: output.appendingPathComponent(StartJournal.fileName))
            guard !inFlight.isEmpty else {
                writer.close()
                Terminal.printError("Error: the run crashed (signal \(signalNumber)) outside any case")
                return ExitCode.cannotProceed
            }
            if inFlight.count > 1 && suspects == nil {
                writer.close()
                Terminal.printError("conform: the run crashed (signal \(signalNumber)) with \(inFlight.count) cases running; re-running them one at a time")
                suspects = inFlight.map(\.id).sorted()
                resume = true
                continue
            }
            for var row in inFlight {
                row.errorMessage = "conform crashed (signal \(signalNumber)) while running this case; it was isolated and the rest of the corpus ran"
                writer.append(row)
                Terminal.printError("CRASH \(row.id): conform crashed (signal \(signalNumber)); continuing without this case")
            }
            writer.close()
            crashes += 1
            guard crashes <= 1000 else {
                Terminal.printError("Error: more than 1000 cases crashed conform; giving up")
                return ExitCode.cannotProceed
            }
            let done = Set(inFlight.map(\.id)).union(finished)
            suspects = suspects.map { $0.filter { !done.contains($0) } }.flatMap { $0.isEmpty ? nil : $0 }
            resume = true
        }
    }
}

/// The worker's process id, for forwarding Ctrl-C.
final class ChildBox: @unchecked Sendable {
    private let lock = NSLock()
    private var pid: pid_t?
    private var wasInterrupted = false

    func set(_ pid: pid_t?) { lock.withLock { self.pid = pid } }

    var interrupted: Bool { lock.withLock { wasInterrupted } }

    /// Forwards an interrupt to the worker, which writes partial results and exits 130.
    func interrupt() {
        lock.withLock {
            wasInterrupted = true
            if let pid { kill(pid, SIGINT) }
        }
    }
}

extension RunCommand {
    /// The in-process run, when no supervisor can be started.
    static func work(unsupervised arguments: [String]) -> Int32 {
        switch parse(arguments) {
        case .success(let invocation): work(invocation, environment: [:])
        case .failure(let exit): exit.code
        }
    }
}
