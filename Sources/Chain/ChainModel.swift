import ConformCore
import Foundation
import VAST

/// What happened at one hop of a chain.
public enum HopOutcome: String, Sendable, Codable, Hashable, CaseIterable {
    /// The hop's ad is a Wrapper that was followed.
    case wrapper
    /// The hop's ad is an InLine: the chain ends here with an ad.
    case inLine = "inline"
    /// The document has no ad.
    case noAd = "no-ad"
    /// The document could not be fetched (HTTP status, missing file, connection failure, redirects, size).
    case fetchFailed = "fetch-failed"
    /// The document did not arrive in time.
    case timeout
    /// The URI was refused by policy (scheme or private address) and never opened.
    case refused
    /// Not followed: the URI already appeared in the chain.
    case loop
    /// Not followed: one more hop would exceed the depth limit.
    case depthLimit = "depth-limit"
    /// The document is not well-formed XML.
    case notXML = "not-xml"
    /// The document is XML but not VAST, or an ad has neither InLine nor Wrapper.
    case notVAST = "not-vast"
    /// The document is VAST 1.0 or an unknown version.
    case unsupportedVersion = "unsupported-version"
    /// A Wrapper that was ignored because the previous Wrapper said followAdditionalWrappers="false".
    case ignoredWrapper = "ignored-wrapper"
    /// A Wrapper without a usable VASTAdTagURI (missing or not a URI).
    case noURI = "no-uri"
}

/// Why the resolution of one ad stopped, named for people and tools.
public enum StopReason: String, Sendable, Codable, Hashable, CaseIterable {
    case inLine = "inline"
    case depthExceeded = "depth-exceeded"
    case loop
    case fetchFailed = "fetch-failed"
    case timeout
    case schemeRefused = "scheme-refused"
    case privateAddressRefused = "private-address-refused"
    case oversize
    case redirectLimit = "redirect-limit"
    case notXML = "not-xml"
    case notVAST = "not-vast"
    case unsupportedVersion = "unsupported-version"
    case noAd = "no-ad"
    case wrapperWithoutURI = "wrapper-without-uri"
    case invalidURI = "invalid-uri"
    case additionalWrapperRefused = "additional-wrapper-refused"

    /// The IAB error code a player reports for this stop (`nil` when the chain reached an InLine).
    ///
    /// Fetch problems of every kind (status, timeout, refused scheme or address, size, redirects, an
    /// unusable URI) are 301 "timeout or unavailable VAST URI"; too deep and loops are 302 (a player
    /// following a loop runs into its wrapper limit); an empty response or an ignored extra wrapper is
    /// 303; a hop that does not parse is 100, is not VAST (or a Wrapper without VASTAdTagURI) is 101,
    /// and a VAST 1.0 or unknown version is 102.
    public var vastErrorCode: VASTErrorCode? {
        switch self {
        case .inLine: nil
        case .fetchFailed, .timeout, .schemeRefused, .privateAddressRefused, .oversize, .redirectLimit, .invalidURI:
            .wrapperTimeout
        case .depthExceeded, .loop: .wrapperLimit
        case .noAd, .additionalWrapperRefused: .noAdAfterWrapper
        case .notXML: .xmlParsing
        case .notVAST, .wrapperWithoutURI: .schemaValidation
        case .unsupportedVersion: .versionNotSupported
        }
    }

    /// The rule id of the diagnostic made for this stop (`nil` for an InLine).
    public var ruleID: String? {
        switch self {
        case .inLine: nil
        case .depthExceeded: ChainRuleID.depthExceeded
        case .loop: ChainRuleID.loop
        case .fetchFailed: ChainRuleID.fetchFailed
        case .timeout: ChainRuleID.timeout
        case .schemeRefused: ChainRuleID.schemeRefused
        case .privateAddressRefused: ChainRuleID.privateAddress
        case .oversize: ChainRuleID.oversize
        case .redirectLimit: ChainRuleID.redirectLimit
        case .notXML: ChainRuleID.hopNotXML
        case .notVAST: ChainRuleID.hopNotVAST
        case .unsupportedVersion: ChainRuleID.hopUnsupportedVersion
        case .noAd: ChainRuleID.noAd
        case .wrapperWithoutURI: ChainRuleID.wrapperWithoutURI
        case .invalidURI: ChainRuleID.invalidURI
        case .additionalWrapperRefused: ChainRuleID.additionalWrapperRefused
        }
    }
}

/// How and why the resolution of one ad ended.
public struct ChainStop: Sendable, Codable, Hashable {
    public var reason: StopReason
    /// The IAB error code a player reports (and puts in `[ERRORCODE]`); `nil` for an InLine.
    public var vastErrorCode: VASTErrorCode?
    /// A readable account of the stop.
    public var message: String
    /// The `fallbackOnNoAd` of the last Wrapper when the chain ended without an ad (a player may then pick
    /// another stand-alone ad of the same response), otherwise `nil`.
    public var fallbackOnNoAd: Bool?

