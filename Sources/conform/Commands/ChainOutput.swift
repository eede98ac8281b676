import Chain
import ConformCore
import Conformance
import Foundation
import VAST
import Validation

/// `conform check --follow`: options, root reading, resolution, tracking collection, recording and printing.
/// Kept apart from CheckCommand.swift so the check command only calls in.
struct ChainCheck: Sendable {
    static let valueOptions: Set<String> = ["--map", "--player", "--max-depth", "--timeout", "--macro", "--record", "--root-uri"]
    static let flagOptions: Set<String> = ["--follow", "--refuse-private-addresses"]

    /// The help text of the options, for `conform check --help`.
    static let helpOptions = """
          --follow                Follow Wrapper chains (VASTAdTagURI), run every rule over each fetched document
                                  (its findings under its URI) and collect every tracking URL with the hop it came
                                  from. (Without it, a URL input is fetched and checked alone.)
        \(resolutionHelp(record: true))
        """

    /// The help text of the options that shape a resolution (all but `--follow`); `record` adds `--record`.
    static func resolutionHelp(record: Bool) -> String {
        """
          --map <file>            Resolve the chain offline: a JSON map from VASTAdTagURI to local file
                                  ({"https://…/w2.xml": "w2.xml", "https://…/gone": {"status": 404}}).
          --player <name>         Resolution limits of a player. (values: \(PlayerSettings.all.map(\.name).joined(separator: ", ")); default: spec)
                                  spec: depth 5, 10 s per hop · ima: depth 4, 5 s · vast-client-js: depth 10, 120 s
          --max-depth <n>         Most wrapper hops followed (overrides --player). Without either, the
                                  configuration's maxWrapperDepth (default 5, the spec's).
          --timeout <seconds>     Time limit per hop, at most 86400 (overrides --player).
          --macro <NAME=VALUE>    Value for a macro in the expansion preview (repeatable; default: sample values).
        """ + (record ? """

          --record <dir>          Write the fetched chain as a corpus case `conform run` passes: every
                                  document and chain.json, their URI map and expectation (one input only).
        """ : "") + """

          --root-uri <uri>        The URI the root document stands for (default: the URI --map gives the root file,
                                  else the file itself); relative VASTAdTagURIs resolve against it.
          --refuse-private-addresses
                                  Refuse hosts on private, link-local or loopback addresses (for hosted use).
        """
    }

    var settings: PlayerSettings
    var mapFile: String?
    var macros: [String: String]
    var recordDirectory: String?
    var rootURIOverride: String?

    /// Takes the configuration's `maxWrapperDepth` as the depth limit when the command line chose none
    /// (neither `--player` nor `--max-depth`).
    mutating func applyConfiguredDepth(_ depth: Int, scanner: ArgumentScanner) {
        guard scanner.value("--player") == nil, scanner.value("--max-depth") == nil, depth != settings.maxDepth else { return }
        settings.maxDepth = depth
        settings.name = "custom"
    }

