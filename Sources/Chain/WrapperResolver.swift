import ConformCore
import Foundation
import VAST

/// Follows every ad of a VAST response through its Wrappers to the InLine, through an injected ``Fetcher``.
///
/// Semantics (each pinned by a test):
/// - **Depth**: the root document is hop 0; each followed `VASTAdTagURI` adds one. Following a URI that
///   would make the depth larger than `settings.maxDepth` stops with 302 (`CHAIN-depth-exceeded`). With the
///   spec settings (5), five Wrappers and an InLine resolve; six Wrappers do not.
/// - **Loops**: the same resolved URI twice in one path from the root stops with 302 (`CHAIN-loop`); this
///   includes a document pointing at itself. The same URI in two different branches is not a loop.
/// - **URIs**: relative references resolve against the referring document; `//host/path` takes the
///   referrer's scheme when that is http(s), else `https` (`CHAIN-protocol-relative`, info). An absolute
///   URI whose scheme is not in the policy (`file:`, `data:`, `ftp:`, `javascript:` ...) is refused and never
///   opened (`CHAIN-scheme-refused`, 301); a relative reference inherits its referrer's scheme, so a local
///   root file may point at sibling files. The legacy `<VASTAdTagURL><URL>` form is followed
///   (`CHAIN-legacy-adtag-url`, info). An https document pointing at http is followed with a warning
///   (`CHAIN-https-downgrade`).
/// - **Wrapper attributes**: `followAdditionalWrappers="false"` makes a Wrapper in the next response a stop
///   (303, `CHAIN-additional-wrapper-refused`). `allowMultipleAds` (default false): when false and the
///   response holds several ads, only the first stand-alone ad (no `sequence`) is followed
///   (`CHAIN-multiple-ads-ignored`); a response of one ad is always followed; when true every ad is
///   followed (pods fan out). `fallbackOnNoAd` is reported on a 303 stop.
/// - **Stops**: fetch failures (HTTP status, missing file, connection error, size limit, redirect limit,
///   refused URI, timeouts of a hop or of the whole chain) are 301; an empty response is 303 and the Error
///   URLs of every hop (and the empty response's root `<Error>`) are listed with `[ERRORCODE]` filled; a hop
///   that is not XML is 100, not VAST is 101, VAST 1.0 or an unknown version is 102.
/// - **Versions**: a hop declaring another VAST version than the previous one is noted (`CHAIN-mixed-versions`).
public enum WrapperResolver {
    /// Resolves every ad of `rootData`.
    ///
    /// - Parameters:
    ///   - rootData: the bytes of the first document.
    ///   - rootURI: where it came from (an http(s) URL, or a `file:` URL for a local file), used to resolve
    ///     relative references and to detect a root that points at itself; `nil` for standard input.
    ///   - fetcher: reads every further document.
    ///   - settings: depth limit and fetch limits.
    /// - Returns: the chain of every ad, with stops, error URLs and findings.
    public static func resolve(rootData: Data, rootURI: String?, fetcher: any Fetcher,
                               settings: PlayerSettings = .spec) -> ResolvedChain {
        var run = Resolution(fetcher: fetcher, settings: settings, rootURI: rootURI)
        return run.resolve(rootData)
    }

    /// Like ``resolve(rootData:rootURI:fetcher:settings:)``, with the decoded input of every document of the
    /// chain by its ``ChainDocument/index``: a caller that checks each fetched document reads the inputs the
    /// resolution decoded instead of decoding the documents a second time.
    public static func resolveKeepingInputs(rootData: Data, rootURI: String?, fetcher: any Fetcher,
                                            settings: PlayerSettings = .spec) -> (chain: ResolvedChain, inputs: [Int: DecodedInput]) {
        var run = Resolution(fetcher: fetcher, settings: settings, rootURI: rootURI)
        let chain = run.resolve(rootData)
        return (chain, run.decoded)
    }
}

/// A display name for a document: a path for `file:` URLs, the URI otherwise.
func documentName(_ uri: String?) -> String? {
    guard let uri else { return nil }
    if uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL { return url.path }
    return uri
}

