import Conformance
import Foundation

/// Progress of a corpus run on standard error: a redrawn bar on a terminal, sparse plain lines in
/// CI logs (`CI=true` or stderr not a terminal), nothing with `--quiet`.
final class ProgressDisplay: @unchecked Sendable {
    enum Mode { case bar, lines, none }

    let mode: Mode
    private let lock = NSLock()
    private var lastDraw = ContinuousClock.now
    private var lastTenth = 0
    private var drawn = false

    init(quiet: Bool) {
        if quiet {
            mode = .none
        } else if Terminal.stderrIsTTY && ProcessInfo.processInfo.environment["CI"] == nil {
            mode = .bar
        } else {
            mode = .lines
        }
    }

    func update(_ progress: RunProgress) {
        lock.lock()
        defer { lock.unlock() }
        switch mode {
        case .none:
            return
        case .lines:
            if let last = progress.last, last.status != .passed {
                Terminal.printError("\(last.status == .error ? "ERROR" : "FAIL ") \(last.id): \(Self.reason(last))")
            }
            let tenth = progress.total == 0 ? 10 : progress.done * 10 / progress.total
            if tenth > lastTenth {
                lastTenth = tenth
                Terminal.printError("conform run: \(progress.done)/\(progress.total) cases (\(progress.totals.failed) failed, \(progress.totals.errors) errors)")
            }
        case .bar:
            let now = ContinuousClock.now
            guard progress.done == progress.total || now - lastDraw > .milliseconds(80) else { return }
            lastDraw = now
            let width = 30
            let filled = progress.total == 0 ? width : progress.done * width / progress.total
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let percent = progress.total == 0 ? 100 : progress.done * 100 / progress.total
            var line = "\r\u{1B}[K\(bar) \(progress.done)/\(progress.total) \(percent)%"
            let bad = progress.totals.failed + progress.totals.errors
            if bad > 0 {
                line += ProcessInfo.processInfo.environment["NO_COLOR"] == nil ? "  \u{1B}[31m✗ \(bad)\u{1B}[0m" : "  ✗ \(bad)"
            }
            FileHandle.standardError.write(Data(line.utf8))
            drawn = true
        }
    }

    /// Clears the bar so the summary starts on a clean line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }

    /// The first reason a case did not pass, in one line.
    static func reason(_ result: CaseResult) -> String {
        if let message = result.errorMessage { return message }
        guard let first = result.unmet.first else { return result.actualVerdict }
        let more = result.unmet.count > 1 ? " (+\(result.unmet.count - 1) more)" : ""
        let actual = first.actual.split(separator: "\n").prefix(3).joined(separator: "; ")
        return "expected \(first.expected), got \(actual)\(more)"
    }
}

/// Progress of a sweep of many inputs (`check --follow` over a list) on standard error: a redrawn line on a
/// terminal (done, in flight, failed), a plain line at each tenth in CI logs, nothing when quiet.
final class SweepProgress: @unchecked Sendable {
    private let total: Int
    private let mode: ProgressDisplay.Mode
    private let lock = NSLock()
    private var running = 0, done = 0, failed = 0, lastTenth = 0
    private var lastDraw = ContinuousClock.now

    init(total: Int, quiet: Bool) {
        self.total = total
        mode = ProgressDisplay(quiet: quiet).mode
    }

    private var drawn = false

    func started() { lock.withLock { running += 1 } }

    /// Clears the drawn line before an input's output is written below it.
    func clear() {
        lock.withLock {
            guard drawn else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
            drawn = false
        }
    }
    func finished() { lock.withLock { running -= 1 } }

    /// One input's output was written; `failed` when it had findings at the threshold or could not be read.
    func delivered(failed isFailure: Bool) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if isFailure { failed += 1 }
        switch mode {
        case .none: return
        case .lines:
            let tenth = done * 10 / max(1, total)
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            Terminal.printError("conform check: \(done)/\(total) inputs (\(running) in flight, \(failed) failed)")
        case .bar:
            let now = ContinuousClock.now
            guard done == total || now - lastDraw > .milliseconds(100) else { return }
            lastDraw = now
            FileHandle.standardError.write(Data("\r\u{1B}[K\(done)/\(total) inputs, \(running) in flight, \(failed) failed".utf8))
            drawn = true
        }
    }

    func finish() { clear() }
}
