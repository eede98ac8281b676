import Chain
import ConformCore
import Foundation
import Probe
import Profiles
import VAST
import Validation
import XMLCore

/// A tag checked the way every front end checks it: decoded, run through the rules and, as the options ask,
/// validated against an XML Schema, followed through its Wrapper chain and evaluated by player profiles. The
/// configuration (its severities and switched-off rules) and the tag's directive comments hold for every
/// finding, whichever stage made it.
///
/// `conform check` and the case evaluation of `conform run` both check through here; the front ends only read
/// their inputs and render the results. Nothing here touches the file system: the bytes, the schema and the
/// fetcher are the caller's, so a tag held in memory is checked as one read from a file.
///
/// ```swift
/// let result = TagCheck.check(TagCheck.Input(name: "tag.xml", text: xml))
/// for finding in result.allFindings { print(finding) }
/// ```
public enum TagCheck {
    /// The most inputs checked by one batched rule pass, and the input bytes after which a batch is closed: a
    /// batch keeps its inputs' trees in memory until its rules have run. An input larger than ``batchBytes``
    /// is best checked alone.
    public static let batchSize = 16
    public static let batchBytes = 256 * 1024

    /// A player profile to evaluate, with its settings.
    public struct ProfileRequest: Sendable, Hashable {
        public var name: ProfileName
        public var options: ProfileOptions

        public init(_ name: ProfileName, options: ProfileOptions = ProfileOptions()) {
            self.name = name
            self.options = options
        }
    }

    /// How to follow a tag's Wrapper chain: the player's limits, the fetcher every hop is read through, and
    /// the macro values of the tracking URLs' expansion.
    public struct Follow: Sendable {
        public var settings: PlayerSettings
        public var fetcher: any Fetcher
        public var macros: [String: String]
        /// A fetched document's name in findings, from its URI (`nil` for standard input).
        public var documentName: @Sendable (String?) -> String

        public init(settings: PlayerSettings = .spec, fetcher: any Fetcher, macros: [String: String] = [:],
                    documentName: @escaping @Sendable (String?) -> String = { $0 ?? "(standard input)" }) {
            self.settings = settings
            self.fetcher = fetcher
            self.macros = macros
            self.documentName = documentName
        }
    }

    /// What to check besides the rules, and under which configuration.
    public struct Options: Sendable {
        /// The configuration; its overrides are matched against each input's ``Input/path``.
        public var configuration: Configuration
        public var parseOptions: XMLParseOptions
        /// An XML Schema (an IAB VAST XSD) to validate against, as bytes; findings use `XSD-schema-violation`.
        public var schema: Data?
        /// Player profiles to evaluate, in the order their reports come back.
        public var profiles: [ProfileRequest]
        /// When set, the Wrapper chain is followed and every fetched document is checked with the rules.
        public var follow: Follow?
        /// Probe the assets of the tag (and, with ``follow``, of every fetched document) through this prober.
        public var probe: AssetProber?

        public init(configuration: Configuration = .default, parseOptions: XMLParseOptions = .default, schema: Data? = nil,
                    profiles: [ProfileRequest] = [], follow: Follow? = nil) {
            self.configuration = configuration
            self.parseOptions = parseOptions
            self.schema = schema
            self.profiles = profiles
            self.follow = follow
        }
    }

    /// One tag to check.
    public struct Input: Sendable {
        /// The tag's name in findings: a file name, a URL, `-` for standard input.
        public var name: String
        public var data: Data
        /// The path the configuration's per-file overrides are matched against (``name`` when `nil`).
        public var path: String?
        /// The URI the tag stands for, against which a followed chain's relative `VASTAdTagURI`s resolve.
        public var rootURI: String?
        public var options: Options

        public init(name: String, data: Data, path: String? = nil, rootURI: String? = nil, options: Options = Options()) {
            self.name = name
            self.data = data
            self.path = path
            self.rootURI = rootURI
            self.options = options
        }

        /// A tag held as text (checked as its UTF-8 bytes).
        public init(name: String = "-", text: String, options: Options = Options()) {
            self.init(name: name, data: Data(text.utf8), options: options)
        }
    }

    /// A followed Wrapper chain.
    public struct FollowedChain: Sendable {
        public var resolved: ResolvedChain
        /// The tracking of each ad, merged along its chain.
        public var tracking: [TrackingReport]
        /// The documents after the root in the first ad's chain (hop 1 to the InLine), decoded: the player
        /// profiles read every Wrapper's pixels.
        public var documents: [VASTDocument]
        /// The resolution's and the tracking's findings, then, when the rules ran, every fetched document's
        /// findings under its name, each document's own directive comments applied.
        public var diagnostics: [Diagnostic]
    }

