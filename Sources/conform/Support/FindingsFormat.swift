import ConformCore
import Reports

/// The formats for CI that `check` and `params` share (``FindingsOutput``): their names and their printing.
enum FindingsFormat {
    static let names = ["sarif", "github", "junit", "markdown", "codequality", "html"]

    /// Prints `findings` in `format` (one of ``names``) to standard output; returns an exit code when they
    /// could not be written. `command` and `noun` name the command and what it checks (`check`, `input`).
    static func print(_ format: String, _ findings: [FindingsOutput.Input], threshold: Severity,
                      command: String, noun: String) -> Int32? {
        switch format {
        case "sarif":
            do {
                Swift.print(try FindingsOutput.sarif(findings, rules: RuleCatalog.all, version: ConformInfo.version), terminator: "")
            } catch {
                Terminal.printError("Error: \(error)")
                return ExitCode.cannotProceed
            }
        case "codequality":
            do {
                Swift.print(try FindingsOutput.codeQuality(findings), terminator: "")
            } catch {
                Terminal.printError("Error: \(error)")
                return ExitCode.cannotProceed
            }
        case "github":
            Swift.print(FindingsOutput.githubAnnotations(findings, command: command, noun: noun), terminator: "")
        case "html":
            Swift.print(FindingsOutput.html(findings, threshold: threshold, command: command, noun: noun), terminator: "")
        case "markdown":
            Swift.print(FindingsOutput.markdown(findings, threshold: threshold, command: command, noun: noun), terminator: "")
        default:
            Swift.print(FindingsOutput.junit(findings, threshold: threshold, command: command, noun: noun), terminator: "")
        }
        return nil
    }
}
