import ConformCore
import Reports

/// The `--format` of the commands that check inputs one by one (`check`, `params`): a format of
/// ``ReportFormat/Scope/findings``.
extension ReportFormat {
    /// The findings format spelt `name` (`text` when none is given).
    static func findings(_ name: String?, command: String, usage: String) throws(UsageError) -> ReportFormat {
        do {
            return try ReportFormat(name: name ?? "text", in: .findings)
        } catch {
            throw UsageError(message: error.description, command: command, usage: usage)
        }
    }

    /// Prints `findings` in this format to standard output when it renders the findings of every input at once;
    /// returns an exit code when they could not be written. `command` and `noun` name the command and what it
    /// checks (`check`, `input`).
    func printFindings(_ findings: [FindingsOutput.Input], threshold: Severity, command: String, noun: String) -> Int32? {
        guard case .findings(let render) = renderer(in: .findings) else { return nil }
        let settings = FindingsOutput.Settings(threshold: threshold, rules: RuleCatalog.all, version: ConformInfo.version,
                                               command: command, noun: noun)
        do {
            print(try render(findings, settings), terminator: "")
        } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
        return nil
    }
}
