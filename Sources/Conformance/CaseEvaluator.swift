import Chain
import ConformCore
import Foundation
import Probe
import Profiles
import VAST
import Validation
import XMLCore

/// What a case actually produced, before it is judged against its expectation.
struct ActualOutcome {
    var verdict: String
    var diagnostics: [Diagnostic]
    var tracking: [String: [TrackedURL]]?
    var chain: ChainOutcome?
    var parameters: ParameterOutcome?
    var profiles: [String: String]?
    var profileFacts: [String: ProfileFacts] = [:]
    var run: RunFacts?
    var milliseconds: Double
}

/// Runs one case and judges it. Every failure to run becomes an `error` row; nothing escapes.
struct CaseEvaluator: Sendable {
    let root: URL
    let options: RunOptions
    let goldens: GoldenStore

    /// The result of `corpusCase`, or `nil` when a `--tag` filter excludes it.
    func evaluate(_ corpusCase: CorpusCase) -> CaseResult? {
        switch corpusCase.source {
        case .document(let file, let expectation):
            return evaluateDocument(corpusCase, file: file, expectationFile: expectation)
        case .chain(let folder):
            return evaluateChain(corpusCase, folder: folder)
        case .meta(let folder):
            return evaluateMeta(corpusCase, folder: folder)
        case .parameterRow(_, let row):
            guard options.selects(tags: row.tags) else { return nil }
            return evaluateParameterRow(corpusCase, row: row)
        case .broken(_, let message, let line):
            var result = errorResult(corpusCase, kind: corpusCase.provisionalKind, message: message)
            result.errorLine = line
            return result
        }
    }

    // MARK: Documents

    private func evaluateDocument(_ corpusCase: CorpusCase, file: String, expectationFile: String?) -> CaseResult? {
        switch prepareDocument(corpusCase, file: file, expectationFile: expectationFile) {
        case .finished(let result):
            return result
        case .ready(let prepared):
            return checkAlone(prepared)
        }
    }

    /// The configuration of a case's file (relative to the corpus): the run's, with the overrides for its path.
    private func configuration(for relative: String) -> Configuration {
        options.configuration.overrides.isEmpty ? options.configuration
            : options.configuration.resolved(forFile: root.appendingPathComponent(relative).path)
    }

    /// Checks one prepared document and judges it.
    private func checkAlone(_ document: PreparedDocument) -> CaseResult? {
        finishDocument(document, TagCheck.check(document.check))
    }

    /// The results of `cases`, in their order, each the same as ``evaluate(_:)`` gives it alone.
    ///
    /// Document cases of at most ``TagCheck/batchBytes`` are read first, then checked together as one batch
    /// (``TagCheck/check(batch:)``), which on small tags runs markedly faster than one rule pass per tag. The
    /// other cases (chains, parameter rows, hostile inputs, larger files and cases with a time limit, whose time
    /// must be their own) run alone. A case's `milliseconds` is its own reading, decoding and judging plus a
    /// share of the batch's rule pass in proportion to its size.
    ///
    /// `take` is asked before each case is started; when it says no, no further case of the batch runs and the
    /// results stop at the cases taken (those read still get checked).
    func evaluate(batch cases: ArraySlice<CorpusCase>, take: (CorpusCase) -> Bool = { _ in true }) -> [CaseResult?] {
        var results = [CaseResult?](repeating: nil, count: cases.count)
        var taken = 0
        var pending: [(slot: Int, document: PreparedDocument)] = []
        var pendingBytes = 0
        func checkPending() {
            guard !pending.isEmpty else { return }
            for (item, checked) in zip(pending, TagCheck.check(batch: pending.map(\.document.check))) {
                results[item.slot] = finishDocument(item.document, checked)
            }
            pending.removeAll()
            pendingBytes = 0
        }
        for (slot, corpusCase) in zip(results.indices, cases) {
            guard take(corpusCase) else { break }
            taken += 1
            guard case .document(let file, let expectationFile) = corpusCase.source, corpusCase.provisionalKind != .hostile else {
                results[slot] = evaluate(corpusCase)
                continue
            }
            switch prepareDocument(corpusCase, file: file, expectationFile: expectationFile) {
            case .finished(let result):
                results[slot] = result
            case .ready(let document):
                guard document.data.count <= TagCheck.batchBytes, document.expectation?.limits?.maxMilliseconds == nil else {
                    results[slot] = checkAlone(document)
                    continue
                }
                pending.append((slot, document))
                pendingBytes += document.data.count
                if pendingBytes > TagCheck.batchBytes { checkPending() }
            }
        }
        checkPending()
        return Array(results.prefix(taken))
    }

