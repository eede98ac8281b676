import ConformCore
import Conformance
import Foundation
import Reports
import Validation

/// `conform report`: render reports from saved results (a `results.json` written by `conform run`).
enum ReportCommand: Subcommand {
    static let name = "report"
    static let summary = "Render HTML, Markdown, JSON, JUnit or SARIF reports from saved results."
    static let valueOptions: Set<String> = ["--format", "--output", "-o", "--html-budget", "--case"]
    static let flagOptions: Set<String> = ["--annotations"]
    static let usage = "conform report <results> [--format <formats>] [--output <dir>] [--html-budget <MB>] [--annotations] | <results> --case <name>"
    static let help = """
        OVERVIEW: Render reports from the saved results of a run, without running the corpus again.

        Reads a results.json (or a JSON Lines results stream) written by `conform run` and writes the
        chosen report files into the output folder, each atomically (a temporary file renamed into place).

        USAGE: \(usage)

        ARGUMENTS:
          <results>               The results file, for example Reports/results.json.

        OPTIONS:
          --format <formats>      Comma-separated report formats.
                                  (values: \(ReportFormat.valueList(in: .run)); default: html,markdown)
        \(formatLines)
          -o, --output <dir>      Folder for the report files; created when missing. (default: Reports)
          --html-budget <MB>      The size report.html aims to stay under, in megabytes. Every failing case
                                  is always in it in full; a larger run keeps every passing case as a row
                                  and embeds its details only while the page fits. (default: 20)
          --case <name>           Write no report: print one case's full results as JSON (what report.html
                                  shows when opened; a large run's page leaves out most passing cases'
                                  details). <name> is the case id, or its name within its folder when
                                  only one case has it.
          --annotations           Also print GitHub Actions annotations (::error file=…,line=…,col=…::…)
                                  for unmet expectations to standard output: new failures as errors,
                                  failures known to the baseline as warnings, at most 50, then a notice.
          -h, --help              Show this help.

        EXIT CODES:
          0  the reports were written (whatever the results say; `conform run` is the gate)
          2  the results could not be read or a report could not be written
          64 bad usage

        EXAMPLES:
          conform report Reports/results.json
          conform report Reports/results.json --format junit,sarif --output ci-reports
          conform report Reports/results.json --case vast/inline/minimal
          conform report Reports/results.json --format markdown --annotations   # in a GitHub Actions step
          cat Reports/report.md >> "$GITHUB_STEP_SUMMARY"
        """

