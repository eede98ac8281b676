import Chain
import ConformCore
import Foundation

/// Turns a resolved chain into the files of a new chain case, so a live tag becomes a regression case in one
/// step: every document read (`root.xml`, `hop-1.xml`, ...) and a `chain.json` whose map sends each fetched URI
/// to its file (a failed hop becomes a simulated failure, `{"status": N}` or `{"timeout": true}`, so it fails
/// the same way offline) and whose expectation pins what the case does: its verdict, stop, hops, Error URLs,
/// tracking and findings. `conform check --follow --record` and the workbench's "save as case" both write
/// these files, and `conform run` passes on them.
///
/// The expectation is what the recorded files themselves produce when resolved as `conform run` resolves a
/// chain case (offline, through the map, the root standing for its recorded `rootURI`): the live chain's
/// outcome for the first ad, with the same findings, so the case passes until the chain's behaviour changes.
public enum ChainRecorder {
    /// The name of the root document in a recorded case.
    public static let rootFileName = "root.xml"

    /// File name → contents. Deterministic for a given chain. `description` says where the chain came from.
    public static func files(for chain: ResolvedChain, description: String? = nil) -> [String: Data] {
        var files: [String: Data] = [:]
        var map: [String: CorpusFetcher.Entry] = [:]
        for document in chain.documents {
            let name = document.index == 0 ? rootFileName : "hop-\(document.index).xml"
            files[name] = document.data
            if let uri = document.uri, document.index > 0 || !uri.hasPrefix("file:") { map[uri] = .file(name) }
        }
        for ad in chain.ads {
            guard let last = ad.hops.last, last.documentIndex == nil, let uri = last.uri, map[uri] == nil else { continue }
            switch ad.stop.reason {
            case .timeout: map[uri] = .timeout
            case .fetchFailed: if let code = last.statusCode { map[uri] = .status(code) }
            default: break
            }
        }
        // A web address the root stands for (relative VASTAdTagURIs resolve against it); a local file's is left out.
        let rootURI = chain.rootURI.flatMap { $0.hasPrefix("file:") ? nil : $0 }
        let policy = overrides(of: chain.settings.policy)
        var expectation = expectation(files: files, rootURI: rootURI, map: map, maxDepth: chain.settings.maxDepth, policy: policy)
        expectation.description = description
        let manifest = ChainManifest(root: rootFileName, rootURI: rootURI, map: map.mapValues { Optional($0) },
                                     maxDepth: chain.settings.maxDepth, policy: policy, expect: expectation)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        files[Corpus.chainFileName] = (try? encoder.encode(manifest)).map { $0 + Data("\n".utf8) } ?? Data("{}".utf8)
        return files
    }

    /// The description of a case recorded from `rootURI`: its address when it is one on the web (a local
    /// file's path says nothing of the tag and differs from machine to machine).
    public static func describe(rootURI: String?) -> String? {
        guard let rootURI, rootURI.hasPrefix("http://") || rootURI.hasPrefix("https://") else { return nil }
        return "the wrapper chain of \(rootURI), as recorded"
    }

    /// The limits of `policy` that differ from the spec settings', as a case states them (`nil` for none).
    static func overrides(of policy: FetchPolicy) -> ChainPolicyOverrides? {
        let spec = PlayerSettings.spec.policy
        let changes = ChainPolicyOverrides(
            refusePrivateAddresses: policy.refusePrivateAddresses != spec.refusePrivateAddresses ? policy.refusePrivateAddresses : nil,
            maxBytes: policy.maxBytes != spec.maxBytes ? policy.maxBytes : nil,
            redirects: policy.redirects != spec.redirects ? policy.redirects : nil,
            schemes: policy.schemes != spec.schemes ? policy.schemes.sorted() : nil,
            perHopTimeout: policy.perHopTimeout != spec.perHopTimeout ? policy.perHopTimeout : nil)
        return changes == ChainPolicyOverrides() ? nil : changes
    }

    /// The expectation of the recorded case: the files resolved as the chain evaluator of `conform run` resolves
    /// them (the same fetch decisions, served from memory), judged by the same outcome.
    static func expectation(files: [String: Data], rootURI: String?, map: [String: CorpusFetcher.Entry], maxDepth: Int,
                            policy: ChainPolicyOverrides?) -> CaseExpectation {
        let fetchPolicy = policy?.applied(to: PlayerSettings.spec.policy) ?? PlayerSettings.spec.policy
        let entries = map.mapValues { entry -> CorpusFetcher.Entry in
            if case .file(let name) = entry, let data = files[name] { return .body(data) }
            return entry
        }
        let fetcher = CorpusFetcher(entries: entries, baseDirectory: URL(fileURLWithPath: "/"), policy: fetchPolicy)
        let settings = PlayerSettings(name: "corpus", maxDepth: maxDepth, policy: fetchPolicy)
        let resolved = WrapperResolver.resolve(rootData: files[rootFileName] ?? Data(), rootURI: rootURI, fetcher: fetcher, settings: settings)
        let outcome = StandardEvaluators.outcome(of: resolved, rootName: rootFileName)
        let present = Set(outcome.diagnostics.map(\.ruleID)).sorted().map { ExpectedDiagnostic(rule: $0) }
        return CaseExpectation(
            verdict: outcome.verdict, tags: ["chain", "recorded"],
            diagnostics: present.isEmpty ? nil : DiagnosticExpectation(present: present),
            tracking: outcome.tracking.mapValues { $0.map(\.url) },
            chain: ChainExpectation(stopReason: outcome.stopReason, errorCode: outcome.errorCode, hops: outcome.hops.count,
                                    uris: outcome.hops.map(\.uri), errorURLs: outcome.errorURLs))
    }
}
