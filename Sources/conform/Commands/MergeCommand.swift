import Conformance
import Foundation

/// `conform merge`: combine the results of corpus shards into one.
enum MergeCommand: Subcommand {
    static let name = "merge"
    static let summary = "Combine the results of corpus shards into one."
    static let valueOptions: Set<String> = ["-o", "--output", "--baseline"]
    static let flagOptions: Set<String> = []
    static let usage = "conform merge [options] <results>..."
    static let help = """
        OVERVIEW: Combine the results of several 'conform run --shard K/N' runs into one results.json,
        sorted by case id, with totals recomputed (the report writers then read that folder).

        USAGE: \(usage)

        ARGUMENTS:
          <results>               results.json files, results.jsonl streams, or output folders holding them.

        OPTIONS:
          -o, --output <dir>      Folder for the merged results.json and results.jsonl. (default: Reports)
          --baseline <file>       Fail only on cases not failing in this baseline.
          -h, --help              Show this help.

        EXIT CODES:
          0   every merged case passed (with --baseline: no new failure)
          1   some did not, or a part was interrupted (the merged results are partial)
          2   a results file could not be read or merged, or the shards given are not exactly the
              shards 1..N of one split (one missing, one given twice, or splits into different N)
          64  bad usage

        EXAMPLES:
          conform merge Reports/shard-1 Reports/shard-2 Reports/shard-3 --output Reports/all
          conform merge shards/*/results.json --baseline conform-baseline.json
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "merge", usage: usage)
        } catch { return error.report() }
        guard !scanner.positionals.isEmpty else {
            return UsageError(message: "no results given", command: "merge", usage: usage).report()
        }
        do {
            let parts = try scanner.positionals.map { path throws(ConformanceError) in try ResultsReader.read(URL(fileURLWithPath: path)) }
            var merged = try ResultsMerger.merge(parts)
            merged.info.conformVersion = ConformInfo.version
            let shards = parts.compactMap(\.info.shard)
            merged.info.shard = nil
            if let path = scanner.value("--baseline") {
                let baseline = try Baseline.read(URL(fileURLWithPath: path))
                merged.info.baseline = baseline.compare(
                    failing: merged.cases.filter { $0.status != .passed }.map(\.id),
                    passing: merged.cases.filter { $0.status == .passed }.map(\.id))
            }
            let output = scanner.value("-o", "--output") ?? "Reports"
            if let problem = OutputPath.folderProblem(output) {
                Terminal.printError("Error: \(problem)")
                return ExitCode.cannotProceed
            }
            let writer = try ResultsWriter(folder: URL(fileURLWithPath: output, isDirectory: true))
            for result in merged.cases { writer.append(result) }
            let url = try writer.finish(info: merged.info)
            print("merged \(parts.count) result file(s)\(shards.isEmpty ? "" : " (shards \(shards.joined(separator: ", ")))")")
            let failing = merged.cases.filter { $0.status != .passed }.map(\.id)
            RunCommand.printSummary(info: merged.info, failing: failing, resultsPath: url.path, recorded: false)
            if merged.info.interrupted {
                // A partial shard cannot vouch for the cases it never ran.
                let partial = parts.filter(\.info.interrupted).map { $0.info.shard.map { "shard \($0)" } ?? "a part" }
                Terminal.printError("Error: \(partial.joined(separator: ", ")) was interrupted: the merged results are partial and the gate fails")
                return ExitCode.findings
            }
            if let baseline = merged.info.baseline { return baseline.newFailures.isEmpty ? ExitCode.success : ExitCode.findings }
            return failing.isEmpty ? ExitCode.success : ExitCode.findings
        } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
    }
}