    /// Where the time of a check went, in milliseconds.
    public struct Timing: Sendable, Hashable {
        public var decoding: Double = 0
        /// The input's share of its batch's rule pass, in proportion to its size.
        public var rules: Double = 0
        /// The schema, the chain and the profiles.
        public var rest: Double = 0

        public var total: Double { decoding + rules + rest }
    }

    /// What a check found.
    public struct Result: Sendable {
        public var name: String
        public var data: Data
        /// The decoded tag: the XML tree, the VAST or VMAP model, the decoder's findings.
        public var input: DecodedInput
        /// The configuration the tag was checked under (the options' with the overrides for its path).
        public var configuration: Configuration
        /// The rules' and the schema's findings, sorted, in ``name``.
        public var findings: [Diagnostic]
        /// Findings the tag's directive comments switched off, whichever stage made them.
        public var suppressed: [SuppressedFinding]
        /// The report of each requested profile, its findings under the configuration and the directives.
        public var profiles: [ProfileReport]
        /// The followed chain, with ``Options/follow``.
        public var chain: FollowedChain?
        /// The assets probed, with ``Options/probe``; ``ProbeReport/diagnostics`` holds their findings under the
        /// configuration and the directives.
        public var probe: ProbeReport?
        /// Why the schema could not be used; the chain and the profiles are not evaluated then.
        public var schemaError: SchemaError?
        public var timing: Timing

        /// Every finding: the rules' and the schema's, the profiles', the chain's.
        public var allFindings: [Diagnostic] {
            findings + profiles.flatMap(\.diagnostics) + (chain?.diagnostics ?? []) + (probe?.diagnostics ?? [])
        }
    }

    /// Checks one tag.
    public static func check(_ input: Input) -> Result {
        check(batch: [input])[0]
    }

    /// Checks `inputs`, each result the same as ``check(_:)`` gives its input alone.
    ///
    /// Every input is decoded first; the rules then run over each run of inputs that share a configuration as
    /// one batch (each rule over every input before the next rule, see ``Validator/results(batch:files:configuration:rules:timings:)``),
    /// which checks many small tags faster. Keep a batch to ``batchSize`` inputs and about ``batchBytes``.
    public static func check(batch inputs: [Input]) -> [Result] {
        var decoded: [DecodedInput] = []
        var decoding: [Double] = []
        for input in inputs {
            let clock = ContinuousClock.now
            decoded.append(VASTDecoder.decode(input.data, options: input.options.parseOptions))
            decoding.append(milliseconds(since: clock))
        }
        let configurations = inputs.map { $0.options.configuration.resolved(forFile: $0.path ?? $0.name) }
        var ruleResults: [ValidationResult] = []
        var ruleTimes: [Double] = []
        var start = 0
        while start < inputs.count {
            var end = start + 1
            while end < inputs.count, configurations[end] == configurations[start] { end += 1 }
            let clock = ContinuousClock.now
            ruleResults += Validator.results(batch: Array(decoded[start ..< end]), files: inputs[start ..< end].map(\.name),
                                             configuration: configurations[start])
            let elapsed = milliseconds(since: clock)
            let bytes = inputs[start ..< end].reduce(0) { $0 + $1.data.count }
            for input in inputs[start ..< end] {
                ruleTimes.append(elapsed * (bytes > 0 ? Double(input.data.count) / Double(bytes) : 1 / Double(end - start)))
            }
            start = end
        }
        return inputs.indices.map { index in
            var result = Result(name: inputs[index].name, data: inputs[index].data, input: decoded[index],
                                configuration: configurations[index], findings: ruleResults[index].findings,
                                suppressed: ruleResults[index].suppressed, profiles: [], chain: nil, probe: nil, schemaError: nil,
                                timing: Timing(decoding: decoding[index], rules: ruleTimes[index]))
            let clock = ContinuousClock.now
            complete(&result, input: inputs[index])
            result.timing.rest = milliseconds(since: clock)
            return result
        }
    }