    /// The follow options of `scanner`, or `nil` without `--follow`.
    static func parse(_ scanner: ArgumentScanner, maxBytes: Int?, usage: String, command: String = "check") throws(UsageError) -> ChainCheck? {
        func fail(_ message: String) -> UsageError { UsageError(message: message, command: command, usage: usage) }
        let chainOnly = valueOptions.filter { scanner.value($0) != nil } + (scanner.flag("--refuse-private-addresses") ? ["--refuse-private-addresses"] : [])
        guard scanner.flag("--follow") else {
            if let first = chainOnly.sorted().first { throw fail("\(first) needs --follow") }
            return nil
        }
        let playerName = scanner.value("--player") ?? "spec"
        guard var settings = PlayerSettings.named(playerName) else {
            throw fail("unknown player '\(playerName)' (values: \(PlayerSettings.all.map(\.name).joined(separator: ", ")))")
        }
        if let raw = scanner.value("--max-depth") {
            guard let depth = Int(raw), depth >= 0 else { throw fail("--max-depth takes a whole number of hops (0 or more)") }
            settings.maxDepth = depth
            settings.name = "custom"
        }
        if let raw = scanner.value("--timeout") {
            guard let seconds = Double(raw), seconds > 0, seconds <= FetchPolicy.maximumTimeout else {
                throw fail("--timeout takes a positive number of seconds, at most \(Int(FetchPolicy.maximumTimeout)) (a day)")
            }
            settings.policy.perHopTimeout = seconds
            settings.policy.totalTimeout = max(settings.policy.totalTimeout, seconds)
            settings.name = "custom"
        }
        if let maxBytes { settings.policy.maxBytes = maxBytes }
        if scanner.flag("--refuse-private-addresses") { settings.policy.refusePrivateAddresses = true }
        var macros: [String: String] = [:]
        for assignment in scanner.values("--macro") {
            guard let eq = assignment.firstIndex(of: "="), eq != assignment.startIndex else {
                throw fail("--macro takes NAME=VALUE, got '\(assignment)'")
            }
            macros[String(assignment[..<eq]).uppercased()] = String(assignment[assignment.index(after: eq)...])
        }
        if scanner.value("--record") != nil && scanner.positionals.count != 1 {
            throw fail("--record records one input; give exactly one")
        }
        return ChainCheck(settings: settings, mapFile: scanner.value("--map"), macros: macros,
                          recordDirectory: scanner.value("--record"), rootURIOverride: scanner.value("--root-uri"))
    }

    /// Reads the root: a file, `-`, or an http(s) URL fetched with the player's limits.
    func readRoot(_ name: String, maxBytes: Int) throws -> (data: Data, rootURI: String?) {
        if name.hasPrefix("http://") || name.hasPrefix("https://") {
            return (try InputReader.fetch(name, settings: settings), rootURIOverride ?? name)
        }
        let data = try InputReader.read(name, maxBytes: maxBytes)
        if let rootURIOverride { return (data, rootURIOverride) }
        if name == "-" { return (data, nil) }
        let file = URL(fileURLWithPath: name).standardizedFileURL
        // With a map that names the root file (as a recorded case's map does), the root stands for that URI.
        if let mapFile, let fetcher = try? CorpusFetcher(mapFile: URL(fileURLWithPath: mapFile)) {
            let mapped = fetcher.map.compactMap { uri, entry -> String? in
                guard case .file(let path) = entry else { return nil }
                return fetcher.baseDirectory.appendingPathComponent(path).standardizedFileURL.path == file.path ? uri : nil
            }
            if let uri = mapped.sorted().first { return (data, uri) }
        }
        return (data, file.absoluteString)
    }

    /// The fetcher for this run: the map offline, else local files for a local root's relative references and
    /// HTTP(S) for everything else.
    func fetcher() throws -> any Fetcher {
        if let mapFile {
            return try CorpusFetcher(mapFile: URL(fileURLWithPath: mapFile), maxBytes: settings.policy.maxBytes)
        }
        let http = HTTPFetcher(settings: settings)
        return RoutingFetcher(routes: ["file": FileFetcher(maxBytes: settings.policy.maxBytes), "http": http, "https": http])
    }

    /// How ``TagCheck`` follows a chain with these options and `fetcher`: fetched files named as paths relative
    /// to the working directory.
    func follow(fetcher: any Fetcher) -> TagCheck.Follow {
        TagCheck.Follow(settings: settings, fetcher: fetcher, macros: macros, documentName: { ChainOutput.display($0) })
    }

    /// Resolves the chain without checking its documents: the report and the documents after the root (for the
    /// player profiles).
    func resolveWithDocuments(_ data: Data, rootURI: String?, name: String, fetcher: any Fetcher)
        -> (report: ChainReport, documents: [VASTDocument]) {
        let (chain, _) = TagCheck.follow(data, rootURI: rootURI, name: name, follow: follow(fetcher: fetcher), rules: nil)
        return (report(chain, rootURI: rootURI), chain.documents)
    }

