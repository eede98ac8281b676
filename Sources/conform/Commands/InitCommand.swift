import ConformCore
import Foundation
import Reports
import VAST
import XMLCore
import Validation

/// `conform init`: writes a starting `.conform.json`; with `--adopt`, one under which the project's tags pass
/// the check today, every finding still shown, so a team can gate CI from the first day and tighten rule by rule.
enum InitCommand: Subcommand {
    static let name = "init"
    static let summary = "Write a starting .conform.json; --adopt sets it so the project's tags pass today."
    static let valueOptions: Set<String> = ["-o", "--output", "--severity-threshold"]
    static let flagOptions: Set<String> = ["--adopt", "--strict", "--schema", "--force"]
    static let usage = "conform init [--adopt <file|folder>...] [--strict] [--schema] [--force] [-o FILE]"
    static let help = """
        OVERVIEW: Write a starting .conform.json. Every setting is written with its default, so the file
        shows what can be set; see README, Configuration.

        With --adopt, the tags given are checked first, and each rule that reports at or above the
        threshold on them is set one level below it (error findings become warnings; with --strict,
        warnings become info): `conform check` on those tags passes from the first day and still shows
        every finding. Remove a rule's line once its findings are fixed, and the gate holds it again.

        USAGE: \(usage)

        OPTIONS:
          --adopt                 Check the files and folders given (every .xml, .vast and .vmap file under
                                  a folder) and set the rules that fail them below the threshold.
          --strict                The gate the project runs is `conform check --strict`: warnings fail it
                                  too (same as --severity-threshold warning).
          --severity-threshold <severity>
                                  Lowest severity the project's gate fails on. (values: warning, error;
                                  default: error)
          --schema                Also write conform.schema.json beside the file and point the file's
                                  "$schema" at it, so editors complete rule ids and flag misspelt keys.
          --force                 Overwrite the files if they exist.
          -o, --output <file>     Where to write the configuration. (default: .conform.json)
          -h, --help              Show this help.

        EXIT CODES:
          0  the file was written                  2  a file exists (without --force), a tag could not
                                                      be read, or the file could not be written
          64 bad usage

        EXAMPLES:
          conform init
          conform init --schema
          conform init --adopt ad-tags/
          conform init --adopt --strict ad-tags/ vmap/playlist.vmap
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        let threshold: Severity
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "init", usage: usage)
            threshold = try scanner.severityThreshold(command: "init", usage: usage)
        } catch { return error.report() }
        guard threshold > .info else {
            return UsageError(message: "a gate at info fails on every finding; adopting it would switch rules off (values: warning, error)",
                              command: "init", usage: usage).report()
        }
        let adopt = scanner.flag("--adopt")
        if adopt, scanner.positionals.isEmpty {
            return UsageError(message: "--adopt needs the tags to check: files or folders", command: "init", usage: usage).report()
        }
        if !adopt, let first = scanner.positionals.first {
            return UsageError(message: "unexpected argument '\(first)'; to set the rules from tags, add --adopt", command: "init", usage: usage).report()
        }
        let output = URL(fileURLWithPath: scanner.value("-o", "--output") ?? ".conform.json")
        let schemaURL = output.deletingLastPathComponent().appendingPathComponent("conform.schema.json")
        let force = scanner.flag("--force")
        if let problem = OutputPath.fileProblem(output.path) {
            Terminal.printError("Error: \(problem)")
            return ExitCode.cannotProceed
        }
        for url in [output] + (scanner.flag("--schema") ? [schemaURL] : []) where !force && FileManager.default.fileExists(atPath: url.path) {
            Terminal.printError("Error: \(url.path) exists; --force overwrites it")
            return ExitCode.cannotProceed
        }

        var adoption: Adoption?
        if adopt {
            let (inputs, folderErrors) = InputReader.expandFolders(scanner.positionals)
            var failed = !folderErrors.isEmpty
            for error in folderErrors { Terminal.printError("Error: \(error)") }
            var found = Adoption(threshold: threshold)
            for name in inputs {
                do {
                    let data = try InputReader.read(name, maxBytes: XMLParseOptions.default.maxBytes)
                    found.add(Validator.validate(VASTDecoder.decode(data)))
                } catch {
                    Terminal.printError("Error: \(error)")
                    failed = true
                }
            }
            if failed {
                Terminal.printError("Error: nothing written: a setting made without every tag might not let the gate pass")
                return ExitCode.cannotProceed
            }
            adoption = found
        }

        let settings = adoption?.settings ?? [:]
        let text = file(rules: settings, schema: scanner.flag("--schema") ? "./conform.schema.json" : nil)
        do {
            if scanner.flag("--schema") { try ReportWriter.writeAtomically(SchemaCommand.schema(), to: schemaURL) }
            try ReportWriter.writeAtomically(text, to: output)
        } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
        print(summary(adoption, output: scanner.value("-o", "--output") ?? ".conform.json", tags: scanner.positionals, strict: threshold == .warning))
        return ExitCode.success
    }

    /// What adopting a set of tags found: per rule, its findings at or above the threshold and the tags they are in.
    struct Adoption {
        let threshold: Severity
        var tags = 0
        var failingTags = 0
        var findings: [String: (count: Int, tags: Int)] = [:]

        init(threshold: Severity) { self.threshold = threshold }

        mutating func add(_ diagnostics: [Diagnostic]) {
            tags += 1
            let failing = diagnostics.filter { $0.severity >= threshold }
            if !failing.isEmpty { failingTags += 1 }
            var seen = Set<String>()
            for diagnostic in failing {
                let first = seen.insert(diagnostic.ruleID).inserted
                let current = findings[diagnostic.ruleID] ?? (0, 0)
                findings[diagnostic.ruleID] = (current.count + 1, current.tags + (first ? 1 : 0))
            }
        }

        /// The severity the failing rules are set to: one level below the threshold.
        var adoptedSeverity: Severity { threshold == .error ? .warning : .info }

        var settings: [String: RuleSetting] {
            let setting: RuleSetting = adoptedSeverity == .warning ? .warning : .info
            return Dictionary(uniqueKeysWithValues: findings.keys.map { ($0, setting) })
        }
    }

    /// The file's text: every key with its default, `rules` holding `rules`, keys in the documentation's order.
    static func file(rules: [String: RuleSetting], schema: String?) -> String {
        let defaults = Configuration.default
        func list(_ items: [String]) -> String { "[" + items.map(jsonString).joined(separator: ", ") + "]" }
        var lines: [String] = []
        if let schema { lines.append("  \"$schema\": \(jsonString(schema))") }
        lines.append("  \"version\": \(defaults.version)")
        if rules.isEmpty {
            lines.append("  \"rules\": {}")
        } else {
            let entries = rules.keys.sorted().map { "    \(jsonString($0)): \(jsonString(rules[$0]!.rawValue))" }
            lines.append("  \"rules\": {\n" + entries.joined(separator: ",\n") + "\n  }")
        }
        lines.append("  \"allowedURLSchemes\": \(list(defaults.allowedURLSchemes))")
        lines.append("  \"maxWrapperDepth\": \(defaults.maxWrapperDepth)")
        lines.append("  \"customMacros\": \(list(defaults.customMacros))")
        lines.append("  \"inlineDirectives\": \(defaults.inlineDirectives)")
        lines.append("  \"overrides\": []")
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    static func summary(_ adoption: Adoption?, output: String, tags: [String], strict: Bool) -> String {
        guard let adoption else {
            return "Wrote \(output) with every setting at its default; the README's Configuration section says what each one does."
        }
        let gate = strict ? "conform check --strict" : "conform check"
        let checked = "Checked \(Numbers.count(adoption.tags, "tag")) (\(tags.joined(separator: " ")))"
        guard !adoption.findings.isEmpty else {
            return "\(checked): no finding at or above \(adoption.threshold.rawValue), nothing to adopt.\n"
                + "Wrote \(output): every setting at its default."
        }
        let total = adoption.findings.values.reduce(0) { $0 + $1.count }
        var out = "\(checked): \(Numbers.count(total, "finding")) at or above \(adoption.threshold.rawValue) in \(Numbers.count(adoption.failingTags, "tag")), "
            + "from \(Numbers.count(adoption.findings.count, "rule")).\n"
        out += "Wrote \(output) with those rules set to \(adoption.adoptedSeverity.rawValue): `\(gate)` passes on these tags now, "
            + "and shows every finding.\n"
        let width = adoption.findings.keys.map(\.count).max() ?? 0
        for (id, found) in adoption.findings.sorted(by: { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }) {
            out += "  " + id.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  \(Numbers.count(found.count, "finding")) in \(Numbers.count(found.tags, "tag"))\n"
        }
        out += "Remove a rule's line once its findings are fixed, and the gate holds it again."
        return out
    }
}
