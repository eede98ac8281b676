import ConformCore
import Foundation
import Validation

/// `conform explain RULE-ID`: what one rule checks, why, the spec's words, how to fix, and examples.
enum ExplainCommand: Subcommand {
    static let name = "explain"
    static let summary = "Explain one rule: why, the spec's words, examples, how to fix."
    static let valueOptions: Set<String> = ["--format"]
    static let flagOptions: Set<String> = []
    static let usage = "conform explain [--format text|json|markdown] <rule-id>"
    static let help = """
        OVERVIEW: Explain one rule: summary, rationale, specification quote, severity, examples and fix.

        USAGE: \(usage)

        ARGUMENTS:
          <rule-id>               A rule id as printed by 'conform check' or 'conform rules'
                                  (case-insensitive; former ids of renamed rules are accepted).

        OPTIONS:
          --format <format>       Output format. (values: text, json, markdown; default: text)
          -h, --help              Show this help.

        EXIT CODES:
          0  the rule was explained                64 bad usage or unknown rule id

        EXAMPLES:
          conform explain VAST-2.0-tracking-event-value
          conform explain --format json VAST-2.0-url-http
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "explain", usage: usage)
        } catch { return error.report() }
        guard scanner.positionals.count == 1, let query = scanner.positionals.first else {
            let message = scanner.positionals.isEmpty ? "no rule id given" : "give exactly one rule id"
            return UsageError(message: message, command: "explain", usage: usage).report()
        }
        let format = scanner.value("--format") ?? "text"
        guard ["text", "json", "markdown"].contains(format) else {
            return UsageError(message: "unknown format '\(format)' (values: text, json, markdown)", command: "explain", usage: usage).report()
        }
        let descriptions = RuleCatalog.all
        let rule = RuleCatalog.description(for: query) ?? descriptions.first {
            $0.id.lowercased() == query.lowercased() || $0.deprecatedAliases.contains { $0.lowercased() == query.lowercased() }
        }
        guard let rule else {
            let close = RuleDocumentation.suggestions(for: query, in: descriptions.map(\.id))
            let hint = close.isEmpty ? "run 'conform rules' for the list" : "did you mean \(close.joined(separator: ", "))?"
            return UsageError(message: "unknown rule id '\(query)'; \(hint)", command: "explain", usage: usage).report()
        }
        switch format {
        case "json": print(encodeJSON(rule))
        case "markdown": print(RuleDocumentation.entry(rule), terminator: "")
        default: print(RuleDocumentation.explanation(rule), terminator: "")
        }
        return ExitCode.success
    }
}
