import Chain
import ConformCore
import Conformance
import Foundation
import Probe
import Profiles
import Reports
import VAST
import Validation
import XMLCore

/// `conform check`: parse, decode and validate tags, with a readable summary per file.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "Check tags (files, URLs or stdin): XML, rules, with file:line:column findings."
    static let valueOptions: Set<String> = ChainCheck.valueOptions.union(ProbeCheck.valueOptions).union(
        ["--format", "--config", "--rule", "--severity-threshold", "--max-size", "--profile", "--profile-option", "--xsd",
         "--jobs", "--per-host", "--input-list"])
    static let flagOptions: Set<String> = ChainCheck.flagOptions.union(ProbeCheck.flagOptions).union(["--no-config", "--strict", "-q", "--quiet", "--statistics", "--no-inline-directives"])
    static let usage = "conform check [options] <file|folder|url|->..."
    static let help = """
        OVERVIEW: Check VAST and VMAP tags: is the XML sound, which rules does the tag break, and where.

        Every finding is printed as  file:line:column: severity: message [rule-id]
        and `conform explain <rule-id>` tells what the rule means and how to fix it.

        USAGE: \(usage)

        ARGUMENTS:
          <file|folder|url|->     Tag files, folders (every .xml, .vast and .vmap file under them, at any depth),
                                  http(s) URLs (fetched once, within the spec player's limits; --follow also
                                  resolves their Wrapper chain), or - for standard input.

        OPTIONS:
          --format <format>       Output format. (values: text, json, sarif, github, junit, markdown, codequality,
                                  html; default: text)
                                    json: per input, the decoded model, the summary and the findings.
                                    sarif: one SARIF 2.1.0 log, a result per finding, for code scanning.
                                    github: GitHub Actions annotations (::error file=…,line=…), one per
                                    finding, then the totals.
                                    junit: JUnit XML, a test case per input, failed by findings at or
                                    above the severity threshold.
                                    markdown: the verdict, the totals and a table of findings per
                                    input, for a pull-request comment or a CI step summary.
                                    codequality: a GitLab Code Quality report (JSON), an issue per
                                    finding, for the merge-request widget.
                                    html: one self-contained page: each tag's source with every finding
                                    under the line it points at (and the --profile verdicts), for a
                                    trafficker or a CI artifact.
          --config <file>         Read this configuration instead of the nearest .conform.json.
          --no-config             Ignore any .conform.json.
        \(ConfigurationLoader.ruleOptionHelp)
        \(ConfigurationLoader.inlineDirectivesHelp)
          --severity-threshold <severity>
                                  Lowest severity that fails the check. (values: info, warning, error; default: error)
          --strict                Warnings fail the check too (same as --severity-threshold warning).
          -q, --quiet             Report only the findings that fail the check (at or above the
                                  threshold), in every format; in text, only the inputs that have one.
          --statistics            Instead of each finding, count them by rule over all inputs (text).
          --max-size <bytes>      Refuse inputs larger than this. (default: 33554432)
          --input-list <file>     Also check the inputs listed in this file, one URL or path a line (blank lines
                                  and # comments skipped; - reads the list from standard input).
          --jobs <n>              With --follow or URL inputs: how many inputs are checked at once while their
                                  documents are fetched; the output stays in input order. (default: 16)
          --per-host <n>          Most requests to one host at a time, over all inputs. (default: 6)
        \(ProfileOutput.helpLines)
          --xsd <file>            Also validate against this XML Schema (an IAB VAST XSD); findings use
                                  rule XSD-schema-violation. Un-namespaced tags are validated in the
                                  schema's targetNamespace. (default: none)
        \(ChainCheck.helpOptions)
        \(ProbeCheck.helpOptions)
          -h, --help              Show this help.

        EXIT CODES:
          0  no finding at or above the threshold     1  at least one such finding
          2  an input could not be read                64 bad usage

        EXAMPLES:
          conform check tag.xml
          conform check --quiet ad-tags/
          conform check 'https://ads.example.com/vast?id=1'
          curl -s https://ads.example.com/vast | conform check -
          conform check --format json tags/*.xml
          conform check --format sarif tags/*.xml > conform.sarif
          conform check --format codequality tags/ > gl-code-quality-report.json
          conform check --format html tags/ > findings.html
          conform check --quiet --strict tags/*.xml
          conform check --profile pause --profile companion --profile-option slot=728x90 tag.xml
          conform check --xsd vast_4.2.xsd tag.xml
          conform check --follow https://ads.example.com/vast?id=1
          conform check --follow --player ima --macro CACHEBUSTING=1 tag.xml
          conform check --follow --quiet --input-list campaign-tags.txt --jobs 32 --per-host 4
          conform check --follow --map chain/map.json chain/root.xml
          conform check --follow --record Corpus/chains/new-case https://ads.example.com/vast?id=1
          conform check --probe tag.xml
          conform check --follow --probe --probe-pixels 'https://ads.example.com/vast?id=1'
        """

    struct FileReport: Encodable {
        var file: String
        var summary: TagSummary
        var diagnostics: [Diagnostic]
        var vast: VASTDocument?
        var vmap: VMAPDocument?
        var profiles: [ProfileReport]?
        /// With --follow: the resolved chain and its tracking.
        var chain: ChainReport?
        /// With --probe: every asset probed, its answer and its findings.
        var probe: ProbeReport?
        /// Findings the tag's directive comments switched off, each with its directive (absent when none).
        var suppressed: [SuppressedFinding]?
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "check", usage: usage)
        } catch { return error.report() }
        let format: ReportFormat
        do { format = try ReportFormat.findings(scanner.value("--format"), command: "check", usage: usage) } catch { return error.report() }
        let threshold: Severity
        do { threshold = try scanner.severityThreshold(command: "check", usage: usage) } catch { return error.report() }
        let quiet = scanner.flag("-q", "--quiet")
        let statistics = scanner.flag("--statistics")
        var parseOptions = XMLParseOptions.default
        if let raw = scanner.value("--max-size") {
            guard let bytes = Int(raw), bytes > 0 else {
                return UsageError(message: "--max-size takes a positive number of bytes", command: "check", usage: usage).report()
            }
            parseOptions.maxBytes = bytes
        }
        let profileNames: [ProfileName]
        let profileOptions: ProfileOptions
        var follow: ChainCheck?
        var probe: ProbeCheck?
        do {
            (profileNames, profileOptions) = try ProfileOutput.parse(scanner, command: "check", usage: usage)
            follow = try ChainCheck.parse(scanner, maxBytes: scanner.value("--max-size") == nil ? nil : parseOptions.maxBytes, usage: usage)
            probe = try ProbeCheck.parse(scanner, usage: usage)
        } catch { return error.report() }
        guard !scanner.positionals.isEmpty || scanner.value("--input-list") != nil else {
            return UsageError(message: "no input given", command: "check", usage: usage).report()
        }
        guard scanner.positionals.filter({ $0 == "-" }).count <= 1 else {
            return UsageError(message: "standard input can be read only once", command: "check", usage: usage).report()
        }
        if statistics, format != .text {
            return UsageError(message: "--statistics counts findings in text; the \(format.rawValue) format lists each one", command: "check",
                              usage: usage).report()
        }
        let configuration: Configuration
        do { configuration = try ConfigurationLoader.load(from: scanner, command: "check", usage: usage) } catch { return error.exitCode }

        follow?.applyConfiguredDepth(configuration.maxWrapperDepth, scanner: scanner)

        var schema: Data?
        if let path = scanner.value("--xsd") {
            do {
                schema = try InputReader.read(path, maxBytes: parseOptions.maxBytes)
            } catch {
                Terminal.printError("Error: --xsd: \(error)")
                return ExitCode.cannotProceed
            }
        }

        guard let jobs = Int(scanner.value("--jobs") ?? "16"), (1...256).contains(jobs) else {
            return UsageError(message: "--jobs takes a whole number from 1 to 256", command: "check", usage: usage).report()
        }
        guard let perHost = Int(scanner.value("--per-host") ?? "6"), (1...256).contains(perHost) else {
            return UsageError(message: "--per-host takes a whole number from 1 to 256", command: "check", usage: usage).report()
        }
        let limiter = HostLimiter(perHost: perHost)
        var options = TagCheck.Options(configuration: configuration, parseOptions: parseOptions, schema: schema,
                                       profiles: profileNames.map { TagCheck.ProfileRequest($0, options: profileOptions) })
        if let follow {
            do {
                options.follow = follow.follow(fetcher: PoliteFetcher(try follow.fetcher(), limiter: limiter))
            } catch {
                Terminal.printError("Error: \(error)")
                return ExitCode.cannotProceed
            }
        }
        if let probe {
            do {
                options.probe = try probe.prober(follow: follow, limiter: limiter, progress: format == .text && !quiet)
            } catch {
                Terminal.printError("Error: \(error)")
                return ExitCode.cannotProceed
            }
        }
        // A folder stands for the tag files under it; --input-list adds the lines of a file.
        var named = scanner.positionals
        if let list = scanner.value("--input-list") {
            do { named += try InputList.read(list) } catch {
                Terminal.printError("Error: --input-list: \(error)")
                return ExitCode.cannotProceed
            }
        }
        let (inputs, folderErrors) = InputReader.expandFolders(named)
        if follow?.recordDirectory != nil, inputs.count != 1 {
            return UsageError(message: "--record records one input; the arguments name \(inputs.count)", command: "check", usage: usage).report()
        }
        for error in folderErrors { Terminal.printError("Error: \(error)") }
        var failed = false
        var unreadable = !folderErrors.isEmpty
        // JSON is written report by report, so a long sweep holds one report at a time.
        var reports = JSONArrayStream()
        var findings: [FindingsOutput.Input] = []
        var tally = FindingTally()

        /// Renders one checked input; a code when the check cannot go on.
        func render(_ checked: TagCheck.Input, _ result: TagCheck.Result) -> Int32? {
            if let error = result.schemaError {
                Terminal.printError("Error: --xsd: \(error)")
                return ExitCode.cannotProceed
            }
            let name = result.name, input = result.input, suppressed = result.suppressed
            // The assets' findings sit with the rules': each names the element its URL is written in.
            var diagnostics = (result.findings + (result.probe?.diagnostics ?? [])).sorted()
            ProbeCheck.noteUnavailable(result.probe)
            var profiles = result.profiles
            var chain = result.chain.flatMap { followed in follow?.report(followed, rootURI: checked.rootURI) }
            if result.allFindings.hasAny(atLeast: threshold) { failed = true }
            if quiet {
                // Only what fails the check is reported; the verdicts and the chain's tracking stay.
                diagnostics = diagnostics.filter { $0.severity >= threshold }
                for index in profiles.indices { profiles[index].diagnostics = profiles[index].diagnostics.filter { $0.severity >= threshold } }
                if let found = chain?.diagnostics { chain?.diagnostics = found.filter { $0.severity >= threshold } }
                if format == .text, diagnostics.isEmpty, profiles.allSatisfy(\.diagnostics.isEmpty), chain?.diagnostics.isEmpty ?? true {
                    return nil
                }
            }
            switch format {
            case .sarif, .github, .junit, .markdown, .codequality, .html:
                // Every finding of the input: rules, profiles and the resolved chain.
                let all = diagnostics + profiles.flatMap(\.diagnostics) + (chain?.diagnostics ?? [])
                // The page shows a tag's source around its findings; a tag without any is named only, its text not kept.
                let source = format == .html && !(all.isEmpty && suppressed.isEmpty) ? FindingsOutput.sourceText(result.data) : nil
                // What each player flow asked for with --profile would do with the ad, for the page.
                let verdicts = format == .html ? profiles.map { (flow: "\($0.profile.rawValue):", verdict: $0.verdict) } : []
                findings.append(FindingsOutput.Input(name: name, diagnostics: all, suppressed: suppressed, source: source,
                                                     verdicts: verdicts))
            case .json:
                reports.append(FileReport(file: name, summary: TagSummary(input), diagnostics: diagnostics, vast: input.vast, vmap: input.vmap,
                                          profiles: profileNames.isEmpty ? nil : profiles, chain: chain, probe: result.probe,
                                          suppressed: suppressed.isEmpty ? nil : suppressed))
            case .text where statistics:
                tally.add(diagnostics + profiles.flatMap(\.diagnostics) + (chain?.diagnostics ?? []))
                tally.suppressed += suppressed.count
            case .text:
                printText(name: name, summary: TagSummary(input), diagnostics: diagnostics, suppressed: suppressed.count, input: input)
                ProfileOutput.printText(profiles, name: name)
                if let report = result.probe { ProbeCheck.printText(report) }
                if let chain {
                    ChainOutput.printText(chain)
                } else if let note = unfollowedWrapperNote(input) {
                    print(Terminal.paint(note, .dim) + "\n")
                }
            }

            return nil
        }

        let fetches = follow != nil || inputs.contains { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
        if fetches {
            // Inputs whose checks wait on the network are checked `jobs` at a time, each host answering at most
            // `perHost` requests at once; the output is in input order, as a run one at a time gives it.
            let reader = RootReader(follow: follow, options: options, maxBytes: parseOptions.maxBytes, limiter: limiter)
            let progress = SweepProgress(total: inputs.count, quiet: quiet || format != .text || inputs.count < 2)
            var stop: Int32?
            OrderedWork.run(inputs, jobs: jobs, work: { name in
                progress.started()
                defer { progress.finished() }
                return reader.check(name)
            }, deliver: { outcome in
                guard stop == nil else { return }
                progress.clear()
                switch outcome {
                case .checked(let checked, let result):
                    stop = render(checked, result)
                    progress.delivered(failed: result.allFindings.hasAny(atLeast: threshold))
                case .unreadable(let message):
                    Terminal.printError("Error: \(message)")
                    unreadable = true
                    progress.delivered(failed: true)
                }
            })
            progress.finish()
            if let stop {
                if format == .json { reports.finish() }
                return stop
            }
        } else {
            // Inputs are read a few at a time and checked as one batch (see TagCheck), as `conform run` checks a
            // corpus: the findings are each input's own, and a folder of small tags is checked faster.
            var next = 0
            while next < inputs.count {
                var batch: [TagCheck.Input] = []
                var batchBytes = 0
                while next < inputs.count, batch.count < TagCheck.batchSize, batchBytes < TagCheck.batchBytes {
                    let name = inputs[next]
                    next += 1
                    do {
                        batch.append(TagCheck.Input(name: name, data: try InputReader.read(name, maxBytes: parseOptions.maxBytes),
                                                    options: options))
                        batchBytes += batch[batch.count - 1].data.count
                    } catch {
                        Terminal.printError("Error: \(error)")
                        unreadable = true
                    }
                }
                for (checked, result) in zip(batch, TagCheck.check(batch: batch)) {
                    if let code = render(checked, result) {
                        if format == .json { reports.finish() }
                        return code
                    }
                }
            }
        }
        if statistics {
            print(tally.text(inputs: inputs.count))
        } else if format == .json {
            reports.finish()
        } else if let code = format.printFindings(findings, threshold: threshold, command: "check", noun: "input") {
            return code
        }
        if unreadable { return ExitCode.cannotProceed }
        return failed ? ExitCode.findings : ExitCode.success
    }

    /// For a tag with Wrappers checked without --follow: a reminder that the ads they lead to were not checked.
    static func unfollowedWrapperNote(_ input: DecodedInput) -> String? {
        let uris = (input.vast?.ads ?? []).compactMap { $0.wrapper?.vastAdTagURI?.value }.filter { !$0.isEmpty }
        guard let first = uris.first else { return nil }
        let what = uris.count == 1 ? "the ad its Wrapper leads to (\(first)) is" : "the ads its \(uris.count) Wrappers lead to (\(first), …) are"
        return "  note: \(what) not checked; add --follow to resolve the chain and check every hop"
    }

    static func printText(name: String, summary: TagSummary, diagnostics: [Diagnostic], suppressed: Int = 0, input: DecodedInput) {
        print(Terminal.paint(name, .bold) + "  " + summary.line)
        for diagnostic in diagnostics {
            let color: Terminal.Style = switch diagnostic.severity {
            case .error: .red
            case .warning: .yellow
            case .info: .blue
            }
            var location = diagnostic.file ?? name
            if let position = diagnostic.position { location += ":\(position.line):\(position.column)" }
            var line = "\(location): \(Terminal.paint(diagnostic.severity.rawValue, color)): \(diagnostic.message) "
            line += Terminal.paint("[\(diagnostic.ruleID)]", .dim)
            print(line)
            if let spec = diagnostic.spec { print("    " + Terminal.paint("see \(spec.description)", .dim)) }
        }
        let counts = Dictionary(grouping: diagnostics, by: \.severity).mapValues(\.count)
        var verdict = diagnostics.isEmpty ? Terminal.paint("no findings", .green)
            : "\(counts[.error] ?? 0) error(s), \(counts[.warning] ?? 0) warning(s), \(counts[.info] ?? 0) info"
        if suppressed > 0 { verdict += Terminal.paint(" (\(suppressed) switched off by directives in the tag)", .dim) }
        print("  \(verdict)")
        let repairable = TagFixer.repairableCount(diagnostics, in: input)
        if repairable > 0, name != "-", !name.hasPrefix("http://"), !name.hasPrefix("https://") {
            let safe = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._/-+,=:@".contains($0)) }
            let argument = safe ? name : "'" + name.replacingOccurrences(of: "'", with: "'\\''") + "'"
            print(Terminal.paint("  \(repairable) of them have an automatic repair: conform fix \(argument)", .dim))
        }
        print("")
    }
}

