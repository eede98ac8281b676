import Foundation
import XMLCore

// The thin front: pick the subcommand, hand it the rest of the arguments, exit with its code.

let version = ConformInfo.version

/// The overview `conform --help` prints, its list of subcommands made from the registry.
let overview = """
    OVERVIEW: conform — a conformance suite for video-ad data: VAST 2.0–4.4 and VMAP tags, wrapper
    chains, tracking pixels, and in-house trafficking-parameter strings.

    USAGE: conform <subcommand> [options]

    SUBCOMMANDS:
    \((Subcommands.listed.map { ($0.name, $0.summary) } + Subcommands.frontWords).map { name, summary in
        "  " + name.padding(toLength: 12, withPad: " ", startingAt: 0) + summary
    }.joined(separator: "\n"))

    Run 'conform <subcommand> --help' for the options of each subcommand.

    EXIT CODES: 0 success, 1 findings or unmet expectations, 2 the run could not proceed, 64 bad usage.
    """

var arguments = Array(CommandLine.arguments.dropFirst())

let subcommand = arguments.first ?? "help"
let rest = Array(arguments.dropFirst())

let code: Int32
switch subcommand {
case "version", "--version":
    print(version)
    print("libxml2 \(XMLParser.libxml2Version), memory allocator \(Allocator.description)")
    code = ExitCode.success
case "help", "-h", "--help":
    print(rest.first.flatMap(Subcommands.named)?.help ?? overview)
    code = ExitCode.success
case "--generate-completion-script":
    // The spelling Swift command-line tools use for the same script.
    code = CompletionsCommand.run(rest)
default:
    if let command = Subcommands.named(subcommand) {
        code = command.run(rest)
    } else {
        // Leading dashes do not count (`--verison` is taken as `verison`).
        let close = closestNames(to: String(subcommand.drop { $0 == "-" }), among: Subcommands.words)
        let hint = close.isEmpty ? "" : "; did you mean \(close.joined(separator: " or "))?"
        Terminal.printError("Error: unknown subcommand '\(subcommand)'\(hint)\nUsage: conform <subcommand> [options]\nSee 'conform --help' for more information.")
        code = ExitCode.usage
    }
}
exit(code)
