/// `conform completions SHELL`: the shell completion script, printed for the shell to load.
enum CompletionsCommand: Subcommand {
    static let name = "completions"
    static let summary = "Print the shell completion script for bash, zsh or fish."
    static let usage = "conform completions <shell>"
    static let help = """
        OVERVIEW: Print the completion script for a shell: Tab then completes subcommands, options, option
        values (formats, severities, profiles, players), rule ids after explain, rules and --rule, and
        --rule ID=setting; file names elsewhere.

        USAGE: \(usage)

        ARGUMENTS:
          <shell>                 bash, zsh or fish.

        OPTIONS:
          -h, --help              Show this help.

        To load it in the current shell:
          bash:  source <(conform completions bash)
          zsh:   source <(conform completions zsh)        (after compinit, e.g. in ~/.zshrc)
          fish:  conform completions fish | source
        To load it in every new shell:
          bash:  conform completions bash > ~/.local/share/bash-completion/completions/conform
          fish:  conform completions fish > ~/.config/fish/completions/conform.fish
        The script lists the rules of this build of conform: write it again after an upgrade.

        EXIT CODES:
          0  the script was printed                64 bad usage
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: name, usage: usage)
        } catch { return error.report() }
        let shells = CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard scanner.positionals.count == 1, let raw = scanner.positionals.first else {
            let message = scanner.positionals.isEmpty ? "name a shell (\(shells))" : "name one shell (\(shells))"
            return UsageError(message: message, command: name, usage: usage).report()
        }
        guard let shell = CompletionScript.Shell(rawValue: raw.lowercased()) else {
            return UsageError(message: "unknown shell '\(raw)' (values: \(shells))", command: name, usage: usage).report()
        }
        print(CompletionScript.script(for: shell), terminator: "")
        return ExitCode.success
    }
}