    /// The report of a followed chain, its findings as they are; with `--record`, the chain is recorded first.
    func report(_ followed: TagCheck.FollowedChain, rootURI: String?) -> ChainReport {
        let chain = followed.resolved
        let byLabel = Dictionary(followed.tracking.map { ($0.ad, $0) }, uniquingKeysWith: { first, _ in first })
        return ChainReport(
            player: .init(settings),
            rootURI: rootURI,
            ads: chain.ads.map { ad in
                ChainReport.AdReport(
                    ad: ad.label, sequence: ad.sequence,
                    chain: ad.hops.map { hop in
                        ChainReport.Hop(hop: hop.index, uri: hop.uri, writtenURI: hop.writtenURI, depth: hop.depth,
                                        outcome: hop.outcome.rawValue, version: hop.version, durationMs: hop.durationMs,
                                        statusCode: hop.statusCode)
                    },
                    stop: .init(reason: ad.stop.reason.rawValue, vastErrorCode: ad.stop.vastErrorCode?.rawValue,
                                message: ad.stop.message, fallbackOnNoAd: ad.stop.fallbackOnNoAd),
                    errorURLs: ad.stop.reason == .inLine ? [] : ad.errorURLs,
                    tracking: byLabel[ad.label])
            },
            rootErrors: chain.rootErrors,
            diagnostics: followed.diagnostics,
            recorded: record(chain, rootURI: rootURI))
    }

    /// Writes the recorded case when `--record` was given; returns the directory and file names.
    private func record(_ chain: ResolvedChain, rootURI: String?) -> ChainReport.Recording? {
        guard let recordDirectory else { return nil }
        let directory = URL(fileURLWithPath: recordDirectory)
        let files = ChainRecorder.files(for: chain, description: ChainRecorder.describe(rootURI: rootURI))
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (fileName, data) in files {
                // Temporary file and rename in the same folder: atomic without Foundation's
                // temporary-directory dance.
                let target = directory.appendingPathComponent(fileName)
                let temporary = directory.appendingPathComponent(".\(fileName).\(UUID().uuidString).tmp")
                try data.write(to: temporary)
                guard rename(temporary.path, target.path) == 0 else {
                    try? FileManager.default.removeItem(at: temporary)
                    throw CocoaError(.fileWriteUnknown)
                }
            }
            return .init(directory: recordDirectory, files: files.keys.sorted(), error: nil)
        } catch {
            return .init(directory: recordDirectory, files: [], error: fileErrorReason(error))
        }
    }
}

/// The JSON of a followed chain (documented in Docs/Chain-JSON.md).
struct ChainReport: Encodable {
    struct Player: Encodable {
        var name: String
        var maxDepth: Int
        var perHopTimeout: Double
        var totalTimeout: Double
        var maxBytes: Int
        var redirects: Int
        var refusePrivateAddresses: Bool

        init(_ settings: PlayerSettings) {
            name = settings.name
            maxDepth = settings.maxDepth
            perHopTimeout = settings.policy.perHopTimeout
            totalTimeout = settings.policy.totalTimeout
            maxBytes = settings.policy.maxBytes
            redirects = settings.policy.redirects
            refusePrivateAddresses = settings.policy.refusePrivateAddresses
        }
    }
    struct Hop: Encodable {
        var hop: Int
        var uri: String?
        var writtenURI: String?
        var depth: Int
        var outcome: String
        var version: String?
        var durationMs: Int
        var statusCode: Int?
    }
    struct Stop: Encodable {
        var reason: String
        var vastErrorCode: Int?
        var message: String
        var fallbackOnNoAd: Bool?
    }
    struct AdReport: Encodable {
        var ad: String
        var sequence: Int?
        var chain: [Hop]
        var stop: Stop
        var errorURLs: [ChainURL]
        var tracking: TrackingReport?
    }
    struct Recording: Encodable {
        var directory: String
        var files: [String]
        var error: String?
    }

