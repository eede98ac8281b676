import ConformCore
import Foundation
import Profiles
import VAST
import Validation
import XMLCore

/// `conform schedule`: resolve a VMAP document or a schedule description into absolute break times.
enum ScheduleCommand: Subcommand {
    static let name = "schedule"
    static let summary = "Resolve the ad breaks of a VMAP document or schedule description into a timeline."
    static let valueOptions: Set<String> = ["--duration", "--cue-points", "--format", "--config", "--rule"]
    static let flagOptions: Set<String> = ["--strict", "--no-config"]
    static let usage = "conform schedule [options] <file|url|->"
    static let help = """
        OVERVIEW: Resolve the ad breaks of a VMAP document or a schedule description into a timeline.

        Pre-rolls (start, 0) and post-rolls (end, 100%) play once per content playback; mid-rolls may repeat.
        Percentages resolve against the content duration, #n against the cue points. Reported: breaks past
        the end, duplicates, percentages outside 0 to 100, #n positions mixed with other offset types (ignored),
        and repeatAfter repetitions that overlap another break (the earlier break wins).

        USAGE: \(usage)

        ARGUMENTS:
          <file|url|->            A VMAP document or a JSON schedule description (see Docs/Profiles.md), read from
                                  a file, an http(s) URL or standard input (-):
                                  {"contentDuration": "00:10:00", "preRoll": true, "postRoll": true,
                                   "midRolls": {"times": ["00:02:00", 300], "intervals": [{"every": "00:03:00"}],
                                                "percentages": [25, 50], "cuePoints": [{"time": 30, "identifier": 1}]}}

        OPTIONS:
          --duration <time>       Content duration, HH:MM:SS[.mmm] or seconds. (default: the description's, else unknown)
          --cue-points <times>    Comma-separated cue point times for #n offsets. (default: none)
          --format <format>       Output format. (values: text, json; default: text)
          --strict                Warnings fail too.
          --config <file>         Read this configuration instead of the nearest .conform.json (its rule
                                  settings apply to the PROFILE-schedule-… findings).
          --no-config             Ignore any .conform.json.
        \(ConfigurationLoader.ruleOptionHelp)
          -h, --help              Show this help.

        EXIT CODES:
          0  no error finding (no warning with --strict)     1  such findings
          2  the input could not be read or parsed           64 bad usage

        EXAMPLES:
          conform schedule playlist.vmap.xml --duration 00:10:00
          conform schedule schedule.json --format json
        """

    struct Output: Encodable {
        var file: String
        var schedule: ResolvedSchedule
        var diagnostics: [Diagnostic]
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "schedule", usage: usage)
        } catch { return error.report() }
        func usageError(_ message: String) -> Int32 {
            UsageError(message: message, command: "schedule", usage: usage).report()
        }
        let format = scanner.value("--format") ?? "text"
        guard ["text", "json"].contains(format) else { return usageError("unknown format '\(format)' (values: text, json)") }
        let options: ProfileOptions
        do { options = try Self.options(scanner) } catch { return usageError(error.description) }
        guard scanner.positionals.count == 1, let name = scanner.positionals.first else {
            return usageError(scanner.positionals.isEmpty ? "no input given" : "give exactly one input")
        }
        let configuration: Configuration
        do { configuration = try ConfigurationLoader.load(from: scanner, command: "schedule", usage: usage) } catch { return error.exitCode }
        let data: Data
        do {
            data = try InputReader.read(name, maxBytes: XMLParseOptions.defaultMaxBytes)
        } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }
        let located: ResolvedSchedule
        do { located = try schedule(data, name: name, options: options, configuration: configuration) } catch {
            Terminal.printError("Error: \(error.description)")
            return ExitCode.cannotProceed
        }
        if format == "json" {
            print(encodeJSON(Output(file: name, schedule: located, diagnostics: located.diagnostics)))
        } else {
            print(located.text(name: name))
        }
        let threshold: Severity = scanner.flag("--strict") ? .warning : .error
        return located.diagnostics.hasAny(atLeast: threshold) ? ExitCode.findings : ExitCode.success
    }

    /// The schedule options of `--duration` and `--cue-points`.
    static func options(_ scanner: ArgumentScanner) throws(ProfileError) -> ProfileOptions {
        var options = ProfileOptions()
        if let duration = scanner.value("--duration") { options = try options.applying("duration=\(duration)") }
        if let cues = scanner.value("--cue-points") { options = try options.applying("cue-points=\(cues)") }
        return options
    }

    /// What `schedule` could not read: the input is neither a JSON description nor a VMAP document.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The schedule of `data` (a VMAP document or a JSON schedule description), its findings under the
    /// configuration and named after `name`.
    static func schedule(_ data: Data, name: String, options: ProfileOptions, configuration: Configuration) throws(Failure) -> ResolvedSchedule {
        var schedule: ResolvedSchedule
        if data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            do {
                schedule = ScheduleResolver.resolve(description: try ScheduleDescription.parse(data), options: options)
            } catch {
                throw Failure(description: "\(name): \(error)")
            }
        } else {
            let input = VASTDecoder.decode(data)
            guard let vmap = input.vmap else {
                let what = input.rootName.map { "<\($0)>" } ?? "not well-formed XML"
                let lines = ["\(name): expected a VMAP document or a JSON schedule description, found \(what)"]
                    + input.findings.prefix(3).map { "  \($0.diagnostic.inFile(name))" }
                throw Failure(description: lines.joined(separator: "\n"))
            }
            schedule = ScheduleResolver.resolve(vmap: vmap, options: options)
            // The offsets and intervals the resolver could not read are findings of the VMAP rules, as in check.
            // (A break the resolver reports already, a percentage past 100% say, is not reported twice.)
            let reported = Set(schedule.diagnostics.compactMap(\.position))
            let unreadable = input.findings.filter {
                [DecodeRuleID.vmapTimeOffsetFormat, DecodeRuleID.vmapRepeatAfterFormat].contains($0.ruleID) && !($0.position.map(reported.contains) ?? false)
            }.map(\.diagnostic)
            schedule.diagnostics = (schedule.diagnostics + unreadable).sorted()
        }
        schedule.diagnostics = configuration.apply(to: schedule.diagnostics).map { $0.inFile(name) }
        return schedule
    }
}