    public init(reason: StopReason, message: String, fallbackOnNoAd: Bool? = nil) {
        self.reason = reason
        self.vastErrorCode = reason.vastErrorCode
        self.message = message
        self.fallbackOnNoAd = fallbackOnNoAd
    }
}

/// One hop of an ad's chain: the root document is hop 0, each followed `VASTAdTagURI` adds one.
public struct ChainHop: Sendable, Encodable, Hashable {
    /// 0 for the root document, counting up to the InLine (equal to the hop's wrapper depth).
    public var index: Int
    /// The resolved URI of the document (`nil` for a root given without one).
    public var uri: String?
    /// The `VASTAdTagURI` text as written in the previous hop (`nil` for the root).
    public var writtenURI: String?
    public var outcome: HopOutcome
    /// `VAST@version` of the hop's document as declared.
    public var version: String?
    /// Fetch time in milliseconds (0 offline and for the root).
    public var durationMs: Int
    /// HTTP status of the fetch, when HTTP was spoken.
    public var statusCode: Int?
    /// Index of the hop's document in ``ResolvedChain/documents``, when one was fetched.
    public var documentIndex: Int?
    /// 1-based index of the hop's `<Ad>` in its document.
    public var adIndex: Int?
    /// The hop's `<Ad>` (Wrapper or InLine), when there is one.
    public var ad: Ad?

    /// The hop's wrapper depth (the same number as ``index``).
    public var depth: Int { index }
}

/// A URL a player would request, with where it came from.
public struct ChainURL: Sendable, Codable, Hashable {
    /// The URL as written (trimmed).
    public var url: String
    /// The URL as a player requests it: macros filled.
    public var expanded: String
    /// The hop it came from (0 = root document).
    public var hop: Int
    /// The document it came from: a path for local files, the URI otherwise.
    public var document: String?
    /// 1-based line and column of the element in its document.
    public var position: SourcePosition
    /// The element's path in its document.
    public var path: String

    public init(url: String, expanded: String, hop: Int, document: String?, position: SourcePosition, path: String) {
        self.url = url
        self.expanded = expanded
        self.hop = hop
        self.document = document
        self.position = position
        self.path = path
    }
}

/// One ad of the root response, followed to its InLine (or to where it stopped). A Wrapper whose response
/// holds several ads (a pod) fans out: each ad of that response is its own ``ResolvedAd`` sharing the hops
/// before it.
public struct ResolvedAd: Sendable, Encodable, Hashable {
    /// The 1-based `<Ad>` index in the root, then in each response of several ads, joined with `/`
    /// (`1`; `1/2` for the second ad of a pod that root ad 1 wrapped): a stable name for the ad.
    public var label: String
    /// 1-based index of the ad in the root document.
    public var rootAdIndex: Int
    /// `Ad@sequence` of the innermost ad that has one (a pod position), or `nil`.
    public var sequence: Int?
    public var hops: [ChainHop]
    public var stop: ChainStop
    /// The Error URLs a player fires for this stop (every hop's `<Error>`, and the root `<Error>` of an empty
    /// response), with `[ERRORCODE]` filled with the stop's code. For an InLine the code is not known, and
    /// ``ChainURL/expanded`` keeps `[ERRORCODE]` as written. The other macros are filled by
    /// ``TrackingCollector/fillingErrorURLs(of:)``, as the tracking URLs are.
    public var errorURLs: [ChainURL]
    /// Findings of this ad's resolution, sorted.
    public var diagnostics: [Diagnostic]

    /// The InLine `<Ad>` the chain ended at, if it did.
    public var inLine: Ad? { stop.reason == .inLine ? hops.last?.ad : nil }
}

/// A document of the chain, kept so a chain can be recorded as a corpus case.
public struct ChainDocument: Sendable, Codable, Hashable {
    /// Position in ``ResolvedChain/documents`` (0 = root).
    public var index: Int
    /// The URI it was fetched from (`nil` for a root given without one).
    public var uri: String?
    /// Where redirects led, when different from `uri`.
    public var finalURI: String?
    public var data: Data
    public var version: String?
    public var statusCode: Int?
    public var durationMs: Int
}

/// The result of following every ad of a root response through its wrappers.
public struct ResolvedChain: Sendable, Encodable, Hashable {
    public var rootURI: String?
    /// The settings used (`spec`, `ima`, ... or `custom`).
    public var settings: PlayerSettings
    /// Every document read, the root first, each once (a URI that appears in two branches is fetched once).
    public var documents: [ChainDocument]
    /// Every ad, in root order, fanned out through pods.
    public var ads: [ResolvedAd]
    /// The root document's own `<Error>` URLs when it has no ad (a no-ad response).
    public var rootErrors: [ChainURL]
    /// Every finding of every ad, each once, sorted.
    public var diagnostics: [Diagnostic]
}