    /// The stages after the rule pass: schema, chain, profiles. The configuration and the tag's directives
    /// hold for their findings as for the rules'.
    private static func complete(_ result: inout Result, input: Input) {
        let name = input.name, configuration = result.configuration, options = input.options
        var directives = configuration.inlineDirectives ? SourceDirectives(result.input.xml) : nil
        func settled(_ found: [Diagnostic]) -> [Diagnostic] {
            let configured = configuration.apply(to: found)
            guard let (kept, off) = directives?.apply(to: configured) else { return configured }
            result.suppressed += off
            return kept
        }
        if let schema = options.schema {
            do {
                let violations = try SchemaValidation.validate(input.data, input: result.input, schema: schema)
                result.findings = (result.findings + settled(violations.map { $0.inFile(name) })).sorted()
            } catch {
                result.schemaError = error
                return
            }
        }
        if let follow = options.follow {
            var (chain, hopFindings) = Self.follow(input.data, rootURI: input.rootURI, name: name, follow: follow, rules: configuration)
            chain.diagnostics = (settled(chain.diagnostics) + hopFindings).sorted()
            result.chain = chain
        }
        result.profiles = options.profiles.map { request in
            var report = Profiles.evaluate(request.name, input: result.input, options: request.options,
                                           chain: result.chain?.documents ?? [], file: name)
            report.diagnostics = settled(report.diagnostics)
            return report
        }
        if let prober = options.probe {
            var report = probe(result.input, chain: result.chain, name: name, documentName: options.follow?.documentName,
                               prober: prober)
            report.diagnostics = settled(report.diagnostics)
            result.probe = report
        }
    }

    /// Probes the assets of `input` (the tag, hop 0: a VAST, or the VAST a VMAP embeds in its breaks'
    /// `<VASTAdData>`) and of every document `chain` fetched (each under its document name and hop).
    public static func probe(_ input: DecodedInput, chain: FollowedChain?, name: String,
                             documentName: (@Sendable (String?) -> String)?, prober: AssetProber) -> ProbeReport {
        var assets = AssetCollector.assets(in: input, file: name)
        var pixels = AssetCollector.pixels(in: input, file: name)
        if let resolved = chain?.resolved {
            for document in resolved.documents where document.index > 0 {
                guard let hopVAST = VASTDecoder.decode(document.data).vast else { continue }
                let hop = resolved.ads.lazy.flatMap(\.hops).first { $0.documentIndex == document.index }?.index ?? document.index
                let file = documentName?(document.uri) ?? document.uri
                assets += AssetCollector.assets(in: hopVAST, file: file, hop: hop)
                pixels += AssetCollector.pixels(in: hopVAST, file: file, hop: hop)
            }
        }
        return prober.probe(assets, pixels: pixels)
    }

    /// Resolves the Wrapper chain of the tag `data` (named `name`) and collects its tracking. Given a
    /// configuration, runs the rules over each fetched document (the root's findings are the caller's): each
    /// finding names its document (``Follow/documentName``), and each document's own directive comments apply
    /// to it. The resolution's and the tracking's findings come in ``FollowedChain/diagnostics``, the fetched
    /// documents' apart in `hopFindings`.
    public static func follow(_ data: Data, rootURI: String?, name: String, follow: Follow, rules configuration: Configuration?)
        -> (chain: FollowedChain, hopFindings: [Diagnostic]) {
        let (resolved, inputs) = WrapperResolver.resolveKeepingInputs(rootData: data, rootURI: rootURI, fetcher: follow.fetcher,
                                                                      settings: follow.settings)
        let collector = TrackingCollector(macros: follow.macros)
        let chain = collector.fillingErrorURLs(of: resolved)
        var hopFindings: [Diagnostic] = []
        if let configuration {
            // Each fetched document is checked with the input the resolution decoded, not decoded again.
            for document in chain.documents where document.index > 0 {
                let file = follow.documentName(document.uri)
                let input = inputs[document.index] ?? VASTDecoder.decode(document.data)
                hopFindings += Validator.validate(input, file: file, configuration: configuration.resolved(forFile: file))
            }
        }
        let tracking = collector.collect(chain)
        let rootPath = rootURI.flatMap { URL(string: $0) }.flatMap { $0.isFileURL ? $0.path : $0.absoluteString }
        // The root's findings under the tag's name; a fetched file's under its document name.
        func named(_ diagnostic: Diagnostic) -> Diagnostic {
            if diagnostic.file == nil || diagnostic.file == rootPath { return diagnostic.inFile(name) }
            guard let file = diagnostic.file, file.hasPrefix("/") else { return diagnostic }
            return diagnostic.inFile(follow.documentName(URL(fileURLWithPath: file).absoluteString))
        }
        var diagnostics = Set(chain.diagnostics.map(named))
        for report in tracking { diagnostics.formUnion(report.diagnostics.map(named)) }
        let documents: [VASTDocument] = chain.ads.first.map { ad in
            ad.hops.dropFirst().compactMap { hop in
                hop.documentIndex.flatMap { index in
                    chain.documents.first { $0.index == index }.flatMap { VASTDecoder.decode($0.data).vast }
                }
            }
        } ?? []
        return (FollowedChain(resolved: chain, tracking: tracking, documents: documents, diagnostics: diagnostics.sorted()),
                hopFindings.sorted())
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
