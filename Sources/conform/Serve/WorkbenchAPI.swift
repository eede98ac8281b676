import Chain
import ConformCore
import Conformance
import Foundation
import Probe
import Profiles
import Reports
import Trafficking
import VAST
import Validation
import XMLCore

/// The workbench's JSON API (documented in Docs/Serve.md). Each endpoint takes the options of its command, by
/// the command's own option names, parses them with the command's own parsers, and answers with the JSON the
/// command prints with `--format json`. No endpoint checks anything itself: each calls the library functions
/// the command calls.
struct WorkbenchAPI: Sendable {
    let settings: WorkbenchServer.Settings
    /// The probe answers of the server's session: a re-check of the tag does not request its assets again.
    let probeAnswers = ProbeAnswerCaches()

    /// A request the endpoint cannot serve, with its HTTP status.
    struct Refusal: Error {
        var status: Int
        var message: String
        init(_ status: Int, _ message: String) {
            self.status = status
            self.message = message
        }
    }

    func get(_ endpoint: String, _ request: HTTPRequest) -> HTTPResponse {
        do {
            switch endpoint {
            case "rules": return .json(200, encodeJSON(RuleCatalog.all.sorted { $0.id < $1.id }))
            case "explain": return try explain(request.argument("id") ?? "")
            case "examples": return .json(200, encodeJSON(examples()))
            case "example": return try example(request.argument("id") ?? "")
            case "info":
                return .json(200, encodeJSON(Info(version: ConformInfo.version, corpus: settings.corpus != nil,
                                                  players: PlayerSettings.all.map(\.name), profiles: ProfileName.allCases.map(\.rawValue),
                                                  refusePrivateAddresses: settings.refusePrivateAddresses)))
            default: return .error(404, "no such endpoint: GET /api/\(endpoint)")
            }
        } catch {
            return .error(error.status, error.message)
        }
    }

    func post(_ endpoint: String, _ request: HTTPRequest) -> HTTPResponse {
        do {
            let body = try Body(request.body)
            switch endpoint {
            case "check": return try check(body)
            case "params": return try params(body)
            case "fix": return try fix(body)
            case "simulate": return try simulate(body)
            case "schedule": return try schedule(body)
            case "save-case": return try saveCase(body)
            case "fetch": return try fetch(body)
            default: return .error(404, "no such endpoint: POST /api/\(endpoint)")
            }
        } catch {
            return .error(error.status, error.message)
        }
    }

    // MARK: - Request bodies

    /// A JSON object body, read by key.
    struct Body {
        let object: [String: Any]

        init(_ data: Data) throws(Refusal) {
            guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
                throw Refusal(400, "the body must be a JSON object")
            }
            self.object = object
        }