/// Findings counted by rule over every input, for `check --statistics`.
struct FindingTally {
    private var counts: [String: (severity: Severity, findings: Int, inputs: Int)] = [:]
    /// Findings switched off by directives in the tags, counted apart.
    var suppressed = 0

    mutating func add(_ diagnostics: [Diagnostic]) {
        var seen = Set<String>()
        for diagnostic in diagnostics {
            var entry = counts[diagnostic.ruleID] ?? (diagnostic.severity, 0, 0)
            entry.severity = max(entry.severity, diagnostic.severity)
            entry.findings += 1
            if seen.insert(diagnostic.ruleID).inserted { entry.inputs += 1 }
            counts[diagnostic.ruleID] = entry
        }
    }

    /// One row per rule, the most frequent first: count, inputs with it, severity, id and the rule's summary.
    func text(inputs: Int) -> String {
        guard !counts.isEmpty else { return Terminal.paint("no findings", .green) + " in \(inputs) input(s)" }
        let rows = counts.sorted { ($1.value.findings, $0.key) < ($0.value.findings, $1.key) }
        let idWidth = rows.map(\.key.count).max() ?? 0
        var lines = ["  COUNT  INPUTS  SEVERITY  " + "RULE".padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  SUMMARY"]
        for (id, entry) in rows {
            let count = String(entry.findings), files = String(entry.inputs)
            lines.append(String(repeating: " ", count: max(0, 7 - count.count)) + count
                         + String(repeating: " ", count: max(0, 8 - files.count)) + files + "  "
                         + entry.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + "  "
                         + id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                         + (RuleCatalog.description(for: id)?.summary ?? ""))
        }
        let total = counts.values.reduce(0) { $0 + $1.findings }
        lines.append("\(total) finding(s) of \(counts.count) rule(s) in \(inputs) input(s)"
                     + (suppressed > 0 ? "; \(suppressed) more switched off by directives in the tags" : ""))
        return lines.joined(separator: "\n")
    }
}

/// The facts of a tag a reader wants first: version, ads, creatives, media, tracking.
struct TagSummary: Encodable {
    var kind: String
    var version: String?
    var ads: Int = 0
    var inLines: Int = 0
    var wrappers: Int = 0
    var creatives: [String: Int] = [:]
    var mediaFiles: Int = 0
    var trackingEvents: [String: Int] = [:]
    var adBreaks: Int?

