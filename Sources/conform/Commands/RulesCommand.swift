import ConformCore
import Foundation
import Validation

/// `conform rules`: list every rule, as a table, JSON or the Markdown reference (`Docs/Rules.md`).
enum RulesCommand {
    static let usage = "conform rules [--format text|json|markdown]"
    static let help = """
        OVERVIEW: List every rule conform checks: id, severity, VAST versions and summary.

        The Markdown format is the rule reference committed as Docs/Rules.md; regenerate it with
          \(RuleDocumentation.regenerateCommand)

        USAGE: \(usage)

        OPTIONS:
          --format <format>       Output format. (values: text, json, markdown; default: text)
          -h, --help              Show this help.

        EXIT CODES:
          0  the list was printed                  64 bad usage

        EXAMPLES:
          conform rules
          conform rules --format json | jq '.[] | select(.severity == "error") | .id'
          conform rules --format markdown > Docs/Rules.md
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: ["--format"], flagOptions: [], command: "rules", usage: usage)
        } catch { return error.report() }
        guard scanner.positionals.isEmpty else {
            return UsageError(message: "unexpected argument '\(scanner.positionals[0])'; use 'conform explain <rule-id>' for one rule",
                              command: "rules", usage: usage).report()
        }
        let descriptions = RuleCatalog.all
        switch scanner.value("--format") ?? "text" {
        case "text":
            print(RuleDocumentation.table(descriptions))
        case "json":
            print(encodeJSON(descriptions.sorted { $0.id < $1.id }))
        case "markdown":
            print(RuleDocumentation.markdown(descriptions), terminator: "")
        case let other:
            return UsageError(message: "unknown format '\(other)' (values: text, json, markdown)", command: "rules", usage: usage).report()
        }
        return ExitCode.success
    }
}