        func string(_ key: String) throws(Refusal) -> String? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            guard let text = value as? String else { throw Refusal(400, "\(key) must be a string") }
            return text
        }

        func strings(_ key: String) throws(Refusal) -> [String] {
            guard let value = object[key], !(value is NSNull) else { return [] }
            if let text = value as? String { return [text] }
            guard let list = value as? [Any], let texts = list as? [String] else { throw Refusal(400, "\(key) must be a list of strings") }
            return texts
        }

        /// Whether a decoded JSON value is `true` or `false` (JSONSerialization gives numbers and booleans as
        /// NSNumber, and `is Bool` holds for the numbers 0 and 1 too: a boolean's type code is `c`).
        private static func isBoolean(_ value: Any) -> Bool {
            (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
        }

        func bool(_ key: String) throws(Refusal) -> Bool {
            guard let value = object[key], !(value is NSNull) else { return false }
            guard Self.isBoolean(value), let flag = value as? Bool else { throw Refusal(400, "\(key) must be true or false") }
            return flag
        }

        func number(_ key: String) throws(Refusal) -> String? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            if let number = value as? NSNumber, !Self.isBoolean(value) { return number.stringValue }
            if let text = value as? String { return text }
            throw Refusal(400, "\(key) must be a number")
        }
    }

    /// The command-line arguments that `body`'s option keys stand for: `{"profile": ["pause"], "follow": true}`
    /// is `--profile=pause --follow`. Keys are the command's long options without their dashes; only the keys
    /// listed are read, and each value is written after `=`, so no value can pass for another option.
    private func arguments(_ body: Body, values: [String], flags: [String]) throws(Refusal) -> [String] {
        var arguments: [String] = []
        for key in values {
            if key == "macro", let macros = body.object[key] as? [String: Any] {
                for (name, value) in macros.sorted(by: { $0.key < $1.key }) { arguments.append("--macro=\(name)=\(value)") }
                continue
            }
            if let value = body.object[key], value is NSNumber, !(value is String) {
                guard let number = try body.number(key) else { continue }
                arguments.append("--\(key)=\(number)")
                continue
            }
            for value in try body.strings(key) { arguments.append("--\(key)=\(value)") }
        }
        for key in flags where try body.bool(key) { arguments.append("--\(key)") }
        return arguments
    }

    private func scanner(_ command: any Subcommand.Type, _ arguments: [String]) throws(Refusal) -> ArgumentScanner {
        do {
            return try ArgumentScanner(arguments, valueOptions: command.valueOptions, flagOptions: command.flagOptions, command: command.name,
                                       usage: "")
        } catch { throw Refusal(400, error.message) }
    }

    /// The configuration of a request: the defaults (the server reads no configuration file), the body's
    /// `configuration` (a .conform.json object), then its `rule` settings.
    private func configuration(_ body: Body, command: String) throws(Refusal) -> Configuration {
        var configuration = Configuration.default
        let known = Set(RuleCatalog.all.map(\.id))
        if let object = body.object["configuration"], !(object is NSNull) {
            guard JSONSerialization.isValidJSONObject(object), let data = try? JSONSerialization.data(withJSONObject: object) else {
                throw Refusal(400, "configuration must be a JSON object, as .conform.json holds")
            }
            do { configuration = try Configuration.parse(data, knownRuleIDs: known, aliases: RuleCatalog.aliases).0 } catch {
                throw Refusal(400, "configuration: \(error)")
            }
        }
        let overrides: [(pattern: String, setting: RuleSetting)]
        let settings = try body.strings("rule")
        do { overrides = try ConfigurationLoader.overrides(settings, command: command, usage: "") } catch { throw Refusal(400, error.message) }
        for (pattern, setting) in overrides { configuration.set(pattern, to: setting, among: Array(known)) }
        if try body.bool("no-inline-directives") {
            configuration.inlineDirectives = false
            configuration.pinnedInlineDirectives = false
        }
        return configuration
    }

    /// The player settings of every fetch the server makes: the chain policy (http and https only, time and
    /// size limits, redirects checked), each fetch ending within the request's time limit (the three quarters of it left after waiting for a worker), and private
    /// addresses refused when the server is reachable from other machines.
    private func bounded(_ settings: PlayerSettings) -> PlayerSettings {
        var settings = settings
        let limit = Double(self.settings.requestTimeout) * 0.75
        settings.policy.perHopTimeout = min(settings.policy.perHopTimeout, limit)
        settings.policy.totalTimeout = min(settings.policy.totalTimeout, limit)
        settings.policy.maxBytes = min(settings.policy.maxBytes, XMLParseOptions.defaultMaxBytes)
        if self.settings.refusePrivateAddresses { settings.policy.refusePrivateAddresses = true }
        return settings
    }

    /// The fetcher of every chain: HTTP(S) only (a VASTAdTagURI naming a file is refused, never read).
    private func fetcher(_ settings: PlayerSettings) -> any Fetcher {
        let http = PoliteFetcher(HTTPFetcher(settings: settings), limiter: self.settings.hosts)
        return RoutingFetcher(routes: ["http": http, "https": http])
    }

    /// The tag of a request: `xml` as given, or the document at `url` fetched within the chain policy.
    private func tag(_ body: Body, settings: PlayerSettings) throws(Refusal) -> (data: Data, name: String, rootURI: String?) {
        if let xml = try body.string("xml") {
            return (Data(xml.utf8), try body.string("name") ?? "tag.xml", nil)
        }
        guard let url = try body.string("url") else { throw Refusal(400, "give the tag as xml, or its address as url") }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else { throw Refusal(400, "url must be an http or https address") }
        do {
            return (try InputReader.fetch(url, settings: settings), url, url)
        } catch {
            throw Refusal(422, "\(error)")
        }
    }

    // MARK: - Endpoints

    /// `check`: the body's `xml` or `url`, with `check`'s options (`follow`, `probe`, `player`, `max-depth`, `timeout`,
    /// `macro`, `root-uri`, `profile`, `profile-option`, `rule`, `configuration`); `format` json (default), html
    /// or markdown. With `probe`, the assets are requested under the chain's bounded policy (pixels never), each
    /// URL's answer kept while the server runs (see ``ProbeAnswerCaches``); `reprobe` requests them again.
    private func check(_ body: Body) throws(Refusal) -> HTTPResponse {
        let scanner = try scanner(CheckCommand.self, try arguments(
            body, values: ["player", "max-depth", "timeout", "macro", "profile", "profile-option", "root-uri"], flags: ["follow", "probe"]))
        let format = try body.string("format") ?? "json"
        guard ["json", "html", "markdown"].contains(format) else { throw Refusal(400, "unknown format '\(format)' (values: json, html, markdown)") }
        let configuration = try configuration(body, command: "check")
        var follow: ChainCheck?
        let profiles: [ProfileName], profileOptions: ProfileOptions
        do {
            (profiles, profileOptions) = try ProfileOutput.parse(scanner, command: "check", usage: "")
            follow = try ChainCheck.parse(scanner, maxBytes: nil, usage: "")
        } catch { throw Refusal(400, error.message) }
        follow?.applyConfiguredDepth(configuration.maxWrapperDepth, scanner: scanner)
        if let settings = follow?.settings { follow?.settings = bounded(settings) }
        let rootSettings = follow?.settings ?? bounded(PlayerSettings.spec)
        let (data, name, rootURI) = try tag(body, settings: rootSettings)
        var prober: AssetProber?
        if scanner.flag("--probe") {
            // The same bounds as the chain's fetches: the request's time limit, the size limit, private addresses
            // refused when the server refuses them, and the shared per-host limit.
            var options = AssetProber.Options(timeout: rootSettings.policy.perHopTimeout)
            options.jobs = 4
            options.macros = follow?.macros ?? [:]
            options.refresh = try body.bool("reprobe")
            prober = AssetProber(fetcher: fetcher(rootSettings), inspector: FFProbe.inspector(timeLimit: options.timeout), options: options,
                                 answers: probeAnswers.cache(for: rootSettings.policy))
        }
        let outcome = WorkbenchCheck.check(data, name: name, rootURI: rootURI ?? follow?.rootURIOverride, configuration: configuration, profiles: profiles,
                                           profileOptions: profileOptions, follow: follow, fetcher: follow.map { fetcher($0.settings) },
                                           prober: prober)
        switch format {
        case "html":
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8",
                                body: Data(FindingsOutput.html([outcome.findings], threshold: .error, command: "check", noun: "input").utf8))
        case "markdown":
            return HTTPResponse(status: 200, contentType: "text/markdown; charset=utf-8",
                                body: Data(FindingsOutput.markdown([outcome.findings], threshold: .error, command: "check", noun: "input").utf8))
        default:
            return .json(200, encodeJSON([outcome.report]))
        }
    }

    /// `fetch`: the document at `url`, fetched within the chain policy, as text (for the page's editor, which
    /// then checks it with `root-uri` set to the address).
    private func fetch(_ body: Body) throws(Refusal) -> HTTPResponse {
        struct Fetched: Encodable { var url: String, text: String }
        guard try body.string("url") != nil else { throw Refusal(400, "give the address as url") }
        let (data, name, _) = try tag(body, settings: bounded(PlayerSettings.spec))
        return .json(200, encodeJSON(Fetched(url: name, text: String(decoding: data, as: UTF8.self))))
    }

    /// `params`: `strings` (or `string`), with `allowed-schemes`, `allowed-hosts`, `takeover-schemes`, `rule`.
    private func params(_ body: Body) throws(Refusal) -> HTTPResponse {
        let scanner = try scanner(ParamsCommand.self, try arguments(body, values: ["allowed-schemes", "allowed-hosts", "takeover-schemes"], flags: []))
        let policy: URLPolicy
        do { policy = try ParamsCommand.makePolicy(scanner) } catch { throw Refusal(400, error.message) }
        let configuration = try configuration(body, command: "params")
        let strings = try body.strings("strings") + body.strings("string")
        guard !strings.isEmpty else { throw Refusal(400, "give the parameter strings as strings (or one as string)") }
        let results = strings.enumerated().map { index, text in
            ParamsCommand.analyze(text, source: nil, line: index + 1, policy: policy, configuration: configuration)
        }
        return .json(200, encodeJSON(ParamsCommand.Output(results: results, summary: ParamsCommand.summarize(results))))
    }

    /// `fix`: the repairs of `xml` (the element `fix --format json` prints for it) and the repaired tag.
    private func fix(_ body: Body) throws(Refusal) -> HTTPResponse {
        guard let xml = try body.string("xml") else { throw Refusal(400, "give the tag as xml") }
        let name = try body.string("name") ?? "tag.xml"
        let configuration = try configuration(body, command: "fix")
        let (report, fixed) = FixCommand.repair(Data(xml.utf8), name: name, configuration: configuration)
        return .json(200, encodeJSON(FixOutput(report: report, fixed: String(decoding: fixed, as: UTF8.self))))
    }

    struct FixOutput: Encodable {
        var report: FixCommand.Report
        var fixed: String
    }

    /// `simulate`: the pause flow of `xml` over `timeline`, with `ads`, `suppress` and the chain options.
    private func simulate(_ body: Body) throws(Refusal) -> HTTPResponse {
        let scanner = try scanner(SimulateCommand.self, try arguments(
            body, values: ["timeline", "ads", "suppress", "player", "max-depth", "timeout", "macro"], flags: ["follow"]))
        let configuration = try configuration(body, command: "simulate")
        var follow: ChainCheck?
        do { follow = try ChainCheck.parse(scanner, maxBytes: nil, usage: "", command: "simulate") } catch { throw Refusal(400, error.message) }
        if let settings = follow?.settings { follow?.settings = bounded(settings) }
        let (data, name, rootURI) = try tag(body, settings: follow?.settings ?? bounded(PlayerSettings.spec))
        let chain = follow.map { $0.resolveWithDocuments(data, rootURI: rootURI, name: name, fetcher: fetcher($0.settings)).documents } ?? []
        let plan: SimulateCommand.Plan
        do { plan = try SimulateCommand.plan(scanner, tags: 1) } catch { throw Refusal(400, error.message) }
        switch SimulateCommand.evaluate(data, name: name, chain: chain, configuration: configuration) {
        case .success(let evaluation): return .json(200, encodeJSON(SimulateCommand.simulate(plan, [(name, evaluation)], profile: "pause")))
        case .failure(let failure): throw Refusal(422, failure.message)
        }
    }

    /// `schedule`: `xml` (a VMAP document or a JSON schedule description) with `duration` and `cue-points`.
    private func schedule(_ body: Body) throws(Refusal) -> HTTPResponse {
        let scanner = try scanner(ScheduleCommand.self, try arguments(body, values: ["duration", "cue-points"], flags: []))
        guard let xml = try body.string("xml") else { throw Refusal(400, "give the VMAP document (or a JSON schedule description) as xml") }
        let configuration = try configuration(body, command: "schedule")
        let options: ProfileOptions
        do { options = try ScheduleCommand.options(scanner) } catch { throw Refusal(400, error.description) }
        let name = try body.string("name") ?? "schedule.xml"
        let schedule: ResolvedSchedule
        do { schedule = try ScheduleCommand.schedule(Data(xml.utf8), name: name, options: options, configuration: configuration) } catch {
            throw Refusal(422, error.description)
        }
        return .json(200, encodeJSON(ScheduleCommand.Output(file: name, schedule: schedule, diagnostics: schedule.diagnostics)))
    }

    /// `explain`: one rule, as `explain --format json` prints it.
    private func explain(_ query: String) throws(Refusal) -> HTTPResponse {
        let rule = RuleCatalog.description(for: query) ?? RuleCatalog.all.first {
            $0.id.lowercased() == query.lowercased() || $0.deprecatedAliases.contains { $0.lowercased() == query.lowercased() }
        }
        guard let rule else {
            let close = RuleDocumentation.suggestions(for: query, in: RuleCatalog.all.map(\.id))
            throw Refusal(404, "unknown rule id '\(query)'" + (close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"))
        }
        return .json(200, encodeJSON(rule))
    }

    // MARK: - Examples and cases

    struct Info: Encodable {
        var version: String
        var corpus: Bool
        var players: [String]
        var profiles: [String]
        var refusePrivateAddresses: Bool
    }

    struct Example: Encodable {
        var id: String
        var title: String
        /// `tag` or `params`.
        var kind: String
        var group: String
    }

    /// The examples menu: every rule's examples (the inputs Corpus/rules is made from), then the tag files of
    /// the corpus folder, each named by an id, never by a path the client chose.
    private func examples() -> [Example] {
        var list: [Example] = []
        for rule in RuleCatalog.all.sorted(by: { $0.id < $1.id }) {
            let kind = rule.id.hasPrefix("PARAM-") ? "params" : "tag"
            for (index, _) in rule.invalidExamples.enumerated() {
                list.append(Example(id: "rule:\(rule.id):invalid:\(index + 1)", title: "\(rule.id) — breaks it (\(index + 1))", kind: kind, group: "rules"))
            }
            for (index, _) in rule.validExamples.enumerated() {
                list.append(Example(id: "rule:\(rule.id):valid:\(index + 1)", title: "\(rule.id) — meets it (\(index + 1))", kind: kind, group: "rules"))
            }
        }
        for path in corpusTags() { list.append(Example(id: "corpus:\(path)", title: path, kind: "tag", group: "corpus")) }
        return list
    }

    /// The tag files under the corpus folder, as paths relative to it (hidden entries and symbolic links skipped).
    private func corpusTags() -> [String] {
        guard let root = settings.corpus else { return [] }
        var found: [String] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey],
                                                    options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL, found.count < 5000 {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            if values?.isSymbolicLink == true { walker?.skipDescendants(); continue }
            guard values?.isRegularFile == true, InputReader.tagExtensions.contains(url.pathExtension.lowercased()) else { continue }
            found.append(String(url.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" }))
        }
        return found.sorted()
    }

    private func example(_ id: String) throws(Refusal) -> HTTPResponse {
        struct Text: Encodable { var id: String, kind: String, text: String }
        let parts = id.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw Refusal(404, "no example '\(id)'") }
        if parts[0] == "rule" {
            let fields = parts[1].split(separator: ":").map(String.init)
            guard fields.count == 3, let rule = RuleCatalog.description(for: fields[0]), let number = Int(fields[2]), number >= 1 else {
                throw Refusal(404, "no example '\(id)'")
            }
            let examples = fields[1] == "valid" ? rule.validExamples : fields[1] == "invalid" ? rule.invalidExamples : []
            guard number <= examples.count else { throw Refusal(404, "no example '\(id)'") }
            return .json(200, encodeJSON(Text(id: id, kind: rule.id.hasPrefix("PARAM-") ? "params" : "tag", text: examples[number - 1].cleanText)))
        }
        // A corpus file is served only when the listing names it: no path the client makes up is opened.
        guard parts[0] == "corpus", let root = settings.corpus, corpusTags().contains(parts[1]) else { throw Refusal(404, "no example '\(id)'") }
        do {
            let data = try readWholeFile(root.appendingPathComponent(parts[1]))
            return .json(200, encodeJSON(Text(id: id, kind: "tag", text: String(decoding: data, as: UTF8.self))))
        } catch { throw Refusal(404, "no example '\(id)'") }
    }

    struct SavedCase: Encodable {
        /// The case's folder, relative to the corpus folder.
        var `case`: String
        var files: [String]
        /// The case's status in a run over it (`passed`).
        var status: String
    }

    /// `save-case`: a new corpus case in the folder `name` under the corpus folder. A pasted tag (`xml`) becomes
    /// a document case, `tag.xml`, whose expectation is the golden snapshot `conform run --record` writes. With
    /// `follow`, or for a `url`, the chain is resolved and recorded by the writer `check --follow --record` uses
    /// (``ChainRecorder``: `root.xml`, `hop-N.xml` and `chain.json`, its map and expectation). Either way the
    /// case passes `conform run` until the tag's behaviour changes. The name is one or more plain path segments;
    /// a folder that exists is never written into.
    private func saveCase(_ body: Body) throws(Refusal) -> HTTPResponse {
        guard let root = settings.corpus else { throw Refusal(403, "saving cases needs the server started with --corpus DIR") }
        guard let name = try body.string("name"), !name.isEmpty else { throw Refusal(400, "give the case a name") }
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        let plain = segments.allSatisfy { segment in
            !segment.isEmpty && segment.count <= 100 && segment.first != "." && segment.first != "-"
                && segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        }
        guard plain, segments.count <= 4 else {
            throw Refusal(400, "a case name is made of letters, digits, '.', '_' and '-' (folders separated by '/'), and does not start with '.' or '-'")
        }
        // No folder on the way may be a symbolic link (which could lead out of the corpus).
        var directory = root
        for segment in segments {
            directory.appendPathComponent(String(segment))
            if let type = (try? FileManager.default.attributesOfItem(atPath: directory.path))?[.type] as? FileAttributeType,
               type == .typeSymbolicLink {
                throw Refusal(400, "\(name): a symbolic link is on the way")
            }
        }
        guard !FileManager.default.fileExists(atPath: directory.path) else { throw Refusal(409, "the corpus has a case named \(name) already") }

        var files: [String: Data]
        let url = try body.string("url")
        if try body.bool("follow") || url != nil {
            let scanner = try scanner(CheckCommand.self, try arguments(body, values: ["player", "max-depth", "timeout", "macro"], flags: []) + ["--follow"])
            let parsed: ChainCheck?
            do { parsed = try ChainCheck.parse(scanner, maxBytes: nil, usage: "") } catch { throw Refusal(400, error.message) }
            guard var follow = parsed else { throw Refusal(500, "no chain options") }
            follow.settings = bounded(follow.settings)
            let (data, _, rootURI) = try tag(body, settings: follow.settings)
            let chain = WrapperResolver.resolve(rootData: data, rootURI: rootURI, fetcher: fetcher(follow.settings), settings: follow.settings)
            files = ChainRecorder.files(for: chain, description: ChainRecorder.describe(rootURI: rootURI))
        } else {
            guard let xml = try body.string("xml") else { throw Refusal(400, "give the tag as xml, or its address as url") }
            files = ["tag.xml": Data(xml.utf8)]
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (file, data) in files { try AtomicFile.write(data, to: directory.appendingPathComponent(file)) }
        } catch {
            throw Refusal(500, "the case could not be written: \(fileErrorReason(error))")
        }
        // A document case's expectation is the golden snapshot `conform run --record` writes (a chain case has
        // its own in chain.json); then the run that must pass. The run covers the new case alone: the corpus
        // folder, selected down to the cases in the new folder.
        let status: String
        do {
            var options = RunOptions(corpus: root, filter: CaseFilter([name]), jobs: 1, record: true, evaluators: .standard)
            options.only = Set(try CorpusRunner.selectedCases(options).map(\.id).filter { $0 == name || $0.hasPrefix(name + "/") })
            if files[Corpus.chainFileName] == nil { _ = try CorpusRunner.run(options, consume: { _ in }) }
            options.record = false
            let results = LockedResults()
            _ = try CorpusRunner.run(options, consume: { results.append($0) })
            let all = results.all
            status = all.count == 1 ? all[0].status.rawValue : "\(all.count) cases"
        } catch {
            throw Refusal(500, "the case was written but could not be run: \(error)")
        }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()) ?? []
        return .json(201, encodeJSON(SavedCase(case: name, files: written, status: status)))
    }
}