    init(_ input: DecodedInput) {
        if let vast = input.vast {
            kind = "VAST"
            version = vast.declaredVersion
            ads = vast.ads.count
            for ad in vast.ads {
                if ad.inLine != nil { inLines += 1 }
                if ad.wrapper != nil { wrappers += 1 }
                for creative in ad.body?.creatives ?? [] {
                    if let kind = creative.kind { creatives[kind.rawValue, default: 0] += 1 }
                    if let linear = creative.linear {
                        mediaFiles += linear.mediaFiles.count
                        for event in linear.trackingEvents { trackingEvents[event.event ?? "?", default: 0] += 1 }
                    }
                    for event in creative.nonLinearAds?.trackingEvents ?? [] { trackingEvents[event.event ?? "?", default: 0] += 1 }
                    for companion in creative.companionAds?.companions ?? [] {
                        for event in companion.trackingEvents { trackingEvents[event.event ?? "?", default: 0] += 1 }
                    }
                }
            }
        } else if let vmap = input.vmap {
            kind = "VMAP"
            version = vmap.version
            adBreaks = vmap.adBreaks.count
        } else if !input.xml.isWellFormed {
            kind = "malformed XML"
        } else {
            kind = input.rootName.map { "<\($0)>" } ?? "empty"
        }
    }