/// Fills `[ERRORCODE]` / `%%ERRORCODE%%` only, leaving every other macro as written.
func fillErrorCode(_ url: String, code: VASTErrorCode?) -> String {
    guard let code else { return url }
    let found = Macros.occurrences(in: url).filter { $0.name.uppercased() == "ERRORCODE" }
    guard !found.isEmpty else { return url }
    let scalars = Array(url.unicodeScalars)
    var out = String.UnicodeScalarView()
    var cursor = 0
    for occurrence in found {
        out.append(contentsOf: scalars[cursor..<occurrence.start])
        out.append(contentsOf: String(code.rawValue).unicodeScalars)
        cursor = occurrence.end
    }
    out.append(contentsOf: scalars[cursor...])
    return String(out)
}

private struct Resolution {
    let fetcher: any Fetcher
    let settings: PlayerSettings
    let rootURI: String?
    let started = DispatchTime.now().uptimeNanoseconds
    var documents: [ChainDocument] = []
    var decoded: [Int: DecodedInput] = [:]
    var cache: [String: Result<Int, FetchError>] = [:]
    var ads: [ResolvedAd] = []

    init(fetcher: any Fetcher, settings: PlayerSettings, rootURI: String?) {
        self.fetcher = fetcher
        self.settings = settings
        self.rootURI = rootURI
    }

    /// What a path through the chain carries: its hops, the URIs seen, its findings.
    struct Path {
        var hops: [ChainHop]
        var visited: Set<String>
        var diagnostics: [Diagnostic]
        var labels: [Int]
        var sequence: Int?
    }

    mutating func resolve(_ rootData: Data) -> ResolvedChain {
        let input = VASTDecoder.decode(rootData)
        documents.append(ChainDocument(index: 0, uri: rootURI, finalURI: nil, data: rootData,
                                       version: input.vast?.declaredVersion, statusCode: nil, durationMs: 0))
        decoded[0] = input
        var rootErrors: [ChainURL] = []
        if let vast = input.vast {
            if vast.ads.isEmpty {
                // A player reports an empty response with 303 (no ad), as it does a chain that ends in one.
                rootErrors = vast.errors.filter { !$0.value.isEmpty }.map {
                    ChainURL(url: $0.value, expanded: fillErrorCode($0.value, code: .noAdAfterWrapper), hop: 0, document: documentName(rootURI),
                             position: $0.position, path: $0.path)
                }
            }
            for (offset, ad) in vast.ads.enumerated() {
                let hop = ChainHop(index: 0, uri: rootURI, writtenURI: nil, outcome: outcome(of: ad), version: vast.declaredVersion,
                                   durationMs: 0, statusCode: nil, documentIndex: 0, adIndex: offset + 1, ad: ad)
                let path = Path(hops: [hop], visited: rootURI.map { [$0] } ?? [], diagnostics: [],
                                labels: [offset + 1], sequence: ad.sequence?.value)
                walk(path)
            }
        }
        var all = Set<Diagnostic>()
        for ad in ads { all.formUnion(ad.diagnostics) }
        return ResolvedChain(rootURI: rootURI, settings: settings, documents: documents, ads: ads,
                             rootErrors: rootErrors, diagnostics: all.sorted())
    }

    func outcome(of ad: Ad) -> HopOutcome {
        if ad.inLine != nil { return .inLine }
        if ad.wrapper != nil { return .wrapper }
        return .notVAST
    }

    /// Ends a path with `stop`, adding a finding and the Error URLs a player fires.
    mutating func finish(_ path: Path, _ stop: ChainStop, extraErrors: [ChainURL] = []) {
        var errors: [ChainURL] = []
        for hop in path.hops {
            guard let body = hop.ad?.body else { continue }
            let name = documentName(hop.uri)
            for node in body.errors where !node.value.isEmpty {
                errors.append(ChainURL(url: node.value, expanded: fillErrorCode(node.value, code: stop.vastErrorCode),
                                       hop: hop.index, document: name, position: node.position, path: node.path))
            }
        }
        for url in extraErrors {
            var copy = url
            copy.expanded = fillErrorCode(url.url, code: stop.vastErrorCode)
            errors.append(copy)
        }
        ads.append(ResolvedAd(
            label: path.labels.map(String.init).joined(separator: "/"), rootAdIndex: path.labels[0],
            sequence: path.sequence, hops: path.hops, stop: stop, errorURLs: errors,
            diagnostics: Array(Set(path.diagnostics)).sorted()))
    }