/// Results gathered from a run's workers.
/// The workbench's probe answers for the server's session, so that re-checking a tag as it is edited does not
/// request (and inspect) every asset again: one cache per fetch policy (an answer under a 1 s time limit is not
/// the answer under 10 s), each bounded to ``answersPerPolicy`` answers kept ``lifetime`` at most, and at most
/// ``policies`` policies, the least recently used dropped. A changed URL is a new key, so it is requested; an
/// explicit re-probe (`reprobe` in the check's body) requests the tag's URLs again.
final class ProbeAnswerCaches: @unchecked Sendable {
    static let answersPerPolicy = 256
    static let lifetime: Duration = .seconds(300)
    static let policies = 8

    private let lock = NSLock()
    /// Least recently used first.
    private var caches: [(policy: FetchPolicy, answers: ProbeCache<AssetAnswer>)] = []

    /// The answers kept for `policy`.
    func cache(for policy: FetchPolicy) -> ProbeCache<AssetAnswer> {
        lock.withLock {
            if let index = caches.firstIndex(where: { $0.policy == policy }) {
                let found = caches.remove(at: index)
                caches.append(found)
                return found.answers
            }
            let answers = ProbeCache<AssetAnswer>(limit: Self.answersPerPolicy, lifetime: Self.lifetime)
            caches.append((policy, answers))
            if caches.count > Self.policies { caches.removeFirst() }
            return answers
        }
    }
}

private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [CaseResult] = []
    func append(_ result: CaseResult) { lock.withLock { results.append(result) } }
    var all: [CaseResult] { lock.withLock { results } }
}
