import Conformance
import Foundation

/// `conform baseline`: accept today's failures so only new ones fail the gate.
enum BaselineCommand: Subcommand {
    static let name = "baseline"
    static let summary = "Accept the failures of a run so only new ones fail the gate."
    static let valueOptions: Set<String> = ["-o", "--output"]
    static let flagOptions: Set<String> = []
    static let usage = "conform baseline [options] [<results>]"
    static let help = """
        OVERVIEW: Write a baseline from a finished run: the ids of every case that did not pass.
        'conform run --baseline FILE' then fails only on cases outside it, and reports which
        baseline cases are fixed.

        USAGE: \(usage)

        ARGUMENTS:
          <results>               A results.json, results.jsonl, or an output folder. (default: Reports)

        OPTIONS:
          -o, --output <file>     Where to write the baseline. (default: conform-baseline.json)
          -h, --help              Show this help.

        EXIT CODES:
          0  written    2  the results could not be read or the baseline not written    64 bad usage

        EXAMPLES:
          conform run Corpus/ ; conform baseline Reports --output conform-baseline.json
          conform run Corpus/ --baseline conform-baseline.json
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "baseline", usage: usage)
        } catch { return error.report() }
        guard scanner.positionals.count <= 1 else {
            return UsageError(message: "give one results file or folder", command: "baseline", usage: usage).report()
        }
        if let problem = OutputPath.fileProblem(scanner.value("-o", "--output") ?? "conform-baseline.json") {
            Terminal.printError("Error: \(problem)")
            return ExitCode.cannotProceed
        }
        do {
            let results = try ResultsReader.read(URL(fileURLWithPath: scanner.positionals.first ?? "Reports"))
            if results.info.interrupted {
                Terminal.printError("warning: these results are from an interrupted run; cases that did not run are not in the baseline")
            }
            let baseline = Baseline(results: results)
            let output = scanner.value("-o", "--output") ?? "conform-baseline.json"
            try AtomicFile.write(baseline.encoded(), to: URL(fileURLWithPath: output))
            print("wrote \(output): \(baseline.failing.count) failing case(s) of \(results.cases.count)")
            return ExitCode.success
        } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
    }
}