    /// Follows the last hop of `path`.
    mutating func walk(_ path: Path) {
        var path = path
        let last = path.hops[path.hops.count - 1]
        let referrerName = documentName(last.uri)
        guard let ad = last.ad else { return }
        if ad.inLine != nil {
            finish(path, ChainStop(reason: .inLine, message: "the chain reached an InLine at hop \(last.index)"))
            return
        }
        guard let wrapper = ad.wrapper else {
            let message = "the <Ad> at \(ad.path) has neither <InLine> nor <Wrapper>"
            path.diagnostics.append(ChainRules.make(ChainRuleID.hopNotVAST, message, file: referrerName,
                                                    at: ad.position, path: ad.path))
            path.hops[path.hops.count - 1].outcome = .notVAST
            finish(path, ChainStop(reason: .notVAST, message: message))
            return
        }
        guard let tag = wrapper.vastAdTagURI, !tag.value.isEmpty else {
            let message = "the Wrapper at \(wrapper.path) has no VASTAdTagURI to follow"
            path.diagnostics.append(ChainRules.make(ChainRuleID.wrapperWithoutURI, message, file: referrerName,
                                                    at: wrapper.position, path: wrapper.path))
            path.hops[path.hops.count - 1].outcome = .noURI
            finish(path, ChainStop(reason: .wrapperWithoutURI, message: message))
            return
        }
        func report(_ id: String, _ message: String) {
            path.diagnostics.append(ChainRules.make(id, message, file: referrerName, at: tag.position, path: tag.path))
        }
        let written = tag.value
        if wrapper.usesLegacyAdTagURL {
            report(ChainRuleID.legacyAdTagURL, "the Wrapper uses the VAST 1 form <VASTAdTagURL><URL>; VAST 2.0 and later write <VASTAdTagURI>")
        }
        let referrer = last.uri.flatMap { URL(string: $0) }
        let depth = last.index + 1
        var failedHop = ChainHop(index: depth, uri: nil, writtenURI: written, outcome: .noURI, version: nil,
                                 durationMs: 0, statusCode: nil, documentIndex: nil, adIndex: nil, ad: nil)

        // Resolve the written URI against the referrer, and apply the scheme policy to what is written.
        var target: URL?
        if written.hasPrefix("//") {
            let inherited = referrer?.scheme?.lowercased()
            let scheme = (inherited == "http" || inherited == "https") ? inherited! : "https"
            target = URL(string: scheme + ":" + written)
            report(ChainRuleID.protocolRelative,
                   "the VASTAdTagURI \(written) has no scheme; it resolves to \(scheme): from the referring document")
        } else if let absolute = URL(string: written), let scheme = absolute.scheme, !scheme.isEmpty {
            guard settings.policy.allows(scheme: scheme) else {
                let message = "the VASTAdTagURI \(written) uses the scheme '\(scheme.lowercased()):'; only \(settings.policy.schemes.sorted().joined(separator: " and ")) are fetched from a tag, and it was not opened"
                report(ChainRuleID.schemeRefused, message)
                failedHop.uri = written
                failedHop.outcome = .refused
                path.hops.append(failedHop)
                finish(path, ChainStop(reason: .schemeRefused, message: message))
                return
            }
            target = absolute
        } else if let referrer {
            target = URL(string: written, relativeTo: referrer)?.absoluteURL
        } else {
            target = URL(string: written)
        }
        guard let target else {
            let message = "the VASTAdTagURI \"\(written)\" is not a URI"
            report(ChainRuleID.invalidURI, message)
            path.hops.append(failedHop)
            finish(path, ChainStop(reason: .invalidURI, message: message))
            return
        }
        let key = target.absoluteString
        let shown = documentName(key) ?? key
        failedHop.uri = key

        if depth > settings.maxDepth {
            let message = "following \(shown) would be wrapper hop \(depth); the \(settings.name) settings follow at most \(settings.maxDepth)"
            report(ChainRuleID.depthExceeded, message)
            failedHop.outcome = .depthLimit
            path.hops.append(failedHop)
            finish(path, ChainStop(reason: .depthExceeded, message: message))
            return
        }
        if path.visited.contains(key) {
            let first = path.hops.first { $0.uri == key }?.index ?? 0
            let message = "the VASTAdTagURI \(shown) was already fetched at hop \(first) of this chain (a loop)"
            report(ChainRuleID.loop, message)
            failedHop.outcome = .loop
            path.hops.append(failedHop)
            finish(path, ChainStop(reason: .loop, message: message))
            return
        }
        if referrer?.scheme?.lowercased() == "https" && target.scheme?.lowercased() == "http" {
            report(ChainRuleID.httpsDowngrade, "the https document points at the http URI \(shown); secure players refuse the hop")
        }

        // Fetch (once per URI per resolution).
        let documentIndex: Int
        switch fetchDocument(target, referrer: referrer) {
        case .success(let index):
            documentIndex = index
        case .failure(let error):
            let (reason, id, outcome) = classify(error)
            let message = error.description
            if case .httpStatus(_, let code) = error { failedHop.statusCode = code }
            report(id, message)
            failedHop.outcome = outcome
            path.hops.append(failedHop)
            finish(path, ChainStop(reason: reason, message: message))
            return
        }
        let document = documents[documentIndex]
        let input = decoded[documentIndex]!
        failedHop.documentIndex = documentIndex
        failedHop.durationMs = document.durationMs
        failedHop.statusCode = document.statusCode
        failedHop.version = input.vast?.declaredVersion
        let hopName = documentName(key)

        func stopInvalid(_ reason: StopReason, _ id: String, _ outcome: HopOutcome, _ message: String) {
            report(id, message)
            failedHop.outcome = outcome
            path.hops.append(failedHop)
            finish(path, ChainStop(reason: reason, message: message))
        }
        if !input.xml.isWellFormed || input.xml.root == nil {
            // The first finding that breaks the XML (a DOCTYPE or an entity reference alone does not).
            let detail = input.findings.first { ![DecodeRuleID.dtdPresent, DecodeRuleID.entityReference].contains($0.ruleID) }?.message
                ?? "no root element"
            stopInvalid(.notXML, ChainRuleID.hopNotXML, .notXML,
                        "the document at \(shown) is not well-formed XML (\(detail))")
            return
        }
        if input.rootName == "VideoAdServingTemplate" {
            stopInvalid(.unsupportedVersion, ChainRuleID.hopUnsupportedVersion, .unsupportedVersion,
                        "the document at \(shown) is VAST 1.0 (<VideoAdServingTemplate>), which players do not support")
            return
        }
        guard let vast = input.vast else {
            stopInvalid(.notVAST, ChainRuleID.hopNotVAST, .notVAST,
                        "the document at \(shown) has the root <\(input.rootName ?? "?")>, not <VAST>")
            return
        }
        if let declared = vast.declaredVersion, vast.version == nil {
            stopInvalid(.unsupportedVersion, ChainRuleID.hopUnsupportedVersion, .unsupportedVersion,
                        "the document at \(shown) declares VAST version \"\(declared)\", which is not 2.0 to 4.4")
            return
        }
        if let previous = last.version, let declared = vast.declaredVersion,
           VASTVersion(declared: previous) != VASTVersion(declared: declared) {
            report(ChainRuleID.mixedVersions, "hop \(last.index) is VAST \(previous) and hop \(depth) (\(shown)) is VAST \(declared)")
        }
        path.visited.insert(key)

        if vast.ads.isEmpty {
            let fallback = wrapper.fallbackOnNoAd?.value
            var message = "the document at \(shown) has no ad (no VAST response after \(depth) wrapper(s))"
            if fallback == true { message += "; fallbackOnNoAd is true, so a player may pick another stand-alone ad of the earlier response" }
            report(ChainRuleID.noAd, message)
            failedHop.outcome = .noAd
            path.hops.append(failedHop)
            let rootErrors = vast.errors.filter { !$0.value.isEmpty }.map {
                ChainURL(url: $0.value, expanded: $0.value, hop: depth, document: hopName, position: $0.position, path: $0.path)
            }
            finish(path, ChainStop(reason: .noAd, message: message, fallbackOnNoAd: fallback), extraErrors: rootErrors)
            return
        }

        // Which ads of the response this Wrapper accepts.
        var selected: [(Int, Ad)] = Array(vast.ads.enumerated())
        if vast.ads.count > 1 && wrapper.allowMultipleAds?.value != true {
            let standAlone = selected.first { $0.1.sequence == nil }
            selected = standAlone.map { [$0] } ?? []
            let kept = standAlone.map { "only the stand-alone Ad[\($0.0 + 1)] is followed" } ?? "none of them is stand-alone, so none is followed"
            report(ChainRuleID.multipleAdsIgnored,
                   "the response at \(shown) has \(vast.ads.count) ads but the Wrapper does not allow multiple ads (allowMultipleAds=\"true\"); \(kept)")
            if selected.isEmpty {
                let message = "no ad of \(shown) can be used: the Wrapper allows a single stand-alone ad and the response is a pod"
                failedHop.outcome = .noAd
                path.hops.append(failedHop)
                finish(path, ChainStop(reason: .noAd, message: message, fallbackOnNoAd: wrapper.fallbackOnNoAd?.value))
                return
            }
        }
        let followWrappers = wrapper.followAdditionalWrappers?.value ?? true
        for (offset, next) in selected {
            var branch = path
            var hop = failedHop
            hop.adIndex = offset + 1
            hop.ad = next
            hop.outcome = outcome(of: next)
            if vast.ads.count > 1 { branch.labels.append(offset + 1) }
            if let sequence = next.sequence?.value { branch.sequence = sequence }
            if next.inLine == nil && next.wrapper != nil && !followWrappers {
                let message = "the Wrapper at hop \(last.index) has followAdditionalWrappers=\"false\" but \(shown) returned another Wrapper (Ad[\(offset + 1)]); it is ignored"
                branch.diagnostics.append(ChainRules.make(ChainRuleID.additionalWrapperRefused, message, file: referrerName,
                                                          at: tag.position, path: tag.path))
                hop.outcome = .ignoredWrapper
                branch.hops.append(hop)
                finish(branch, ChainStop(reason: .additionalWrapperRefused, message: message,
                                         fallbackOnNoAd: wrapper.fallbackOnNoAd?.value))
                continue
            }
            branch.hops.append(hop)
            walk(branch)
        }
    }

