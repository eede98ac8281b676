import ConformCore
import Foundation

/// One option as a command's `--help` describes it, in the layout every command shares:
///
///     OPTIONS:
///       -o, --output <dir>      Folder for the report files. (default: Reports)
///       --format <format>       Output format. (values: text, json, sarif;
///                               default: text)
struct HelpOption: Equatable {
    /// Its spellings, short first (`-o`, `--output`).
    var names: [String]
    /// The value's placeholder without its brackets (`dir` for `<dir>`); `nil` for a flag.
    var placeholder: String?
    /// The description, its lines joined with single spaces.
    var description: String

    /// The values listed in the description's `(values: a, b, c; default: …)`.
    var values: [String] {
        guard let start = description.range(of: "(values: ") else { return [] }
        let list = description[start.upperBound...].prefix { $0 != ";" && $0 != ")" }
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The description's first sentence, without the parenthesised lists: what a completion menu shows.
    var summary: String {
        var text = description
        if let paren = text.range(of: " (values:") ?? text.range(of: " (default:") { text = String(text[..<paren.lowerBound]) }
        if let stop = text.range(of: ". ") { text = String(text[..<stop.lowerBound]) }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The options of a help text's OPTIONS section, in order.
    static func options(inHelp help: String) -> [HelpOption] {
        var options: [HelpOption] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "OPTIONS:" { inSection = true; continue }
            guard inSection else { continue }
            // A line at the margin starts the next section.
            if let first = line.first, first != " " { break }
            if line.hasPrefix("  -") && !line.hasPrefix("   ") {
                options.append(parseOptionLine(line.dropFirst(2)))
            } else if line.hasPrefix("    "), !options.isEmpty {
                let more = line.trimmingCharacters(in: .whitespaces)
                options[options.count - 1].description += options[options.count - 1].description.isEmpty ? more : " " + more
            }
        }
        return options
    }

    /// `-o, --output <dir>      Folder …`: the spellings, the placeholder, and the description's start.
    private static func parseOptionLine(_ line: Substring) -> HelpOption {
        // The spellings and placeholder end at the first run of two spaces (or the line's end).
        let head: Substring, rest: Substring
        if let gap = line.range(of: "  ") {
            head = line[..<gap.lowerBound]
            rest = line[gap.upperBound...]
        } else {
            head = line
            rest = ""
        }
        var names: [String] = []
        var placeholder: String?
        for part in head.split(separator: ",") {
            let words = part.split(separator: " ")
            guard let name = words.first else { continue }
            names.append(String(name))
            if let value = words.dropFirst().first, value.hasPrefix("<"), value.hasSuffix(">") {
                placeholder = String(value.dropFirst().dropLast())
            }
        }
        return HelpOption(names: names, placeholder: placeholder, description: rest.trimmingCharacters(in: .whitespaces))
    }
}

/// The shell completion scripts: subcommands, each command's options with their values, rule ids where a
/// rule id goes, and files elsewhere. Made from the subcommand registry (the options each command's scanner
/// takes) and the help texts (descriptions and value lists), so a new option is offered as soon as it exists.
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// What completes a value or a positional argument.
    enum Completion: Equatable {
        /// These words.
        case words([String])
        /// Rule ids.
        case ruleIDs
        /// Subcommand names.
        case subcommands
        /// Shell names.
        case shells
        /// Paths (the shell's own file completion).
        case files
        /// Folders.
        case directories
        /// Nothing to offer (a number, a time, a free string).
        case none
    }

    struct Option: Equatable {
        var names: [String]
        /// `nil` for a flag.
        var value: Completion?
        var summary: String
    }

    struct Command: Equatable {
        var name: String
        var summary: String
        var options: [Option]
        var positional: Completion
    }

    /// Every listed subcommand, then `help`, with what completes their options and arguments.
    static func commands() -> [Command] {
        var commands = Subcommands.listed.map(command(for:))
        commands.append(Command(name: "help", summary: "Show the help of a subcommand.", options: [], positional: .subcommands))
        commands.append(Command(name: "version", summary: "Print the version.", options: [], positional: .none))
        return commands
    }

