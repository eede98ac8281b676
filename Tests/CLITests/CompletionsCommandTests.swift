import Foundation
import ConformTestSupport
import Testing

/// `conform completions SHELL`: the scripts are loaded into the real shells and asked what they would
/// complete; and every command's options in the scripts (what its argument scanner takes) are held to the
/// options its `--help` describes.
@Suite(.enabled(if: CLI.binary != nil, "the conform binary was not found; run 'swift build' first"))
struct CompletionsCommandTests {
    /// The shells, where installed.
    static let bash = SystemProgram.find("bash")?.path
    static let zsh = SystemProgram.find("zsh")?.path
    static let fish = SystemProgram.find("fish")?.path

    /// Runs `program` in `shell` (with `arguments` before `-c`), after saving `script` where `$SCRIPT` points.
    static func runShell(_ shell: String, _ arguments: [String], script: String, program: String) throws -> String {
        let directory = try ConformBinary.temporaryDirectory(files: ["completion": script])
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments + ["-c", program]
        process.environment = ["SCRIPT": directory.appendingPathComponent("completion").path, "HOME": directory.path,
                               "PATH": "/usr/bin:/bin", "TERM": "dumb"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && errors.isEmpty, "\(shell): \(errors)")
        return String(decoding: data, as: UTF8.self)
    }

