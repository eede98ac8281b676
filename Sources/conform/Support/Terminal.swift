import ConformCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output helpers for the command-line front. Colour on a terminal, or anywhere with FORCE_COLOR (for CI
/// logs that render colours); never with NO_COLOR (set and not empty, as no-color.org has it) or TERM=dumb.
enum Terminal {
    static let stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    static let stderrIsTTY = isatty(STDERR_FILENO) == 1
    static let colorEnabled = wantsColor(environment: ProcessInfo.processInfo.environment, isTerminal: stdoutIsTTY)

    /// Whether output in these conditions is coloured.
    static func wantsColor(environment: [String: String], isTerminal: Bool) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0", force != "false" { return true }
        return isTerminal
    }

    enum Style: String {
        case red = "31", yellow = "33", blue = "34", green = "32", bold = "1", dim = "2", cyan = "36"
    }

    static func paint(_ text: String, _ style: Style) -> String {
        colorEnabled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// Exit codes shared by all commands.
enum ExitCode {
    static let success: Int32 = 0
    static let findings: Int32 = 1
    static let cannotProceed: Int32 = 2
    static let usage: Int32 = 64
}

/// A usage error: printed as `Error: …`, the usage line and a pointer to `--help`, exit 64.
struct UsageError: Error {
    let message: String
    let command: String
    let usage: String

    func report() -> Int32 {
        Terminal.printError("Error: \(message)\nUsage: \(usage)\nSee 'conform \(command) --help' for more information.")
        return ExitCode.usage
    }
}

/// A tiny argument scanner: flags, options with values (`--x V` or `--x=V`) and positionals.
struct ArgumentScanner {
    private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - valueOptions: options that take a value (long or short spellings).
    ///   - flagOptions: options that take none.
    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>, command: String, usage: String) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    options[name, default: []].append(inlineValue)
                } else {
                    guard i < arguments.count else {
                        throw UsageError(message: "option \(name) needs a value", command: command, usage: usage)
                    }
                    options[name, default: []].append(arguments[i])
                    i += 1
                }
            } else if flagOptions.contains(name) {
                flags.insert(name)
            } else {
                let close = Self.suggestions(for: name, among: valueOptions.union(flagOptions))
                let hint = close.isEmpty ? "" : "; did you mean \(close.joined(separator: " or "))?"
                throw UsageError(message: "unknown option '\(argument)'\(hint)", command: command, usage: usage)
            }
        }
    }

    /// The long options `name` may have been meant as (see ``closestNames(to:among:)``).
    static func suggestions(for name: String, among options: Set<String>) -> [String] {
        guard name.hasPrefix("--"), name.count > 3 else { return [] }
        return closestNames(to: name, among: options.filter { $0.hasPrefix("--") })
    }

    func flag(_ names: String...) -> Bool { names.contains { flags.contains($0) } }
    func value(_ names: String...) -> String? { names.lazy.compactMap { self.options[$0]?.last }.first }
    func values(_ names: String...) -> [String] { names.flatMap { self.options[$0] ?? [] } }

    /// The lowest severity that fails the command: `--severity-threshold` (error by default), lowered to
    /// warning by `--strict`.
    func severityThreshold(command: String, usage: String) throws(UsageError) -> Severity {
        var threshold = Severity.error
        if let raw = value("--severity-threshold") {
            guard let parsed = Severity(rawValue: raw) else {
                throw UsageError(message: "unknown severity '\(raw)' (values: info, warning, error)", command: command, usage: usage)
            }
            threshold = parsed
        }
        return flag("--strict") ? min(threshold, .warning) : threshold
    }
}

/// The names `typed` may have been meant as: those it starts (`--out` for `--output`) and those within two
/// edits of it (`--stirct`), closest first, at most two. Case does not count.
func closestNames(to typed: String, among names: some Sequence<String>) -> [String] {
    let typed = typed.lowercased()
    let scored = names.compactMap { name -> (score: Int, name: String)? in
        if name.hasPrefix(typed) { return (0, name) }
        let distance = typed.editDistance(to: name)
        return distance <= 2 ? (distance, name) : nil
    }
    return scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(2).map(\.name)
}

/// JSON as every command prints it: pretty, sorted keys, no escaped slashes.
func encodeJSON<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
}

/// A JSON array written to standard output one element at a time, as ``encodeJSON(_:)`` writes the whole
/// array (pretty-printed, keys sorted), so that a long run holds no more than the element at hand.
struct JSONArrayStream {
    private var count = 0

    mutating func append<T: Encodable>(_ element: T) {
        let indented = encodeJSON(element).split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        print(count == 0 ? "[\n" + indented : ",\n" + indented, terminator: "")
        count += 1
    }

    /// Closes the array (an empty one as the encoder writes it).
    func finish() {
        print(count == 0 ? encodeJSON([String]()) : "\n]")
    }
}