    func classify(_ error: FetchError) -> (StopReason, String, HopOutcome) {
        switch error {
        case .schemeRefused: (.schemeRefused, ChainRuleID.schemeRefused, .refused)
        case .privateAddressRefused: (.privateAddressRefused, ChainRuleID.privateAddress, .refused)
        case .timeout: (.timeout, ChainRuleID.timeout, .timeout)
        case .oversize: (.oversize, ChainRuleID.oversize, .fetchFailed)
        case .tooManyRedirects: (.redirectLimit, ChainRuleID.redirectLimit, .fetchFailed)
        case .httpStatus, .notFound, .failed: (.fetchFailed, ChainRuleID.fetchFailed, .fetchFailed)
        }
    }

    /// Fetches `target` unless it was fetched before in this resolution, within what is left of the total budget.
    mutating func fetchDocument(_ target: URL, referrer: URL?) -> Result<Int, FetchError> {
        let key = target.absoluteString
        if let cached = cache[key] { return cached }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000_000
        let left = settings.policy.totalTimeout - elapsed
        let result: Result<Int, FetchError>
        if left <= 0 {
            result = .failure(.timeout(uri: key, seconds: settings.policy.totalTimeout))
        } else {
            do {
                let fetched = try fetcher.fetch(target, referrer: referrer, timeLimit: left)
                let input = VASTDecoder.decode(fetched.data)
                let index = documents.count
                let final = fetched.finalURI.absoluteString
                documents.append(ChainDocument(
                    index: index, uri: key, finalURI: final == key ? nil : final, data: fetched.data,
                    version: input.vast?.declaredVersion, statusCode: fetched.statusCode, durationMs: fetched.durationMs))
                decoded[index] = input
                result = .success(index)
            } catch {
                result = .failure(error)
            }
        }
        cache[key] = result
        return result
    }
}