    /// What the bash script completes for each line (the words before the cursor, the last one being
    /// completed): one answer per line, its words sorted.
    static func bashCompletions(_ lines: [[String]], script: String) throws -> [[String]] {
        let calls = lines.map { words in
            "COMP_WORDS=(" + words.map { "'\($0)'" }.joined(separator: " ") + "); COMP_CWORD=\(words.count - 1); _conform; "
                + #"printf '%s ' "${COMPREPLY[@]}"; echo"#
        }
        let output = try runShell(try #require(Self.bash), ["--norc", "--noprofile"], script: script,
                                  program: "source \"$SCRIPT\"\n" + calls.joined(separator: "\n"))
        return output.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines.count)
            .map { $0.split(separator: " ").map(String.init).sorted() }
    }

    /// The long options a command's help lists, each with whether it takes a value (`<placeholder>`).
    static func helpOptions(_ command: String) throws -> [String: Bool] {
        let help = try CLI.run([command, "--help"]).stdout
        var options: [String: Bool] = [:]
        var inSection = false
        for line in help.split(separator: "\n") {
            if line == "OPTIONS:" { inSection = true; continue }
            if inSection, !line.hasPrefix(" ") { break }
            guard inSection, line.hasPrefix("  -"), !line.hasPrefix("   ") else { continue }
            let head = line.dropFirst(2).components(separatedBy: "  ")[0]
            for part in head.split(separator: ",") {
                let words = part.split(separator: " ")
                if let name = words.first, name.hasPrefix("--") { options[String(name)] = words.count > 1 }
            }
        }
        return options
    }

    static let subcommands = ["run", "merge", "baseline", "check", "diff", "fix", "params", "simulate", "schedule", "rules",
                              "explain", "schema", "init", "report", "completions"]

    @Test func bashCompletesSubcommandsOptionsValuesAndRuleIDs() throws {
        let script = try CLI.run(["completions", "bash"]).stdout
        let answers = try Self.bashCompletions([
            ["conform", "ch"],
            ["conform", "check", "--for"],
            ["conform", "check", "--format", "s"],
            ["conform", "check", "--format", "=", "j"],
            ["conform", "check", "--severity-threshold", ""],
            ["conform", "run", "--skip-kind", "h"],
            ["conform", "check", "--player", "i"],
            ["conform", "explain", "VAST-4.1-adservingid-p"],
            ["conform", "check", "--rule", "VAST-2.0-url-ht"],
            ["conform", "check", "--rule", "VAST-2.0-url-http", "=", "w"],
            ["conform", "help", "ex"],
            ["conform", "completions", ""],
            // Files: left to the shell's own completion (the script answers nothing).
            ["conform", "check", "ta"],
            ["conform", "check", "--config", ""],
        ], script: script)
        #expect(answers == [
            ["check"], ["--format"], ["sarif"], ["json", "junit"], ["error", "info", "warning"], ["hostile"], ["ima"],
            ["VAST-4.1-adservingid-present"], ["VAST-2.0-url-http"], ["warning"], ["explain"], ["bash", "fish", "zsh"], [], [],
        ])
        let registered = try Self.runShell(try #require(Self.bash), ["--norc", "--noprofile"], script: script,
                                           program: "source \"$SCRIPT\"; complete -p conform")
        #expect(registered == "complete -o default -F _conform conform\n")
    }

    @Test func everyCommandOffersTheOptionsItsHelpDescribes() throws {
        let script = try CLI.run(["completions", "bash"]).stdout
        // `--` lists each command's long options; after each value option, the script either offers values
        // or answers nothing (a file name or a number follows), where after a flag it goes on to the options.
        let lines = Self.subcommands.map { ["conform", $0, "--"] }
        let offered = try Self.bashCompletions(lines, script: script)
        for (command, names) in zip(Self.subcommands, offered) {
            let described = try Self.helpOptions(command)
            #expect(Set(names) == Set(described.keys).union(["--help"]), "conform \(command): completion vs --help")
            let flags = described.filter { !$0.value }.keys.sorted()
            let values = described.filter(\.value).keys.sorted()
            let afterFlags = try Self.bashCompletions(flags.map { ["conform", command, $0, "--"] }, script: script)
            for (flag, answer) in zip(flags, afterFlags) {
                #expect(!answer.isEmpty, "conform \(command) \(flag) is a flag in --help but takes a value")
            }
            let afterValues = try Self.bashCompletions(values.map { ["conform", command, $0, "--"] }, script: script)
            for (option, answer) in zip(values, afterValues) {
                #expect(answer.isEmpty, "conform \(command) \(option) takes a value in --help but is a flag")
            }
        }
    }

    @Test(.enabled(if: CompletionsCommandTests.fish != nil, "fish is not installed"))
    func fishCompletesWithDescriptions() throws {
        let fish = try #require(Self.fish)
        let script = try CLI.run(["completions", "fish"]).stdout
        let output = try Self.runShell(fish, ["--no-config"], script: script, program: """
            source $SCRIPT
            complete -C'conform ch'; echo ---
            complete -C'conform check --for'; echo ---
            complete -C'conform check --severity-threshold '; echo ---
            complete -C'conform explain VAST-4.1-adservingid-p'; echo ---
            complete -C'conform check --qu'
            """)
        let parts = output.components(separatedBy: "---\n")
        #expect(parts.count == 5)
        guard parts.count == 5 else { return }
        #expect(parts[0].hasPrefix("check\tCheck tags"))
        #expect(parts[1] == "--format\tOutput format\n")
        #expect(parts[2].split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["error", "info", "warning"])
        #expect(parts[3].hasPrefix("VAST-4.1-adservingid-present\tevery <InLine> must contain an <AdServingId>"))
        #expect(parts[4].hasPrefix("--quiet\tReport only the findings that fail the check"))
    }

    @Test(.enabled(if: CompletionsCommandTests.zsh != nil, "zsh is not installed"))
    func zshLoadsTheScriptThroughItsBashLayer() throws {
        let zsh = try #require(Self.zsh)
        let script = try CLI.run(["completions", "zsh"]).stdout
        // What zsh's bash layer runs on Tab: compgen -F with the words of the line (zsh filters the answer
        // by the typed prefix itself).
        let output = try Self.runShell(zsh, ["-f"], script: script, program: """
            source $SCRIPT
            print -r -- $_comps[conform]
            COMP_WORDS=(conform check --severity-threshold ''); COMP_CWORD=3
            compgen -F _conform -- '' | sort | tr '\\n' ' '; echo
            COMP_WORDS=(conform check --rule VAST-2.0-url-http = ''); COMP_CWORD=5
            compgen -F _conform -- '' | tr '\\n' ' '; echo
            """)
        #expect(output == "_bash_complete -o default -F _conform\nerror info warning \noff info warning error \n")
    }

    @Test func usageErrors() throws {
        let none = try CLI.run(["completions"])
        #expect(none.status == 64 && none.stderr.contains("name a shell (bash, zsh, fish)"))
        let unknown = try CLI.run(["completions", "powershell"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown shell 'powershell'"))
        // The spelling other Swift command-line tools use.
        let alias = try CLI.run(["--generate-completion-script", "bash"])
        let bash = try CLI.run(["completions", "bash"])
        #expect(alias.status == 0 && alias.stdout == bash.stdout)
        // The front suggests every subcommand, the newer ones too.
        let typo = try CLI.run(["compleitons"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean completions?"))
        let help = try CLI.run(["--help"])
        for command in Self.subcommands { #expect(help.stdout.contains("\n  \(command) "), "overview lists \(command)") }
    }
}
