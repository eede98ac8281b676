import Chain
import ConformCore
import Foundation
import Profiles
import VAST
import Validation
import XMLCore

/// `conform simulate`: play a timeline of user actions against scheduled pause ads and show what the
/// player shows, when, and which pixels fire.
enum SimulateCommand: Subcommand {
    static let name = "simulate"
    static let summary = "Simulate the pause-ad flow over a timeline of play, pause, seek, close, ..."
    /// The chain options `check --follow` takes, but for `--record` (a simulation records nothing).
    static let chainValueOptions = ChainCheck.valueOptions.subtracting(["--record"])
    static let valueOptions: Set<String> = chainValueOptions.union(["--profile", "--timeline", "--ads", "--format", "--suppress", "--config", "--rule"])
    static let flagOptions: Set<String> = ChainCheck.flagOptions.union(["--no-config", "--play-video"])
    static let usage = "conform simulate --profile pause --timeline <events> [options] <file|url|->..."
    static let help = """
        OVERVIEW: Simulate the pause-ad flow over a timeline: which pause ads show, when, and which pixels fire.

        The simulation follows the documented timing: a pause ad becomes eligible one second after a pause,
        never before playback started; a seek restarts the delay and dismisses a visible ad; at most one ad
        per pause; each scheduled ad shows once; resuming ends the ad without close, closing fires close; a
        container that is not on screen discards the creative as notUsed; a source change clears the schedule.

        USAGE: \(usage)

        ARGUMENTS:
          <file|url|->            The pause-ad tags, scheduled in the order given: files, http(s) URLs (fetched
                                  once), or - for standard input.

        OPTIONS:
          --profile <name>        The flow to simulate. (values: pause; default: pause)
          --timeline <events>     Comma-separated event@time, time in seconds or HH:MM:SS[.mmm]. Events:
                                  \(PauseTimelineEvent.Kind.allCases.map(\.rawValue).joined(separator: ", "))
                                  The events are played in time order; events at the same time in the order given.
          --ads <n>               Schedule the list of tags n times, 1 to 1000. (default: 1)
          --suppress <n=hook>     The app's hook returns false for the n-th scheduled ad; repeatable.
                                  (hooks: load = shouldLoadAdItem, play = shouldPlayAdItem)
          --play-video            Simulate a player that plays the creative's video (a VAST 4.4 or ctv_ad_portfolio
                                  cinemagraph with a Duration) in place of its image: start fires as it shows,
                                  firstQuartile, midpoint, thirdQuartile and complete at 25, 50, 75 and 100% of
                                  the Duration while the pause lasts. Without it, the reference player shows
                                  the static image and fires no time-based event.
          --format <format>       Output format. (values: text, json; default: text)
          --follow                Resolve each tag's Wrapper chain, so that the ad it leads to is simulated with
                                  every hop's pixels. Without it a Wrapper tag is skipped: what it would show
                                  is unknown. The options below need --follow and work as in 'conform check'.
        \(ChainCheck.resolutionHelp(record: false))
          --config <file>         Read this configuration instead of the nearest .conform.json (its rule
                                  settings apply to the PROFILE-pause-… findings of the JSON output).
          --no-config             Ignore any .conform.json.
        \(ConfigurationLoader.ruleOptionHelp)
          -h, --help              Show this help.

        EXIT CODES:
          0  the simulation ran      2  an input could not be read      64 bad usage

        EXAMPLES:
          conform simulate --profile pause --timeline "play@0,pause@12,resume@15,pause@20,close@22" pause.xml
          conform simulate --timeline "play@0,container-hidden@5,pause@10,resume@12" --ads 2 pause.xml
          conform simulate --timeline "play@0,pause@12,click@14,close@20" --follow --map map.json wrapper.xml
          conform simulate --timeline "play@0,pause@10,resume@30" --play-video cinemagraph.xml
        """

