import Chain
import ConformCore
import Foundation
import Trafficking

/// The seams through which the runner reaches the stages that judge parameter strings and chain folders:
/// ``standard`` sends parameter strings to the trafficking analyser, chain folders to the wrapper resolver
/// and tracking collector; a test may put its own in. A case that needs a seam left empty reports `error`
/// with a message saying which one. (Documents, their schema and their profile pins are checked by
/// ``TagCheck``, as `conform check` checks them.)
public struct CaseEvaluators: Sendable {
    public var parameters: ParameterCaseEvaluator?
    public var chain: ChainCaseEvaluator?
    /// Reads the counts each report states for a meta case's nested run (the Reports module's reader).
    public var reports: ReportCountsEvaluator?

    public init(parameters: ParameterCaseEvaluator? = nil, chain: ChainCaseEvaluator? = nil, reports: ReportCountsEvaluator? = nil) {
        self.parameters = parameters
        self.chain = chain
        self.reports = reports
    }
}

/// What the trafficking analyser concluded about one parameter string.
public struct ParameterOutcome: Sendable, Codable, Hashable {
    /// The detected format id (`customCTA`, `carousel`, `takeover.inVideo`, ...), or `nil`.
    public var format: String?
    /// Typed fields in words (field name → value), for pins and golden snapshots.
    public var fields: [String: String]
    public var diagnostics: [Diagnostic]
    public var accepted: Bool

    public init(format: String?, fields: [String: String] = [:], diagnostics: [Diagnostic], accepted: Bool) {
        self.format = format
        self.fields = fields
        self.diagnostics = diagnostics
        self.accepted = accepted
    }
}

/// Analyses one parameter string. `line` is the string's line in its table (positions in the
/// diagnostics use it); `policy` is the URL policy of the row (its table's `# policy:` line, or the
/// default policy).
public typealias ParameterCaseEvaluator = @Sendable (_ string: String, _ line: Int, _ policy: URLPolicy) -> ParameterOutcome

/// A wrapper-chain case as the chain evaluator receives it: the root document and the map from
/// `VASTAdTagURI` to local files, all inside the case folder.
public struct ChainCaseInput: Sendable, Hashable {
    /// The case folder.
    public var folder: URL
    /// The first document of the chain.
    public var root: URL
    /// URI → local file. A URI mapped to `null` in `chain.json` is absent here and must fail to fetch.
    public var map: [String: URL]
    /// The maximum wrapper depth to allow, when the case sets one (otherwise the resolver's default).
    public var maxDepth: Int?
    /// URI → simulated response (status, timeout, redirect, body, size), beside the files of ``map``.
    public var responses: [String: CorpusFetcher.Entry]
    /// The fetch limits, when the case changes the spec settings' (otherwise `nil`).
    public var policy: FetchPolicy?
    /// The URI the root document stands for, when the case names one: relative `VASTAdTagURI`s resolve against it.
    public var rootURI: String?
    /// Probe the assets of the chain's documents (`chain.json`'s `probe`).
    public var probe: Bool = false

    public init(folder: URL, root: URL, map: [String: URL], maxDepth: Int? = nil,
                responses: [String: CorpusFetcher.Entry] = [:], policy: FetchPolicy? = nil, rootURI: String? = nil, probe: Bool = false) {
        self.rootURI = rootURI
        self.probe = probe
        self.folder = folder
        self.root = root
        self.map = map
        self.maxDepth = maxDepth
        self.responses = responses
        self.policy = policy
    }
}

/// What resolving a chain produced.
public struct ChainOutcome: Sendable, Codable, Hashable {
    /// Every hop, root (hop 0) first, including a final hop that failed (not fetched, a loop, over
    /// the depth limit).
    public var hops: [ChainHopSummary]
    /// `inline` when an InLine was reached, otherwise why resolution stopped, in the chain
    /// resolver's words (`depth-exceeded`, `loop`, `no-ad`, `fetch-failed`, `timeout`, ...).
    public var stopReason: String
    /// The IAB VAST error code of the stop, when there is one (302, 303, 301, ...).
    public var errorCode: Int?
    /// Tracking merged along the chain: event → URLs in firing order.
    public var tracking: [String: [TrackedURL]]
    /// Every diagnostic of every document and of the resolution itself.
    public var diagnostics: [Diagnostic]
    /// The Error URLs a player fires for the stop, in order, as it requests them (`[ERRORCODE]` and the other
    /// macros filled); empty when the chain reached an InLine.
    public var errorURLs: [String]

    public init(hops: [ChainHopSummary], stopReason: String, errorCode: Int? = nil,
                tracking: [String: [TrackedURL]] = [:], diagnostics: [Diagnostic] = [], errorURLs: [String] = []) {
        self.hops = hops
        self.stopReason = stopReason
        self.errorCode = errorCode
        self.tracking = tracking
        self.diagnostics = diagnostics
        self.errorURLs = errorURLs
    }

    enum CodingKeys: String, CodingKey { case hops, stopReason, errorCode, tracking, diagnostics, errorURLs }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(hops: try container.decode([ChainHopSummary].self, forKey: .hops),
                  stopReason: try container.decode(String.self, forKey: .stopReason),
                  errorCode: try container.decodeIfPresent(Int.self, forKey: .errorCode),
                  tracking: try container.decode([String: [TrackedURL]].self, forKey: .tracking),
                  diagnostics: try container.decode([Diagnostic].self, forKey: .diagnostics),
                  errorURLs: try container.decodeIfPresent([String].self, forKey: .errorURLs) ?? [])
    }

    /// `resolved` when the chain reached an InLine, `unresolved` otherwise.
    public var verdict: String { stopReason == "inline" ? Verdict.resolved : Verdict.unresolved }
}

/// Resolves one chain case. Throwing marks the case as `error` with the error's description.
public typealias ChainCaseEvaluator = @Sendable (_ input: ChainCaseInput) throws -> ChainOutcome