    var player: Player
    var rootURI: String?
    var ads: [AdReport]
    var rootErrors: [ChainURL]
    var diagnostics: [Diagnostic]
    var recorded: Recording?
}

/// Human output of a followed chain: the chain drawn hop by hop, then a tracking table per ad.
enum ChainOutput {
    static func printText(_ report: ChainReport) {
        let player = report.player
        print("  " + Terminal.paint("Chain", .bold) + Terminal.paint(
            "  (player \(player.name): at most \(player.maxDepth) wrapper hop(s), \(seconds(player.perHopTimeout)) per hop, \(seconds(player.totalTimeout)) in all)", .dim))
        if report.ads.isEmpty {
            print("    no ad to follow" + (report.rootErrors.isEmpty ? "" : " (no-ad response; \(report.rootErrors.count) Error URL(s))"))
        }
        for ad in report.ads {
            let verdict: String
            if ad.stop.reason == StopReason.inLine.rawValue {
                verdict = Terminal.paint("✓ InLine at hop \(ad.chain.count - 1)", .green)
            } else {
                let code = ad.stop.vastErrorCode.map { " (IAB \($0))" } ?? ""
                verdict = Terminal.paint("✗ stopped: \(ad.stop.reason)\(code)", .red)
            }
            let sequence = ad.sequence.map { " sequence \($0)" } ?? ""
            print("    Ad \(ad.ad)\(sequence)  \(verdict)")
            let width = min(70, ad.chain.map { display($0.uri).count }.max() ?? 10)
            for hop in ad.chain {
                let uri = display(hop.uri)
                let padded = uri.count < width ? uri + String(repeating: " ", count: width - uri.count) : uri
                var line = "      hop \(hop.hop)  \(padded)  \(pad(hop.outcome, 19))"
                if let version = hop.version { line += "  VAST \(version)" }
                if hop.hop > 0 && (hop.statusCode != nil || hop.durationMs > 0) { line += "  \(hop.durationMs) ms" }
                if let status = hop.statusCode { line += "  HTTP \(status)" }
                print(line)
            }
            if ad.stop.reason != StopReason.inLine.rawValue {
                print("      " + Terminal.paint(ad.stop.message, .dim))
                if !ad.errorURLs.isEmpty {
                    print("      Error URLs a player fires:")
                    for url in ad.errorURLs { print("        \(url.expanded)  " + Terminal.paint("[hop \(url.hop)]", .dim)) }
                }
            }
            if let tracking = ad.tracking { printTracking(tracking) }
        }
        for diagnostic in report.diagnostics {
            let color: Terminal.Style = switch diagnostic.severity {
            case .error: .red
            case .warning: .yellow
            case .info: .blue
            }
            var location = diagnostic.file ?? "<chain>"
            if let position = diagnostic.position { location += ":\(position.line):\(position.column)" }
            print("  \(location): \(Terminal.paint(diagnostic.severity.rawValue, color)): \(diagnostic.message) "
                  + Terminal.paint("[\(diagnostic.ruleID)]", .dim))
        }
        if let recorded = report.recorded {
            if let error = recorded.error {
                print("  " + Terminal.paint("could not record the chain to \(recorded.directory): \(error)", .red))
            } else {
                print("  recorded \(recorded.files.count) file(s) to \(recorded.directory): \(recorded.files.joined(separator: ", "))")
            }
        }
        print("")
    }