    /// A document case read, waiting for its check.
    private struct PreparedDocument {
        let corpusCase: CorpusCase
        let file: String
        let kind: CaseKind
        let expectation: CaseExpectation?
        let golden: String
        let data: Data
        /// The document as it is checked: with the schema and the profiles its expectation names.
        let check: TagCheck.Input
        /// Why the profiles the expectation names cannot be evaluated (the case is then an error).
        let profileError: String?
    }

    private enum Preparation {
        /// Read: the check comes next.
        case ready(PreparedDocument)
        /// Settled before the check: an error result, or `nil` when a tag filter excludes the case.
        case finished(CaseResult?)
    }

    /// Reads the case's expectation, its document and the schema the expectation names.
    private func prepareDocument(_ corpusCase: CorpusCase, file: String, expectationFile: String?) -> Preparation {
        let kind = corpusCase.provisionalKind
        var expectation: CaseExpectation?
        if let expectationFile {
            do {
                let data = try read(expectationFile)
                expectation = try CaseExpectation.decode(data, file: expectationFile)
            } catch {
                return .finished(errorResult(corpusCase, kind: kind, message: error.description))
            }
        }
        guard options.selects(tags: expectation?.tags ?? []) else { return .finished(nil) }
        let golden = goldens.documentSnapshotPath(file)
        if expectation == nil && !options.record && !goldens.exists(golden) {
            return .finished(errorResult(corpusCase, kind: kind, message:
                "no expectation: write \(Corpus.sidecar(of: file, suffix: Corpus.expectationSuffix)) or record a golden snapshot with 'conform run --record'"))
        }
        let data: Data
        do {
            data = try read(file)
        } catch {
            return .finished(errorResult(corpusCase, kind: kind, tags: expectation?.tags ?? [], message: error.description))
        }
        var checkOptions = TagCheck.Options(configuration: options.configuration)
        checkOptions.parseOptions.maxBytes = options.maxBytes
        if let schemaName = expectation?.schema {
            let schemaPath = ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(schemaName)
            do {
                checkOptions.schema = try read(schemaPath)
            } catch {
                return .finished(errorResult(corpusCase, kind: kind, tags: expectation?.tags ?? [],
                                             message: "cannot use the schema \(schemaName): \(error)"))
            }
        }
        var profileError: String?
        do {
            checkOptions.profiles = try Self.profileRequests(expectation?.profiles ?? [:])
        } catch {
            profileError = "profile evaluation failed: \(error)"
        }
        let check = TagCheck.Input(name: file, data: data, path: root.appendingPathComponent(file).path, options: checkOptions)
        return .ready(PreparedDocument(corpusCase: corpusCase, file: file, kind: kind, expectation: expectation, golden: golden,
                                       data: data, check: check, profileError: profileError))
    }