    static func command(for type: any Subcommand.Type) -> Command {
        let described = HelpOption.options(inHelp: type.help)
        var options: [Option] = []
        // The scanner's options, in the help's order; any the help does not describe follow, sorted.
        var accepted = type.valueOptions.union(type.flagOptions)
        for help in described {
            let names = help.names.filter { accepted.contains($0) || $0 == "-h" || $0 == "--help" }
            guard !names.isEmpty else { continue }
            accepted.subtract(names)
            let takesValue = names.contains { type.valueOptions.contains($0) }
            options.append(Option(names: names, value: takesValue ? valueCompletion(names, help) : nil, summary: help.summary))
        }
        for name in accepted.sorted() {
            options.append(Option(names: [name], value: type.valueOptions.contains(name) ? Completion.none : nil, summary: ""))
        }
        let positional: Completion
        switch type.name {
        case ExplainCommand.name, RulesCommand.name: positional = .ruleIDs
        case CompletionsCommand.name: positional = .shells
        case SchemaCommand.name: positional = .none
        default: positional = .files
        }
        return Command(name: type.name, summary: type.summary, options: options, positional: positional)
    }

    private static func valueCompletion(_ names: [String], _ help: HelpOption) -> Completion {
        if names.contains("--rule") { return .ruleIDs }
        if !help.values.isEmpty { return .words(help.values) }
        switch help.placeholder ?? "" {
        case "file", "path": return .files
        case "dir", "folder": return .directories
        default: return .none
        }
    }

    static func script(for shell: Shell) -> String {
        let commands = commands()
        let ruleIDs = RuleCatalog.all.map(\.id)
        switch shell {
        case .bash: return bash(commands, ruleIDs: ruleIDs, header: bashHeader)
        case .zsh: return zsh(commands, ruleIDs: ruleIDs)
        case .fish: return fish(commands, rules: RuleCatalog.all)
        }
    }

    // MARK: bash (and zsh, through its bash completion layer)

    private static let bashHeader = """
        # bash completion for conform.
        # Load it in the current shell:   source <(conform completions bash)
        # or for every shell:             conform completions bash > ~/.local/share/bash-completion/completions/conform

        """

    /// The words of `completion` as a bash expression for `compgen -W`, or `nil` when the shell's own file
    /// completion (or nothing) should answer.
    private static func bashWords(_ completion: Completion) -> String? {
        switch completion {
        case .words(let words): return "\"\(words.joined(separator: " "))\""
        case .ruleIDs: return "\"$_conform_rule_ids\""
        case .subcommands: return "\"$_conform_subcommands\""
        case .shells: return "\"\(Shell.allCases.map(\.rawValue).joined(separator: " "))\""
        case .files, .directories, .none: return nil
        }
    }

    static func bash(_ commands: [Command], ruleIDs: [String], header: String) -> String {
        var out = header
        out += "_conform_subcommands='\(commands.map(\.name).joined(separator: " "))'\n"
        out += "_conform_rule_ids='\(ruleIDs.joined(separator: " "))'\n\n"
        out += """
            _conform() {
                local cur prev sub eq=0
                cur=${COMP_WORDS[COMP_CWORD]}
                prev=${COMP_WORDS[COMP_CWORD-1]}
                COMPREPLY=()
                # --option=value: the shell splits the word at '='.
                if [ "$cur" = "=" ]; then cur=; eq=1; elif [ "$prev" = "=" ]; then eq=2; fi
                if [ "$eq" -gt 0 ]; then
                    prev=${COMP_WORDS[COMP_CWORD-eq]}
                    # --rule ID=setting
                    if [ $((COMP_CWORD-eq-1)) -ge 0 ] && [ "${COMP_WORDS[COMP_CWORD-eq-1]}" = "--rule" ]; then
                        COMPREPLY=( $(compgen -W "off info warning error" -- "$cur") )
                        return 0
                    fi
                fi
                if [ "$COMP_CWORD" -le 1 ]; then
                    COMPREPLY=( $(compgen -W "$_conform_subcommands" -- "$cur") )
                    return 0
                fi
                sub=${COMP_WORDS[1]}
                case "$sub" in

            """
        for command in commands {
            out += "    \(command.name))\n"
            let valued = command.options.filter { $0.value != nil }
            if !valued.isEmpty {
                out += "        case \"$prev\" in\n"
                for option in valued {
                    let pattern = option.names.joined(separator: "|")
                    if let words = option.value.flatMap(bashWords) {
                        out += "        \(pattern)) COMPREPLY=( $(compgen -W \(words) -- \"$cur\") ); return 0 ;;\n"
                    } else if option.value == .directories {
                        out += "        \(pattern)) COMPREPLY=( $(compgen -d -- \"$cur\") ); return 0 ;;\n"
                    } else {
                        out += "        \(pattern)) return 0 ;;\n"
                    }
                }
                out += "        esac\n"
            }
            let names = command.options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["-h", "--help"]
            let unique = names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            out += "        case \"$cur\" in\n"
            out += "        -*) COMPREPLY=( $(compgen -W \"\(unique.joined(separator: " "))\" -- \"$cur\") ); return 0 ;;\n"
            out += "        esac\n"
            if let words = bashWords(command.positional) {
                out += "        COMPREPLY=( $(compgen -W \(words) -- \"$cur\") )\n"
            }
            out += "        ;;\n"
        }
        out += """
                esac
                return 0
            }
            complete -o default -F _conform conform

            """
        return out
    }

