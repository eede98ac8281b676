import ConformCore
import Reports

/// The `--format` of the commands that check inputs one by one (`check`, `params`): their own text or JSON,
/// or one of the findings formats for CI tools.
enum OutputFormat: Hashable {
    case text
    case json
    case findings(FindingsFormat)

    /// Every spelling, in the order help texts list them.
    static let names = ["text", "json"] + FindingsFormat.allCases.map(\.rawValue)

    /// The format spelt `name` (`text` when none is given).
    static func parse(_ name: String?, command: String, usage: String) throws(UsageError) -> OutputFormat {
        switch name ?? "text" {
        case "text": return .text
        case "json": return .json
        case let other:
            guard let format = try? FindingsFormat(name: other) else {
                throw UsageError(message: "unknown format '\(other)' (values: \(names.joined(separator: ", ")))", command: command, usage: usage)
            }
            return .findings(format)
        }
    }

    var name: String {
        switch self {
        case .text: "text"
        case .json: "json"
        case .findings(let format): format.rawValue
        }
    }

    /// Prints `findings` in `format` to standard output; returns an exit code when they could not be written.
    /// `command` and `noun` name the command and what it checks (`check`, `input`).
    static func print(_ format: FindingsFormat, _ findings: [FindingsOutput.Input], threshold: Severity,
                      command: String, noun: String) -> Int32? {
        do {
            Swift.print(try format.render(findings, threshold: threshold, rules: RuleCatalog.all, version: ConformInfo.version,
                                          command: command, noun: noun), terminator: "")
        } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
        return nil
    }
}