    var line: String {
        var parts = [version.map { "\(kind) \($0)" } ?? kind]
        if kind == "VAST" {
            parts.append("\(ads) ad(s): \(inLines) InLine, \(wrappers) Wrapper")
            let kinds = creatives.keys.sorted().map { "\(creatives[$0]!) \($0)" }.joined(separator: ", ")
            parts.append("creatives: \(kinds.isEmpty ? "none" : kinds)")
            parts.append("\(mediaFiles) media file(s)")
            let total = trackingEvents.values.reduce(0, +)
            parts.append("\(total) tracking event(s)")
        }
        if let adBreaks { parts.append("\(adBreaks) ad break(s)") }
        return Terminal.paint(parts.joined(separator: " · "), .dim)
    }
}

/// Reads an input named on the command line: a file, or `-` for standard input.
enum InputReader {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The file extensions a folder given to `check` is searched for.
    static let tagExtensions: Set<String> = ["xml", "vast", "vmap"]

    /// `names` with every folder replaced by the tag files under it (`.xml`, `.vast`, `.vmap`, at any depth,
    /// hidden entries skipped), sorted; files, URLs and `-` stay as given. A folder without such files is
    /// an error, listed in `errors`.
    static func expandFolders(_ names: [String]) -> (inputs: [String], errors: [String]) {
        var inputs: [String] = [], errors: [String] = []
        for name in names {
            guard !name.hasPrefix("http://"), !name.hasPrefix("https://"), isFolder(name) else {
                inputs.append(name)
                continue
            }
            let root = URL(fileURLWithPath: name, isDirectory: true)
            var found: [String] = []
            if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                           options: [.skipsHiddenFiles]) {
                for case let url as URL in walker where tagExtensions.contains(url.pathExtension.lowercased()) {
                    guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                    // Named as the folder was given, so findings point at paths the user recognises.
                    let relative = url.path.dropFirst(root.path.count).drop { $0 == "/" }
                    found.append(name.hasSuffix("/") ? name + relative : name + "/" + relative)
                }
            }
            if found.isEmpty {
                errors.append("\(name): a folder without .xml, .vast or .vmap files")
            }
            inputs += found.sorted()
        }
        return (inputs, errors)
    }