    static func printTracking(_ tracking: TrackingReport) {
        var rows: [(String, TrackingURL)] = []
        rows += tracking.impression.map { ("impression", $0) }
        rows += tracking.error.map { ("error", $0) }
        if let clickThrough = tracking.clickThrough { rows.append(("clickThrough", clickThrough)) }
        rows += (tracking.repeatedClickThroughs ?? []).map { ("clickThrough", $0) }
        rows += tracking.clickTracking.map { ("clickTracking", $0) }
        rows += tracking.customClick.map { ("customClick", $0) }
        for name in tracking.events.keys.sorted() {
            for url in tracking.events[name]! {
                let type = url.creativeType.map { " (\($0))" } ?? ""
                let offset = url.offset.map { " @\($0)" } ?? ""
                rows.append(("\(name)\(offset)\(type)", url))
            }
        }
        rows += tracking.nonLinearClickTracking.map { ("nonLinearClickTracking", $0) }
        rows += (tracking.nonLinearCustomClick ?? []).map { ("nonLinearCustomClick", $0) }
        rows += tracking.companionClickTracking.map { ("companionClickTracking", $0) }
        rows += tracking.iconViewTracking.map { ("iconViewTracking", $0) }
        rows += tracking.iconClickTracking.map { ("iconClickTracking", $0) }
        for name in tracking.viewableImpression.keys.sorted() { rows += tracking.viewableImpression[name]!.map { (name, $0) } }
        for name in tracking.verification.keys.sorted() { rows += tracking.verification[name]!.map { ("verification \(name)", $0) } }
        guard !rows.isEmpty else { return }
        print("      " + Terminal.paint("Tracking", .bold) + Terminal.paint(" (URLs as a player requests them, macros filled)", .dim))
        let width = min(36, rows.map(\.0.count).max() ?? 10)
        var previous = ""
        for (event, url) in rows {
            let label = event == previous ? "" : event
            previous = event
            let marks = (url.repeated == true ? ", repeated element" : "") + (url.fromExtension == true ? ", from Extension" : "")
            print("        \(pad(label, width))  \(url.expanded)  " + Terminal.paint("[hop \(url.hop)\(marks)]", .dim))
        }
    }

    /// A hop's URI for people: local files as paths relative to the working directory.
    static func display(_ uri: String?) -> String {
        guard let uri else { return "(standard input)" }
        guard let url = URL(string: uri), url.isFileURL else { return uri }
        let cwd = FileManager.default.currentDirectoryPath
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.path
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Reads and checks one input of a sweep that fetches (`--follow`, or URL inputs), on any thread: the root
/// document through the host limiter when it is a URL, then the check (and the chain it follows).
struct RootReader: Sendable {
    enum Outcome: Sendable {
        case checked(TagCheck.Input, TagCheck.Result)
        case unreadable(String)
    }

    var follow: ChainCheck?
    var options: TagCheck.Options
    var maxBytes: Int
    var limiter: HostLimiter

    func check(_ name: String) -> Outcome {
        do {
            let input: TagCheck.Input
            if let follow {
                let (data, rootURI) = try slot(for: name) { try follow.readRoot(name, maxBytes: maxBytes) }
                input = TagCheck.Input(name: name, data: data, rootURI: rootURI, options: options)
            } else {
                input = TagCheck.Input(name: name, data: try slot(for: name) { try InputReader.read(name, maxBytes: maxBytes) }, options: options)
            }
            return .checked(input, TagCheck.check(input))
        } catch {
            return .unreadable("\(error)")
        }
    }

    /// `body`, in a slot of the input's host when the input is a URL.
    private func slot<T>(for name: String, _ body: () throws -> T) throws -> T {
        guard name.hasPrefix("http://") || name.hasPrefix("https://"), let url = URL(string: name) else { return try body() }
        return try limiter.withSlot(for: PoliteFetcher.hostKey(url), body)
    }
}

/// `--input-list FILE`: one input a line (a URL or a path), blank lines and `#` comments skipped; `-` reads
/// the list from standard input.
enum InputList {
    static func read(_ file: String) throws -> [String] {
        let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try readWholeFile(URL(fileURLWithPath: file))
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { line in
            let entry = line.trimmingCharacters(in: .whitespaces)
            return entry.isEmpty || entry.hasPrefix("#") ? nil : entry
        }
    }
}
