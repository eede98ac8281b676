import Foundation
import XMLCore

// The thin front: pick the subcommand, hand it the rest of the arguments, exit with its code.

let version = ConformInfo.version

let overview = """
    OVERVIEW: conform — a conformance suite for video-ad data: VAST 2.0–4.3 and VMAP tags, wrapper
    chains, tracking pixels, and in-house trafficking-parameter strings.

    USAGE: conform <subcommand> [options]

    SUBCOMMANDS:
      run         Run a conformance corpus against its expectations (the CI gate).
      merge       Combine the results of corpus shards into one.
      baseline    Accept the failures of a run so only new ones fail the gate.
      check       Check tags (files, URLs or stdin): XML, rules, with file:line:column findings.
      diff        Compare the findings of two versions of a tag: what a change adds and fixes.
      fix         Repair the findings that have one certain repair (CDATA, macro case, encoding).
      params      Check trafficking-parameter strings (custom CTA, carousel, takeovers).
      simulate    Simulate the pause-ad flow over a timeline of play, pause, seek, close, ...
      schedule    Resolve the ad breaks of a VMAP document or schedule description into a timeline.
      rules       List every rule (text, JSON, or the Markdown reference Docs/Rules.md).
      explain     Explain one rule: why, the spec's words, examples, how to fix.
      schema      Print the JSON Schema of .conform.json, for editors.
      init        Write a starting .conform.json; --adopt sets it so the project's tags pass today.
      report      Render HTML, Markdown, JSON, JUnit or SARIF reports from saved results.
      version     Print the version.
      help        Show this help, or a subcommand's: conform help check

    Run 'conform <subcommand> --help' for the options of each subcommand.

    EXIT CODES: 0 success, 1 findings or unmet expectations, 2 the run could not proceed, 64 bad usage.
    """

var arguments = Array(CommandLine.arguments.dropFirst())

let subcommand = arguments.first ?? "help"
let rest = Array(arguments.dropFirst())

let code: Int32
switch subcommand {
case "check":
    code = CheckCommand.run(rest)
case "diff":
    code = DiffCommand.run(rest)
case "fix":
    code = FixCommand.run(rest)
case "params":
    code = ParamsCommand.run(rest)
case "simulate":
    code = SimulateCommand.run(rest)
case "schedule":
    code = ScheduleCommand.run(rest)
case "rules":
    code = RulesCommand.run(rest)
case "schema":
    code = SchemaCommand.run(rest)
case "init":
    code = InitCommand.run(rest)
case "explain":
    code = ExplainCommand.run(rest)
case "report":
    code = ReportCommand.run(rest)
case "run":
    code = RunCommand.run(rest)
case "merge":
    code = MergeCommand.run(rest)
case "baseline":
    code = BaselineCommand.run(rest)
case "dump-rule-examples":
    code = DumpRuleExamplesCommand.run(rest)
case "version", "--version":
    print(version)
    print("libxml2 \(XMLParser.libxml2Version), memory allocator \(Allocator.description)")
    code = ExitCode.success
case "help", "-h", "--help":
    switch rest.first {
    case "check": print(CheckCommand.help)
    case "diff": print(DiffCommand.help)
    case "schema": print(SchemaCommand.help)
    case "init": print(InitCommand.help)
    case "fix": print(FixCommand.help)
    case "params": print(ParamsCommand.help)
    case "simulate": print(SimulateCommand.help)
    case "schedule": print(ScheduleCommand.help)
    case "rules": print(RulesCommand.help)
    case "explain": print(ExplainCommand.help)
    case "report": print(ReportCommand.help)
    case "run": print(RunCommand.help)
    case "merge": print(MergeCommand.help)
    case "baseline": print(BaselineCommand.help)
    default: print(overview)
    }
    code = ExitCode.success
default:
    let subcommands = ["run", "merge", "baseline", "check", "diff", "params", "simulate", "schedule", "rules", "explain", "report", "version", "help"]
    // Leading dashes do not count (`--verison` is taken as `verison`).
    let close = closestNames(to: String(subcommand.drop { $0 == "-" }), among: subcommands)
    let hint = close.isEmpty ? "" : "; did you mean \(close.joined(separator: " or "))?"
    Terminal.printError("Error: unknown subcommand '\(subcommand)'\(hint)\nUsage: conform <subcommand> [options]\nSee 'conform --help' for more information.")
    code = ExitCode.usage
}
exit(code)
