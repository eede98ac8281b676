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
