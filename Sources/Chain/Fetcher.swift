import ConformCore
import Foundation

/// One document a ``Fetcher`` returned.
public struct FetchedDocument: Sendable, Hashable {
    /// The bytes of the response body (never more than the policy's `maxBytes`).
    public var data: Data
    /// The URI the bytes finally came from, after redirects (equal to the requested URI when none).
    public var finalURI: URL
    /// HTTP status code, or `nil` for fetchers that do not speak HTTP.
    public var statusCode: Int?
    /// How many redirects were followed.
    public var redirects: Int
    /// Wall time of the fetch in milliseconds (0 for offline fetchers, so offline output stays deterministic).
    public var durationMs: Int
    /// The `Content-Type` of the final response as sent (`nil` when none was sent, and for files, whose type
    /// offline fetchers infer from the name).
    public var contentType: String?
    /// Milliseconds from the first request to the first byte of the final response (`nil` when not measured:
    /// offline fetchers, so offline output stays deterministic).
    public var firstByteMs: Int?

    public init(data: Data, finalURI: URL, statusCode: Int? = nil, redirects: Int = 0, durationMs: Int = 0,
                contentType: String? = nil, firstByteMs: Int? = nil) {
        self.data = data
        self.finalURI = finalURI
        self.statusCode = statusCode
        self.redirects = redirects
        self.durationMs = durationMs
        self.contentType = contentType
        self.firstByteMs = firstByteMs
    }
}

/// Why a fetch failed. Each case maps to a chain stop reason and, through it, to an IAB error code.
public enum FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URI's scheme is not one the policy allows (`file:`, `data:`, `ftp:`, `javascript:` ...). Nothing was opened.
    case schemeRefused(uri: String, scheme: String)
    /// The host resolves to a private, link-local or loopback address and the policy refuses those.
    case privateAddressRefused(uri: String, address: String)
    /// No response within the time limit (seconds).
    case timeout(uri: String, seconds: Double)
    /// The body was larger than the limit (bytes); the transfer was cut off.
    case oversize(uri: String, limit: Int)
    /// More redirects than the limit, or a redirect loop.
    case tooManyRedirects(uri: String, limit: Int)
    /// An HTTP status other than 2xx.
    case httpStatus(uri: String, code: Int)
    /// The URI is not in the offline map, or the file does not exist.
    case notFound(uri: String)
    /// Any other transport failure (DNS, connection refused, TLS, unreadable file).
    case failed(uri: String, reason: String)

    /// The URI the failure is about.
    public var uri: String {
        switch self {
        case .schemeRefused(let uri, _), .privateAddressRefused(let uri, _), .timeout(let uri, _),
             .oversize(let uri, _), .tooManyRedirects(let uri, _), .httpStatus(let uri, _),
             .notFound(let uri), .failed(let uri, _):
            uri
        }
    }

    public var description: String {
        switch self {
        case .schemeRefused(let uri, let scheme):
            "refused to fetch \(uri): the scheme '\(scheme):' is not allowed (only http and https are fetched from a tag)"
        case .privateAddressRefused(let uri, let address):
            "refused to fetch \(uri): the host resolves to the private, link-local or loopback address \(address)"
        case .timeout(let uri, let seconds):
            "no response from \(uri) within \(formatSeconds(seconds))"
        case .oversize(let uri, let limit):
            "the response from \(uri) is larger than \(limit) bytes; the transfer was cut off"
        case .tooManyRedirects(let uri, let limit):
            "\(uri) redirected more than \(limit) time(s) (or in a loop)"
        case .httpStatus(let uri, let code):
            "\(uri) answered HTTP \(code)"
        case .notFound(let uri):
            "\(uri) is not available (no such file or map entry)"
        case .failed(let uri, let reason):
            "could not fetch \(uri): \(reason)"
        }
    }
}

func formatSeconds(_ seconds: Double) -> String {
    if seconds >= 0 && seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
    if seconds == seconds.rounded() && abs(seconds) < 1e15 { return "\(Int(seconds)) s" }
    return String(format: "%.1f s", seconds)
}

/// Where a wrapper chain's next document comes from. The caller injects it, so nothing is fetched
/// behind the caller's back: offline corpus runs pass a ``CorpusFetcher`` or ``FileFetcher``, the
/// command line passes an ``HTTPFetcher`` when the user asks for live resolution.
///
/// The API is synchronous: offline fetchers read files; ``HTTPFetcher`` makes its requests on the
/// calling thread and returns when they end. Implementations must be safe to call from several threads
/// at once.
public protocol Fetcher: Sendable {
    /// Fetches `uri`, which the resolver has already resolved against `referrer` (the document the
    /// `VASTAdTagURI` appeared in; `nil` for a root given without a URI).
    func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument

    /// Fetches `uri` within `timeLimit` seconds at most (what is left of the chain's total budget).
    /// The default ignores the limit and calls ``fetch(_:referrer:)``.
    func fetch(_ uri: URL, referrer: URL?, timeLimit: Double?) throws(FetchError) -> FetchedDocument
}

extension Fetcher {
    public func fetch(_ uri: URL, referrer: URL?, timeLimit: Double?) throws(FetchError) -> FetchedDocument {
        try fetch(uri, referrer: referrer)
    }
}

/// Limits for fetching the documents of a chain.
public struct FetchPolicy: Sendable, Hashable, Codable {
    /// Schemes that may be fetched from a tag, lower-case. Anything else is refused with a diagnostic and
    /// never opened. Default: `http`, `https`.
    public var schemes: Set<String>
    /// Refuse hosts that are or resolve to private (RFC 1918, fc00::/7), link-local (169.254/16, fe80::/10),
    /// loopback (127/8, ::1) or unspecified addresses: server-side request forgery protection for hosted use.
    /// Off by default (local tags and local test servers need loopback).
    public var refusePrivateAddresses: Bool
    /// Largest response body accepted, in bytes. Larger bodies are cut off and the hop fails.
    public var maxBytes: Int
    /// Most HTTP redirects followed for one hop.
    public var redirects: Int
    /// Time limit for one hop (request, redirects and body), in seconds.
    public var perHopTimeout: Double
    /// Time limit for the whole chain, in seconds.
    public var totalTimeout: Double

    /// The longest time limit, in seconds, the command line and chain manifests accept for one hop: a day.
    /// Fetchers never wait longer, whatever a policy holds.
    public static let maximumTimeout: Double = 86_400

    public init(schemes: Set<String> = ["http", "https"], refusePrivateAddresses: Bool = false,
                maxBytes: Int = 4 * 1024 * 1024, redirects: Int = 5, perHopTimeout: Double = 10,
                totalTimeout: Double = 60) {
        self.schemes = schemes
        self.refusePrivateAddresses = refusePrivateAddresses
        self.maxBytes = maxBytes
        self.redirects = redirects
        self.perHopTimeout = perHopTimeout
        self.totalTimeout = totalTimeout
    }

    /// Whether `scheme` (any case) may be fetched.
    public func allows(scheme: String) -> Bool { schemes.contains(scheme.lowercased()) }
}