    /// One line per format: its value, file name and what it is for.
    static var formatLines: String {
        ReportFormat.formats(in: .run).map { format in
            let name = format.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            let file = (format.fileName ?? "").padding(toLength: 14, withPad: " ", startingAt: 0)
            return "                          \(name) \(file) \(format.summary ?? "")"
        }.joined(separator: "\n")
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "report", usage: usage)
        } catch { return error.report() }
        let formats: [ReportFormat]
        do {
            formats = try parseFormats(scanner.values("--format"), default: [.html, .markdown], command: "report", usage: usage)
        } catch { return error.report() }
        guard scanner.positionals.count == 1, let path = scanner.positionals.first else {
            let message = scanner.positionals.isEmpty ? "no results file given" : "give exactly one results file"
            return UsageError(message: message, command: "report", usage: usage).report()
        }
        if let name = scanner.value("--case") { return showCase(name, resultsAt: path) }
        let htmlBudget: Int
        do {
            htmlBudget = try parseHTMLBudget(scanner.value("--html-budget"), command: "report", usage: usage)
        } catch { return error.report() }
        let output = scanner.value("--output", "-o") ?? "Reports"
        let annotations = scanner.flag("--annotations")
        if let problem = OutputPath.folderProblem(output) {
            Terminal.printError("Error: \(problem)")
            return ExitCode.cannotProceed
        }
        if path != "-" && FileManager.default.isReadableFile(atPath: path) {
            // A file is read one case at a time, so results of any size fit in memory.
            return emit(resultsAt: URL(fileURLWithPath: path), formats: formats, output: output, annotations: annotations,
                        htmlBudget: htmlBudget) { error in
                switch error {
                case .unreadableResults, .unsupportedSchemaVersion: Terminal.printError("Error: \(path): \(error)")
                default: Terminal.printError("Error: \(error)")
                }
            }
        }
        let results: RunResults
        do {
            let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile()
                : try readWholeFile(URL(fileURLWithPath: path))
            results = try ResultsReader.read(data)
        } catch let error as ReportError {
            Terminal.printError("Error: \(path): \(error)")
            return ExitCode.cannotProceed
        } catch {
            Terminal.printError("Error: cannot read \(path): \(fileErrorReason(error))")
            return ExitCode.cannotProceed
        }
        return emit(results, formats: formats, output: output, annotations: annotations, htmlBudget: htmlBudget)
    }

    /// Parses `--html-budget` (megabytes, above zero) into bytes; the default when not given.
    static func parseHTMLBudget(_ raw: String?, command: String, usage: String) throws(UsageError) -> Int {
        guard let raw else { return HTMLReporter.defaultBudget }
        guard let megabytes = Double(raw), megabytes.isFinite, megabytes > 0, megabytes < 1_000_000 else {
            throw UsageError(message: "--html-budget takes a size in megabytes above 0, for example 20", command: command, usage: usage)
        }
        return Int(megabytes * 1_000_000)
    }

    /// `--case`: prints the whole saved result of the case named `name` (an id, or a name within its
    /// folder when it is unique) as pretty-printed JSON, reading the results one case at a time.
    static func showCase(_ name: String, resultsAt path: String) -> Int32 {
        let found: [CaseResult]
        do {
            found = try ResultsReader.cases(named: name, resultsAt: URL(fileURLWithPath: path))
        } catch {
            Terminal.printError("Error: \(path): \(error)")
            return ExitCode.cannotProceed
        }
        guard found.count == 1, let item = found.first else {
            if found.isEmpty {
                Terminal.printError("Error: no case named '\(name)' in \(path)")
            } else {
                Terminal.printError("Error: \(found.count) cases are named '\(name)'; give one id: " + found.map(\.id).joined(separator: ", "))
            }
            return ExitCode.cannotProceed
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(item) else {
            Terminal.printError("Error: cannot encode the case \(item.id)")
            return ExitCode.cannotProceed
        }
        print(String(decoding: data, as: UTF8.self))
        return ExitCode.success
    }

    /// Parses every `--format` value given (each a comma-separated list); `default` when none.
    /// `conform run` uses this too, with ``ReportFormat/defaults``.
    static func parseFormats(_ values: [String], default fallback: [ReportFormat], command: String, usage: String) throws(UsageError) -> [ReportFormat] {
        guard !values.isEmpty else { return fallback }
        var formats: [ReportFormat] = []
        for value in values {
            do {
                for format in try ReportFormat.parseList(value) where !formats.contains(format) { formats.append(format) }
            } catch {
                throw UsageError(message: error.description, command: command, usage: usage)
            }
        }
        return formats
    }

    /// Writes the reports into `output` and, when asked, prints GitHub annotations to standard output.
    /// Prints the files written (to standard error when annotations take standard output).
    /// - Returns: `ExitCode.success`, or `ExitCode.cannotProceed` when a report could not be written.
    static func emit(_ results: RunResults, formats: [ReportFormat], output: String, annotations: Bool,
                     htmlBudget: Int = HTMLReporter.defaultBudget) -> Int32 {
        if annotations { print(GitHubAnnotations.render(results), terminator: "") }
        do {
            let written = try ReportWriter.write(
                results, rules: RuleCatalog.all, formats: formats, to: URL(fileURLWithPath: output), htmlBudget: htmlBudget)
            for url in written {
                let line = "Wrote \(relative(url.path))"
                if annotations { Terminal.printError(line) } else { print(line) }
            }
            return ExitCode.success
        } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
    }

    /// ``emit(_:formats:output:annotations:)`` for a saved results file, read one case at a time.
    /// `reportError` prints a failure (reading or writing).
    static func emit(resultsAt url: URL, formats: [ReportFormat], output: String, annotations: Bool,
                     htmlBudget: Int = HTMLReporter.defaultBudget,
                     reportError: (ReportError) -> Void = { Terminal.printError("Error: \($0)") }) -> Int32 {
        do {
            if annotations { print(try GitHubAnnotations.render(resultsAt: url), terminator: "") }
            let written = try ReportWriter.write(
                resultsAt: url, rules: RuleCatalog.all, formats: formats, to: URL(fileURLWithPath: output), htmlBudget: htmlBudget)
            for url in written {
                let line = "Wrote \(relative(url.path))"
                if annotations { Terminal.printError(line) } else { print(line) }
            }
            return ExitCode.success
        } catch {
            reportError(error)
            return ExitCode.cannotProceed
        }
    }

    /// A path relative to the current folder when it lies inside it.
    static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
}