    /// The profiles an expectation pins, by name, each with its options.
    static func profileRequests(_ pins: [String: ProfileRequest]) throws(ProfileError) -> [TagCheck.ProfileRequest] {
        var requests: [TagCheck.ProfileRequest] = []
        for (name, pin) in pins.sorted(by: { $0.key < $1.key }) {
            guard let profile = ProfileName(rawValue: name) else {
                throw .invalidOption("unknown profile '\(name)' (profiles: \(ProfileName.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            requests.append(TagCheck.ProfileRequest(profile, options: try ProfileOptions(settings: pin.options)))
        }
        return requests
    }

    /// Judges a checked document.
    private func finishDocument(_ document: PreparedDocument, _ checked: TagCheck.Result) -> CaseResult? {
        let corpusCase = document.corpusCase, kind = document.kind
        let expectation = document.expectation, data = document.data, input = checked.input
        let clock = ContinuousClock.now
        if let error = checked.schemaError {
            return errorResult(corpusCase, kind: kind, tags: expectation?.tags ?? [],
                               message: "cannot use the schema \(expectation?.schema ?? ""): \(error)")
        }
        // The document's verdict is its rules' and its schema's; the profiles' findings join them below.
        let diagnostics = checked.findings
        let verdict: String
        if !input.xml.isWellFormed || !input.xml.isNamespaceWellFormed {
            verdict = Verdict.malformed
        } else if diagnostics.hasAny(atLeast: .error) {
            verdict = Verdict.invalid
        } else {
            verdict = Verdict.valid
        }
        let tracking = input.vast.map(DocumentTracking.collect)
        let actualKind: CaseKind = kind == .hostile ? .hostile : (input.vmap != nil || input.rootName?.hasSuffix("VMAP") == true) ? .vmap : .vast
        let isVAST = input.vast != nil
        // The decoded model is not kept past this point.
        // The profiles' time is the case's too (in the check's): a time limit bounds everything the case asks for.
        var actual = ActualOutcome(verdict: verdict, diagnostics: diagnostics, tracking: isVAST ? tracking : nil,
                                   milliseconds: checked.timing.total + milliseconds(since: clock))
        if !document.check.options.profiles.isEmpty {
            actual.profiles = Profiles.verdicts(checked.profiles)
            actual.profileFacts = Dictionary(checked.profiles.map { ($0.profile.rawValue, ProfileFacts(of: $0)) },
                                             uniquingKeysWith: { first, _ in first })
            // Profile findings join the document's (the verdict stays the document's own).
            actual.diagnostics = (actual.diagnostics + checked.profiles.flatMap(\.diagnostics)).sorted()
        }
        let profileError = document.profileError
        var result = judge(corpusCase, kind: actualKind, expectation: expectation, actual: actual) { line in
            Self.excerpt(data, line: line)
        }
        if let profileError {
            result.status = .error
            result.errorMessage = profileError
        }
        return settleExpectedFailure(applyGolden(&result, path: document.golden), expectation)
    }

    // MARK: Chains

    private func evaluateChain(_ corpusCase: CorpusCase, folder: String) -> CaseResult? {
        let manifestPath = folder + "/" + Corpus.chainFileName
        let manifest: ChainManifest
        do {
            manifest = try ChainManifest.decode(try read(manifestPath), file: manifestPath)
        } catch {
            return errorResult(corpusCase, kind: .chain, message: error.description)
        }
        let expectation = manifest.expect
        guard options.selects(tags: expectation?.tags ?? []) else { return nil }
        guard let evaluator = options.evaluators.chain else {
            return errorResult(corpusCase, kind: .chain, tags: expectation?.tags ?? [],
                               message: ConformanceError.noEvaluator(kind: "chain").description)
        }
        let folderURL = root.appendingPathComponent(folder)
        var files: [String: URL] = [:]
        var responses: [String: CorpusFetcher.Entry] = [:]
        for (uri, entry) in manifest.map {
            switch entry {
            case .none: break
            case .file(let name)?: files[uri] = folderURL.appendingPathComponent(name)
            case let simulated?: responses[uri] = simulated
            }
        }
        let input = ChainCaseInput(
            folder: folderURL, root: folderURL.appendingPathComponent(manifest.root), map: files,
            // The case's own limit, else the configuration's (the spec's 5 by default).
            maxDepth: manifest.maxDepth ?? options.configuration.maxWrapperDepth, responses: responses,
            policy: manifest.policy?.applied(to: PlayerSettings.spec.policy), rootURI: manifest.rootURI,
            probe: manifest.probe ?? false)
        let clock = ContinuousClock.now
        var outcome: ChainOutcome
        do {
            outcome = try evaluator(input)
        } catch {
            return errorResult(corpusCase, kind: .chain, tags: expectation?.tags ?? [], message: "chain evaluation failed: \(error)")
        }
        // The configuration holds for chain findings as for a document's; the verdict is the resolution's own.
        outcome.diagnostics = configuration(for: folder + "/" + manifest.root).apply(to: outcome.diagnostics).sorted()
        let actual = ActualOutcome(verdict: outcome.verdict, diagnostics: outcome.diagnostics, tracking: outcome.tracking,
                                   chain: outcome, milliseconds: milliseconds(since: clock))
        var result = judge(corpusCase, kind: .chain, expectation: expectation, actual: actual) { _ in nil }
        return settleExpectedFailure(applyGolden(&result, path: folder + "/" + Corpus.chainGoldenFileName), expectation)
    }

    // MARK: Meta cases

    /// Runs the nested corpus of a meta case as `conform run` would (one worker, the run's configuration and
    /// evaluators), then judges its totals, failing ids, exit status (``RunGate``) and, when pinned, the counts
    /// its reports state.
    private func evaluateMeta(_ corpusCase: CorpusCase, folder: String) -> CaseResult? {
        let manifestPath = folder + "/" + Corpus.metaFileName
        let manifest: MetaManifest
        do {
            manifest = try MetaManifest.decode(try read(manifestPath), file: manifestPath)
        } catch {
            return errorResult(corpusCase, kind: .meta, message: error.description)
        }
        let expectation = manifest.expect
        guard options.selects(tags: expectation?.tags ?? []) else { return nil }
        let clock = ContinuousClock.now
        var nested = RunOptions(corpus: root.appendingPathComponent(folder).appendingPathComponent(manifest.corpus), jobs: 1,
                                configuration: options.configuration, maxBytes: options.maxBytes, evaluators: options.evaluators)
        nested.batchSize = options.batchSize
        let collected = CollectedResults()
        let summary: RunSummary
        do {
            summary = try CorpusRunner.run(nested, consume: collected.append)
        } catch {
            return errorResult(corpusCase, kind: .meta, tags: expectation?.tags ?? [], message: "the nested corpus cannot run: \(error)")
        }
        let results = RunResults(
            info: RunInfo(conformVersion: "meta", corpus: manifest.corpus, totals: summary.totals, interrupted: summary.interrupted),
            cases: collected.sorted)
        var reports: [String: [String: Int]] = [:]
        if expectation?.run?.reports != nil {
            guard let reader = options.evaluators.reports else {
                return errorResult(corpusCase, kind: .meta, tags: expectation?.tags ?? [],
                                   message: ConformanceError.noEvaluator(kind: "reports").description)
            }
            do {
                reports = try reader(results)
            } catch {
                return errorResult(corpusCase, kind: .meta, tags: expectation?.tags ?? [], message: "the nested run's reports cannot be read: \(error)")
            }
        }
        let decision = RunGate.decide(totals: summary.totals, interrupted: summary.interrupted, selfCheckFailures: summary.selfCheckFailures)
        let facts = RunFacts(totals: summary.totals, expectedFailures: results.cases.filter { $0.expectedFailure != nil }.count,
                             failing: summary.failing, exitCode: Int(decision.exitCode), reports: reports)
        let actual = ActualOutcome(verdict: "exit \(decision.exitCode)", diagnostics: [], run: facts, milliseconds: milliseconds(since: clock))
        let result = judge(corpusCase, kind: .meta, expectation: expectation, actual: actual) { _ in nil }
        return settleExpectedFailure(result, expectation)
    }

    // MARK: Parameter rows

    private func evaluateParameterRow(_ corpusCase: CorpusCase, row: ParameterRow) -> CaseResult {
        guard let evaluator = options.evaluators.parameters else {
            return errorResult(corpusCase, kind: .params, tags: row.tags,
                               message: ConformanceError.noEvaluator(kind: "parameters").description)
        }
        let clock = ContinuousClock.now
        var outcome = evaluator(row.string, row.line, row.policy)
        let table: String
        if case .parameterRow(let name, _) = corpusCase.source { table = name } else { table = corpusCase.file }
        // The configuration holds for the string's findings; the verdict stays what the app would do with it.
        outcome.diagnostics = configuration(for: table).apply(to: outcome.diagnostics)
        let actual = ActualOutcome(
            verdict: outcome.accepted ? Verdict.accepted : Verdict.rejected,
            diagnostics: outcome.diagnostics.map { $0.inFile(table) }.sorted(),
            parameters: outcome, milliseconds: milliseconds(since: clock))
        var result = judge(corpusCase, kind: .params, expectation: row.expectation, actual: actual) { _ in
            String(row.string.prefix(200))
        }
        // An unmet expectation points into the table: at the finding's place in the row (columns in code points,
        // as SARIF counts them), or at the row itself.
        for index in result.unmet.indices {
            let column = result.unmet[index].position.map { row.string.prefix(max(0, $0.column - 1)).unicodeScalars.count } ?? 0
            result.unmet[index].position = SourcePosition(line: row.line, column: row.stringColumn + column)
        }
        if options.record {
            goldens.record(table: table, row: row.id, OutcomeSnapshot(result))
        } else if let recorded = goldens.tableSnapshot(table)?.rows[row.id] {
            fold(&result, recorded.differences(from: OutcomeSnapshot(result)))
        }
        return settleExpectedFailure(result, row.expectation)
    }

    // MARK: Judging

    /// Compares `actual` with `expectation` check by check.
    private func judge(_ corpusCase: CorpusCase, kind: CaseKind, expectation: CaseExpectation?, actual: ActualOutcome,
                       excerpt: (Int) -> String?) -> CaseResult {
        var checks: [CheckName: CheckOutcome] = [:]
        for check in CheckName.allCases { checks[check] = .notApplicable }
        var unmet: [UnmetExpectation] = []
        func mark(_ check: CheckName, _ failures: [UnmetExpectation]) {
            checks[check] = failures.isEmpty ? (checks[check] == .fail ? .fail : .pass) : .fail
            unmet += failures
        }
        let verdictCheck: CheckName = switch kind {
        case .params: .parameters
        case .chain: .chain
        default: .parse
        }
        if let expected = expectation?.verdict {
            mark(verdictCheck, expected == actual.verdict ? [] : [UnmetExpectation(
                check: verdictCheck, expected: "verdict \(expected)", actual: "verdict \(actual.verdict)" + Self.firstError(actual.diagnostics))])
        }
        if let limits = expectation?.limits, let maxMilliseconds = limits.maxMilliseconds {
            mark(.parse, actual.milliseconds <= maxMilliseconds ? [] : [UnmetExpectation(
                check: .parse, expected: "finished within \(Int(maxMilliseconds)) ms",
                actual: "took \(Int(actual.milliseconds)) ms")])
        }
        var required: [String] = []
        var forbidden: [String] = []
        if let expected = expectation?.diagnostics {
            var failures: [UnmetExpectation] = []
            for entry in expected.present where !actual.diagnostics.contains(where: entry.matches) {
                let sameRule = actual.diagnostics.filter { $0.ruleID == entry.rule }
                let found = sameRule.isEmpty ? "no \(entry.rule) diagnostic"
                    : "\(entry.rule) at " + sameRule.prefix(5).map { d in d.position.map { "\($0.line):\($0.column) (\(d.severity.rawValue))" } ?? "no position" }.joined(separator: ", ")
                failures.append(UnmetExpectation(
                    check: .rules, expected: entry.description, actual: found, ruleID: entry.rule,
                    position: entry.line.map { SourcePosition(line: $0, column: entry.column ?? 1) },
                    excerpt: entry.line.flatMap(excerpt)))
            }
            // A misspelt id in `absent` would hold forever; in `present` it would fail with a puzzling "no … diagnostic".
            for rule in Set(expected.absent + expected.present.map(\.rule)).sorted() where !KnownRules.ids.contains(rule) {
                failures.append(UnmetExpectation(
                    check: .rules, expected: "a rule named \(rule)", actual: "\(rule) names no rule" + KnownRules.suggestion(for: rule),
                    ruleID: rule))
            }
            for rule in expected.absent {
                for diagnostic in actual.diagnostics where diagnostic.ruleID == rule {
                    failures.append(UnmetExpectation(
                        check: .rules, expected: "no \(rule) diagnostic", actual: diagnostic.description,
                        ruleID: rule, position: diagnostic.position, excerpt: diagnostic.position.flatMap { excerpt($0.line) }))
                }
            }
            if expected.exhaustive {
                let allowed = Set(expected.present.map(\.rule))
                for diagnostic in actual.diagnostics where diagnostic.severity >= .warning && !allowed.contains(diagnostic.ruleID) {
                    failures.append(UnmetExpectation(
                        check: .rules, expected: "no diagnostic besides \(allowed.sorted().joined(separator: ", "))",
                        actual: diagnostic.description, ruleID: diagnostic.ruleID, position: diagnostic.position,
                        excerpt: diagnostic.position.flatMap { excerpt($0.line) }))
                }
            }
            mark(.rules, failures)
            required = expected.present.map(\.rule)
            forbidden = expected.absent
        }
        if let pinned = expectation?.tracking {
            var failures: [UnmetExpectation] = []
            for event in pinned.keys.sorted() {
                let urls = actual.tracking?[event]?.map(\.url) ?? []
                if urls != pinned[event]! {
                    failures.append(UnmetExpectation(check: .tracking, expected: "\(event): \(Self.list(pinned[event]!))",
                                                     actual: "\(event): \(Self.list(urls))"))
                }
            }
            mark(.tracking, failures)
        }
        if let pinned = expectation?.chain {
            var failures: [UnmetExpectation] = []
            let outcome = actual.chain
            if let reason = pinned.stopReason, reason != outcome?.stopReason {
                failures.append(UnmetExpectation(check: .chain, expected: "stop reason \(reason)", actual: "stop reason \(outcome?.stopReason ?? "none")"))
            }
            if let code = pinned.errorCode, code != outcome?.errorCode {
                failures.append(UnmetExpectation(check: .chain, expected: "VAST error code \(code)",
                                                 actual: outcome?.errorCode.map { "VAST error code \($0)" } ?? "no error code"))
            }
            if let hops = pinned.hops, hops != outcome?.hops.count {
                failures.append(UnmetExpectation(check: .chain, expected: "\(hops) document(s) fetched", actual: "\(outcome?.hops.count ?? 0) document(s) fetched"))
            }
            if let uris = pinned.uris, uris != outcome?.hops.map(\.uri) {
                failures.append(UnmetExpectation(check: .chain, expected: "URIs \(Self.list(uris))", actual: "URIs \(Self.list(outcome?.hops.map(\.uri) ?? []))"))
            }
            if let urls = pinned.errorURLs, urls != outcome?.errorURLs {
                failures.append(UnmetExpectation(check: .chain, expected: "Error URLs fired \(Self.list(urls))",
                                                 actual: "Error URLs fired \(Self.list(outcome?.errorURLs ?? []))"))
            }
            mark(.chain, failures)
        }
        if let pinned = expectation?.parameters {
            var failures: [UnmetExpectation] = []
            let format = actual.parameters?.format
            if pinned.formatPinned && pinned.format != format {
                failures.append(UnmetExpectation(check: .parameters, expected: "format \(pinned.format ?? "-")", actual: "format \(format ?? "-")"))
            }
            for (field, value) in (pinned.fields ?? [:]).sorted(by: { $0.key < $1.key }) where actual.parameters?.fields[field] != value {
                failures.append(UnmetExpectation(check: .parameters, expected: "\(field) = \(value)",
                                                 actual: actual.parameters?.fields[field].map { "\(field) = \($0)" } ?? "no field \(field)"))
            }
            mark(.parameters, failures)
        }
        if let pinned = expectation?.profiles, let profiles = actual.profiles {
            var failures: [UnmetExpectation] = []
            for name in pinned.keys.sorted() {
                if let verdict = pinned[name]?.verdict, profiles[name] != verdict {
                    failures.append(UnmetExpectation(check: .profiles, expected: "\(name): \(verdict)", actual: "\(name): \(profiles[name] ?? "no verdict")"))
                }
                if let facts = pinned[name]?.facts {
                    failures += Self.compare(profile: name, pinned: facts, actual: actual.profileFacts[name] ?? ProfileFacts())
                }
            }
            mark(.profiles, failures)
        }
        if let pinned = expectation?.run {
            mark(.run, actual.run.map { $0.unmet(pinned) } ?? [UnmetExpectation(check: .run, expected: "a nested run", actual: "not a meta case")])
        }
        var result = CaseResult(
            id: corpusCase.id, suite: corpusCase.suite, kind: kind, status: unmet.isEmpty ? .passed : .failed,
            tags: expectation?.tags ?? [], expectedVerdict: expectation?.verdict, actualVerdict: actual.verdict,
            checks: checks, unmet: unmet, diagnostics: actual.diagnostics, requiredRules: required,
            forbiddenRules: forbidden, tracking: actual.tracking, chain: actual.chain?.hops,
            parameterFormat: actual.parameters?.format, parameterFields: actual.parameters.map(\.fields),
            profiles: actual.profiles, file: corpusCase.file, durationMilliseconds: actual.milliseconds,
            description: expectation?.description)
        result.run = actual.run
        return result
    }

    /// The unmet expectations of one profile's pinned facts: each fact the expectation sets must equal the
    /// profile's exactly (a list with one break more, fewer or moved is one mismatch naming both lists).
    static func compare(profile name: String, pinned: ProfileFacts, actual: ProfileFacts) -> [UnmetExpectation] {
        var failures: [UnmetExpectation] = []
        func fail(_ what: String, _ expected: String, _ found: String) {
            failures.append(UnmetExpectation(check: .profiles, expected: "\(name) \(what): \(expected)", actual: "\(name) \(what): \(found)"))
        }
        func words<T: CustomStringConvertible>(_ items: [T]?) -> String {
            items.map { $0.isEmpty ? "[]" : "[" + $0.map(\.description).joined(separator: "; ") + "]" } ?? "none"
        }
        if let breaks = pinned.breaks, breaks != actual.breaks { fail("breaks", words(breaks), words(actual.breaks)) }
        if let eligible = pinned.eligible, eligible != actual.eligible {
            fail("eligible", String(eligible), actual.eligible.map(String.init) ?? "none")
        }
        if let causes = pinned.causes, causes != actual.causes { fail("causes", words(causes), words(actual.causes)) }
        if pinned.pinsCompanion, pinned.companion != actual.companion {
            fail("chosen", pinned.companion?.description ?? "none", actual.companion?.description ?? "none")
        }
        if let fallback = pinned.fallback, fallback != actual.fallback { fail("fallback", fallback, actual.fallback ?? "none") }
        if let asset = pinned.asset, asset != actual.asset { fail("asset", asset, actual.asset ?? "none") }
        if let events = pinned.events, events != actual.events { fail("events", words(events), words(actual.events)) }
        return failures
    }

    /// A strict expected failure passes only when the case reported exactly the mismatches it declares (no
    /// more, no fewer, in any order) and failed for them; it is then `passed`, its mismatches moved to
    /// ``CaseResult/expectedFailure``. Otherwise it fails, naming each mismatch that was declared and not
    /// reported beside the ones that were reported and not declared. An `error` case stays an error.
    func settleExpectedFailure(_ result: CaseResult, _ expectation: CaseExpectation?) -> CaseResult {
        guard let declared = expectation?.expectedFailure, result.status != .error else { return result }
        var result = result
        var missing = declared.unmet
        var unexpected: [UnmetExpectation] = []
        var matched: [UnmetExpectation] = []
        // A finding's words name its file relative to the corpus root; the declared ones name it as the case's
        // folder sees it, so the case holds wherever the corpus is rooted.
        let file = result.file, name = (file as NSString).lastPathComponent
        func local(_ text: String) -> String { file == name ? text : text.replacingOccurrences(of: file + ":", with: name + ":") }
        for unmet in result.unmet {
            let words = ExpectedMismatch(check: unmet.check, expected: local(unmet.expected), actual: local(unmet.actual))
            if let index = missing.firstIndex(of: words) {
                missing.remove(at: index)
                matched.append(unmet)
            } else {
                unexpected.append(unmet)
            }
        }
        if missing.isEmpty && unexpected.isEmpty && result.status == .failed {
            result.status = .passed
            result.unmet = []
            // Each failed check failed as the expectation asked.
            for (check, outcome) in result.checks where outcome == .fail { result.checks[check] = .pass }
            result.expectedFailure = ExpectedFailureOutcome(reason: declared.reason, unmet: matched)
            return result
        }
        let reportedStatus = result.status
        result.status = .failed
        result.unmet = unexpected + missing.map {
            UnmetExpectation(check: $0.check, expected: "expected failure: \($0.expected) (got \($0.actual))",
                             actual: "not reported" + (result.unmet.isEmpty ? ": the case met every expectation" : ""))
        }
        if result.unmet.isEmpty {
            // Every declared mismatch was reported, yet the case was not counted as failed.
            result.unmet = [UnmetExpectation(check: declared.unmet[0].check, expected: "the declared mismatches fail the case",
                                             actual: "the case was reported \(reportedStatus.rawValue)")]
        }
        for unmet in result.unmet { result.checks[unmet.check] = .fail }
        return result
    }

    /// Writes (with `--record`) or compares the golden snapshot at `path`.
    private func applyGolden(_ result: inout CaseResult, path: String) -> CaseResult {
        guard result.status != .error else { return result }
        let snapshot = OutcomeSnapshot(result)
        if options.record {
            if let message = goldens.write(snapshot, to: path) {
                result.status = .error
                result.errorMessage = message
            }
        } else if goldens.exists(path) {
            switch goldens.load(path) {
            case .success(let recorded): fold(&result, recorded.differences(from: snapshot))
            case .failure(let error):
                result.status = .error
                result.errorMessage = error.description
            }
        }
        return result
    }

    private func fold(_ result: inout CaseResult, _ differences: [UnmetExpectation]) {
        guard !differences.isEmpty else { return }
        for difference in differences { result.checks[difference.check] = .fail }
        result.unmet += differences
        result.status = .failed
    }

    private func errorResult(_ corpusCase: CorpusCase, kind: CaseKind, tags: [String] = [], message: String) -> CaseResult {
        CaseResult(id: corpusCase.id, suite: corpusCase.suite, kind: kind, status: .error, tags: tags,
                   actualVerdict: "error", file: corpusCase.file, errorMessage: message)
    }

    private func read(_ relative: String) throws(ConformanceError) -> Data {
        let url = root.appendingPathComponent(relative)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: relative, reason: fileErrorReason(error))
        }
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    static func list(_ urls: [String]) -> String { urls.isEmpty ? "[]" : "[" + urls.joined(separator: ", ") + "]" }

    static func firstError(_ diagnostics: [Diagnostic]) -> String {
        guard let first = diagnostics.first(where: { $0.severity == .error }) else { return "" }
        let location = first.position.map { " at \($0.line):\($0.column)" } ?? ""
        return " (first error: \(first.ruleID)\(location): \(first.message))"
    }

    /// Line `line` of `data` (1-based), cut to 200 characters, or `nil`.
    static func excerpt(_ data: Data, line: Int) -> String? {
        guard line >= 1 else { return nil }
        var current = 1
        var start = data.startIndex
        var index = data.startIndex
        while index < data.endIndex {
            if data[index] == 0x0A {
                if current == line { break }
                current += 1
                start = data.index(after: index)
            }
            index = data.index(after: index)
        }
        guard current == line, start <= index else { return nil }
        let text = String(decoding: data[start..<index].prefix(800), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return String(text.prefix(200))
    }
}

/// Every rule id a case may name: the rules, the schema check, the parameter and chain rules, the profile
/// rules, and the former ids of renamed rules (a finding carries the current id, so an expectation naming
/// a former one matches nothing; it is still a rule, and `conform explain` names its successor).
enum KnownRules {
    static let ids: Set<String> = {
        let rules = AllRules.descriptions + ProfileRules.all + ProbeRules.all
        return Set(rules.map(\.id) + rules.flatMap(\.deprecatedAliases))
    }()

    /// "; did you mean X?" for the known id closest to `id`, when one is close.
    static func suggestion(for id: String) -> String {
        guard let best = RuleDocumentation.suggestions(for: id, in: ids.sorted(), limit: 1).first else { return " (see conform rules)" }
        return "; did you mean \(best)?"
    }
}

/// The results a nested run hands over, from any worker.
private final class CollectedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [CaseResult] = []

    func append(_ result: CaseResult) { lock.withLock { results.append(result) } }
    var sorted: [CaseResult] { lock.withLock { results.sorted { $0.id < $1.id } } }
}