    static func zsh(_ commands: [Command], ruleIDs: [String]) -> String {
        let header = """
            # zsh completion for conform, through zsh's bash completion layer.
            # Load it after compinit in ~/.zshrc:   source <(conform completions zsh)
            (( $+functions[compdef] )) || { autoload -U +X compinit && compinit; }
            autoload -U +X bashcompinit && bashcompinit

            """
        return bash(commands, ruleIDs: ruleIDs, header: header)
    }

    // MARK: fish

    /// `text` in fish's single quotes.
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static func fish(_ commands: [Command], rules: [RuleDescription]) -> String {
        var out = """
            # fish completion for conform.
            # Load it in the current shell:   conform completions fish | source
            # or for every shell:             conform completions fish > ~/.config/fish/completions/conform.fish
            complete -c conform -e

            """
        // Rule ids with their summaries (fish shows them beside each id), from one function.
        out += "function __conform_rule_ids\n"
        for rule in rules {
            out += "    printf '%s\\t%s\\n' \(rule.id) \(fishQuoted(rule.summary))\n"
        }
        out += "end\n"
        let ids = "'(__conform_rule_ids)'"
        func words(_ completion: Completion) -> String? {
            switch completion {
            case .words(let words): return fishQuoted(words.joined(separator: " "))
            case .ruleIDs: return ids
            case .subcommands: return fishQuoted(commands.map(\.name).joined(separator: " "))
            case .shells: return fishQuoted(Shell.allCases.map(\.rawValue).joined(separator: " "))
            case .files, .directories, .none: return nil
            }
        }
        for command in commands {
            out += "complete -c conform -n __fish_use_subcommand -f -a \(command.name) -d \(fishQuoted(command.summary))\n"
        }
        for command in commands {
            let condition = "-n \(fishQuoted("__fish_seen_subcommand_from \(command.name)"))"
            for option in command.options {
                var spec = "complete -c conform \(condition)"
                for name in option.names {
                    spec += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                switch option.value {
                case nil: break
                case .files?: spec += " -r -F"
                case .directories?: spec += " -x -a '(__fish_complete_directories)'"
                case let value?: spec += " -x" + (words(value).map { " -a \($0)" } ?? "")
                }
                if !option.summary.isEmpty { spec += " -d \(fishQuoted(option.summary))" }
                out += spec + "\n"
            }
            if !command.options.contains(where: { $0.names.contains("--help") }) {
                out += "complete -c conform \(condition) -s h -l help -d 'Show this help'\n"
            }
            switch command.positional {
            case .files: break
            case .directories: out += "complete -c conform \(condition) -x -a '(__fish_complete_directories)'\n"
            case .none: out += "complete -c conform \(condition) -f\n"
            default: out += "complete -c conform \(condition) -f -a \(words(command.positional) ?? "''")\n"
            }
        }
        return out
    }
}