    struct Output: Encodable {
        var profile: String
        var ads: [ScheduledPauseAd]
        var simulation: PauseSimulation
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "simulate", usage: usage)
        } catch { return error.report() }
        func usageError(_ message: String) -> Int32 {
            UsageError(message: message, command: "simulate", usage: usage).report()
        }
        let profile = scanner.value("--profile") ?? "pause"
        guard profile == ProfileName.pause.rawValue else {
            return usageError("only the pause profile can be simulated, not '\(profile)'")
        }
        let format = scanner.value("--format") ?? "text"
        guard ["text", "json"].contains(format) else { return usageError("unknown format '\(format)' (values: text, json)") }
        guard scanner.positionals.filter({ $0 == "-" }).count <= 1 else { return usageError("standard input can be read only once") }
        let plan: Plan
        do { plan = try Self.plan(scanner, tags: scanner.positionals.count) } catch { return usageError(error.message) }
        var follow: ChainCheck?
        do { follow = try ChainCheck.parse(scanner, maxBytes: nil, usage: usage, command: "simulate") } catch { return error.report() }
        let configuration: Configuration
        do { configuration = try ConfigurationLoader.load(from: scanner, command: "simulate", usage: usage) } catch { return error.exitCode }
        follow?.applyConfiguredDepth(configuration.maxWrapperDepth, scanner: scanner)
        var fetcher: (any Fetcher)?
        do { fetcher = try follow?.fetcher() } catch {
            Terminal.printError("Error: \(error)")
            return ExitCode.cannotProceed
        }

        var evaluations: [(String, PauseEvaluation)] = []
        for name in scanner.positionals {
            let data: Data
            var rootURI: String?
            do {
                if let follow {
                    (data, rootURI) = try follow.readRoot(name, maxBytes: XMLParseOptions.defaultMaxBytes)
                } else {
                    data = try InputReader.read(name, maxBytes: XMLParseOptions.defaultMaxBytes)
                }
            } catch {
                Terminal.printError("Error: \(error)")
                return ExitCode.cannotProceed
            }
            let chain = follow.flatMap { follow in
                fetcher.map { follow.resolveWithDocuments(data, rootURI: rootURI, name: name, fetcher: $0).documents }
            } ?? []
            switch evaluate(data, name: name, chain: chain, configuration: configuration) {
            case .success(let evaluation): evaluations.append((name, evaluation))
            case .failure(let failure):
                Terminal.printError("Error: \(failure.message)")
                return ExitCode.cannotProceed
            }
        }
        let output = simulate(plan, evaluations, profile: profile)
        let simulation = output.simulation
        if format == "json" {
            print(encodeJSON(output))
        } else {
            for (name, evaluation) in evaluations {
                print(Terminal.paint(name, .bold) + ": " + evaluation.verdict)
            }
            print("")
            print(simulation.text)
        }
        return ExitCode.success
    }

    /// What a simulation is asked for: the timeline, how often the tags repeat, and the hooks suppressed.
    struct Plan {
        var timeline: [PauseTimelineEvent]
        var repeats = 1
        var suppressions: [Int: ScheduledPauseAd.Suppression] = [:]
        /// `--play-video`: the player plays the creative's video.
        var playsVideo = false
    }

    struct Failure: Error {
        var message: String
    }

    /// The plan of `--timeline`, `--ads` and `--suppress`, for `tags` tags.
    static func plan(_ scanner: ArgumentScanner, tags: Int) throws(Failure) -> Plan {
        guard let rawTimeline = scanner.value("--timeline") else { throw Failure(message: "--timeline is required") }
        var plan: Plan
        do {
            plan = Plan(timeline: try PauseTimelineEvent.parse(rawTimeline))
        } catch {
            throw Failure(message: error.description)
        }
        if let raw = scanner.value("--ads") {
            guard let n = Int(raw), n >= 1, n <= 1_000 else { throw Failure(message: "--ads takes a number from 1 to 1000") }
            plan.repeats = n
        }
        for raw in scanner.values("--suppress") {
            let parts = raw.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let n = Int(parts[0]), n >= 1, let hook = ScheduledPauseAd.Suppression(rawValue: parts[1]) else {
                throw Failure(message: "--suppress takes n=load or n=play, not '\(raw)'")
            }
            plan.suppressions[n] = hook
        }
        plan.playsVideo = scanner.flag("--play-video")
        guard tags > 0 else { throw Failure(message: "no tag given") }
        let scheduled = tags * plan.repeats
        if let beyond = plan.suppressions.keys.filter({ $0 > scheduled }).min() {
            throw Failure(message: "--suppress \(beyond)=…: only \(scheduled) ad\(scheduled == 1 ? " is" : "s are") scheduled")
        }
        return plan
    }

    /// The pause evaluation of one tag (with the documents its chain led to), under the configuration; a
    /// failure when the tag is no VAST document.
    static func evaluate(_ data: Data, name: String, chain: [VASTDocument], configuration: Configuration) -> Result<PauseEvaluation, Failure> {
        let input = VASTDecoder.decode(data)
        guard let vast = input.vast else {
            return .failure(Failure(message: "\(name): \(Profiles.evaluate(.pause, input: input, file: name).verdict)"))
        }
        var evaluation = PauseProfile.evaluate([vast] + chain)
        evaluation.diagnostics = configuration.apply(to: evaluation.diagnostics).map { $0.inFile(name) }
        return .success(evaluation)
    }

    /// The tags scheduled in turn, `plan.repeats` times, and played over the timeline.
    static func simulate(_ plan: Plan, _ evaluations: [(String, PauseEvaluation)], profile: String) -> Output {
        var ads: [ScheduledPauseAd] = []
        for _ in 0..<plan.repeats {
            for (name, evaluation) in evaluations {
                ads.append(ScheduledPauseAd(name: "ad \(ads.count + 1) (\(name))", evaluation: evaluation,
                                            suppression: plan.suppressions[ads.count + 1], playsVideo: plan.playsVideo ? true : nil))
            }
        }
        return Output(profile: profile, ads: ads, simulation: PauseSimulator.run(timeline: plan.timeline, ads: ads))
    }
}