    /// Whether `name` is a folder (`-`, standard input, never is).
    static func isFolder(_ name: String) -> Bool {
        var isDirectory: ObjCBool = false
        return name != "-" && FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func read(_ name: String, maxBytes: Int) throws -> Data {
        if name == "-" {
            return try bounded(FileHandle.standardInput, name: "standard input", maxBytes: maxBytes)
        }
        if name.hasPrefix("http://") || name.hasPrefix("https://") {
            var settings = PlayerSettings.spec
            settings.policy.maxBytes = maxBytes
            return try fetch(name, settings: settings)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) else {
            throw ReadError(description: "\(name): no such file")
        }
        guard !isDirectory.boolValue else { throw ReadError(description: "\(name): is a directory") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: name))?[.size] as? Int, size > maxBytes {
            throw ReadError(description: "\(name): \(size) bytes, larger than the limit of \(maxBytes) (see --max-size)")
        }
        do {
            let attributes = try? FileManager.default.attributesOfItem(atPath: name)
            guard attributes?[.type] as? FileAttributeType != .typeRegular else { return try Data(contentsOf: URL(fileURLWithPath: name)) }
            // A pipe or device has no size to check first: it is read up to the limit.
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: name))
            defer { try? handle.close() }
            return try bounded(handle, name: name, maxBytes: maxBytes)
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(description: "\(name): \(fileErrorReason(error))")
        }
    }

    /// Everything `handle` holds, refused as soon as it passes `maxBytes` (never read in whole first).
    static func bounded(_ handle: FileHandle, name: String, maxBytes: Int) throws -> Data {
        var data = Data()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 16) } catch {
                throw ReadError(description: "\(name): \(fileErrorReason(error))")
            }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
            if data.count > maxBytes {
                throw ReadError(description: "\(name): more than \(maxBytes) bytes, larger than the limit (see --max-size)")
            }
        }
    }

    /// The document at an http(s) URL, fetched once within the limits of `settings` (no Wrapper is followed:
    /// that is `--follow`). A plain URL input is fetched with the spec player's: 10 s, redirects checked.
    static func fetch(_ name: String, settings: PlayerSettings) throws -> Data {
        guard let url = URL(string: name), url.host != nil else { throw ReadError(description: "\(name): not a valid URL") }
        do {
            return try HTTPFetcher(settings: settings).fetch(url, referrer: nil).data
        } catch {
            // Fetch errors name the URL already.
            let reason = "\(error)"
            throw ReadError(description: reason.contains(name) ? reason : "\(name): \(reason)")
        }
    }
}
