import ConformCore
import Foundation
import Validation

/// `conform rules`: list every rule, as a table, JSON or the Markdown reference (`Docs/Rules.md`).
enum RulesCommand: Subcommand {
    static let name = "rules"
    static let summary = "List every rule (text, JSON, or the Markdown reference Docs/Rules.md)."
    static let valueOptions: Set<String> = ["--format"]
    static let flagOptions: Set<String> = []
    static let usage = "conform rules [--format text|json|markdown] [<id|pattern>...]"
    static let help = """
        OVERVIEW: List every rule conform checks: id, severity, VAST versions and summary.

        The Markdown format is the rule reference committed as Docs/Rules.md; regenerate it with
          \(RuleDocumentation.regenerateCommand)

        USAGE: \(usage)

        ARGUMENTS:
          <id|pattern>            List only these rules: ids, or patterns where * stands for any run of
                                  characters, as --rule and .conform.json take them (default: every rule).

        OPTIONS:
          --format <format>       Output format. (values: text, json, markdown; default: text)
          -h, --help              Show this help.

        EXIT CODES:
          0  the list was printed                  64 bad usage

        EXAMPLES:
          conform rules
          conform rules --format json | jq '.[] | select(.severity == "error") | .id'
          conform rules 'VAST-*-url-*' 'PROFILE-pause-*'     # what a pattern would set
          conform rules --format markdown > Docs/Rules.md
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "rules", usage: usage)
        } catch { return error.report() }
        var descriptions = RuleCatalog.all
        // A former id of a renamed rule names the rule, as `--rule` and `.conform.json` take it.
        let ids = Set(descriptions.map(\.id))
        let patterns = scanner.positionals.map { pattern in
            guard let current = RuleCatalog.aliases[pattern], !ids.contains(pattern) else { return pattern }
            Terminal.printError("note: \(pattern) is the former id of \(current)")
            return current
        }
        // Ids and patterns: the rules they name, as `--rule` and `.conform.json` would set them.
        for pattern in patterns {
            guard descriptions.contains(where: { Configuration.matches(pattern, $0.id) }) else {
                let close = Configuration.isPattern(pattern) ? [] : RuleDocumentation.suggestions(for: pattern, in: descriptions.map(\.id))
                let hint = close.isEmpty ? "run 'conform rules' for the list" : "did you mean \(close.joined(separator: ", "))?"
                return UsageError(message: "'\(pattern)' names no rule; \(hint)", command: "rules", usage: usage).report()
            }
        }
        if !patterns.isEmpty {
            descriptions = descriptions.filter { description in patterns.contains { Configuration.matches($0, description.id) } }
        }
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
