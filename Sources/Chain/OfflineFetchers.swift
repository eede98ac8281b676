import ConformCore
import Foundation

/// Reads local files for `file:` URIs: the root tag is a file, and the chain's relative `VASTAdTagURI`
/// values are resolved against the referring document by the resolver before they reach this fetcher.
/// It never opens anything but a regular file, and never a file outside `confinedTo` when that is set.
public struct FileFetcher: Fetcher {
    /// Largest file read, in bytes.
    public var maxBytes: Int
    /// When set, only files under this directory are read.
    public var confinedTo: URL?

    public init(maxBytes: Int = FetchPolicy().maxBytes, confinedTo: URL? = nil) {
        self.maxBytes = maxBytes
        self.confinedTo = confinedTo
    }

    public func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        guard uri.isFileURL else {
            throw .failed(uri: uri.absoluteString, reason: "only local files are read offline")
        }
        let path = uri.standardizedFileURL.path
        if let confinedTo {
            let base = confinedTo.standardizedFileURL.path
            guard path == base || path.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
                throw .notFound(uri: uri.absoluteString)
            }
        }
        let data = try readLocalFile(path: path, uri: uri.absoluteString, maxBytes: maxBytes)
        return FetchedDocument(data: data, finalURI: uri)
    }
}

/// Reads a regular file of at most `maxBytes`; anything else is a ``FetchError``.
func readLocalFile(path: String, uri: String, maxBytes: Int) throws(FetchError) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        throw .notFound(uri: uri)
    }
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxBytes {
        throw .oversize(uri: uri, limit: maxBytes)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw .failed(uri: uri, reason: "the file could not be read")
    }
    return data
}

/// Serves an offline chain from a corpus case: a JSON map from each `VASTAdTagURI` (as resolved, or as
/// written) to a local file or to a simulated HTTP response, so chain cases run without a network and give
/// the same result every time.
///
/// The map file is a JSON object. A value is either a file path relative to the map's directory, or an
/// object that simulates a response (exactly one form per entry):
///
/// | entry | the response | finding |
/// |---|---|---|
/// | `{"file": "a.xml"}` | the file (the same as the plain string) | |
/// | `{"status": 404}` | that HTTP status with an empty body; a non-2xx status fails the hop | `CHAIN-fetch-failed` |
/// | `{"timeout": true}` | no answer within the per-hop time limit | `CHAIN-timeout` |
/// | `{"redirect": "https://…"}` | an HTTP redirect to that URI (resolved against this one), followed like ``HTTPFetcher`` follows one | |
/// | `{"redirect": "https://…", "redirects": 3}` | that many redirects in a row before the target | `CHAIN-redirect-limit` past the limit |
/// | `{"body": "<html/>"}` | a 200 response with this text as its body | `CHAIN-hop-not-xml` / `CHAIN-hop-not-vast` as it parses |
/// | `{"size": 67108864}` | a 200 response of that many bytes, at most 1 GiB (spaces; never allocated past the limit) | `CHAIN-oversize` past `maxBytes` |
///
/// With a ``FetchPolicy`` the fetcher makes the decisions ``HTTPFetcher`` makes, through the same
/// ``FetchPolicy/check(_:privateAddress:)``: an http(s) URI or redirect target the policy refuses fails with
/// `schemeRefused` or `privateAddressRefused` (only IP address literals count as private here: host names
/// are never looked up), more redirects than `redirects` fail with `tooManyRedirects`, and a timeout reports
/// `perHopTimeout`. Without one, only redirect targets are checked, against the default policy.
///
///     {
///       "https://ads.example.com/wrapper2.xml": "wrapper2.xml",
///       "https://ads.example.com/gone.xml": {"status": 404},
///       "https://slow.example.com/vast": {"timeout": true},
///       "https://ads.example.com/moved": {"redirect": "https://ads.example.com/wrapper2.xml"}
///     }
public struct CorpusFetcher: Fetcher {
    /// What a map entry stands for.
    public enum Entry: Sendable, Hashable, Codable {
        /// A file path relative to the base directory.
        case file(String)
        /// A simulated HTTP status with an empty body (non-2xx fails the hop).
        case status(Int)
        /// A simulated timeout.
        case timeout
        /// A simulated HTTP redirect to `to` (resolved against the requested URI), `count` redirects in a
        /// row (at least 1) before the target is requested.
        case redirect(to: String, count: Int)
        /// A simulated 200 response with these bytes as its body.
        case body(Data)
        /// A simulated 200 response of this many bytes (spaces), at most ``maximumSize``.
        case size(Int)

        /// The largest simulated body: 1 GiB, far past any tag and any size limit a corpus needs.
        public static let maximumSize = 1 << 30

        enum Key: String, CodingKey, CaseIterable { case file, status, timeout, redirect, redirects, body, size }

        /// Decodes a plain string (a file) or an object with exactly one of `file`, `status`, `timeout`,
        /// `redirect` (with an optional `redirects` count), `body` or `size`; any other key is an error.
        public init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer(), let file = try? single.decode(String.self) {
                self = .file(file)
                return
            }
            let container = try decoder.container(keyedBy: Key.self)
            let names = Set(container.allKeys.map(\.stringValue))
            let loose = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            if let unknown = loose.filter({ !names.contains($0) }).sorted().first {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription:
                    "unknown key '\(unknown)' in a map entry (allowed: \(Key.allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            let forms = names.subtracting(["redirects"])
            guard forms.count == 1, let form = forms.first.flatMap(Key.init(stringValue:)) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription:
                    "a map entry is a file name or an object with exactly one of \"file\", \"status\", \"timeout\", \"redirect\", \"body\", \"size\" (found: \(forms.sorted().joined(separator: ", ")))"))
            }
            if names.contains("redirects") && form != .redirect {
                throw DecodingError.dataCorruptedError(forKey: .redirects, in: container, debugDescription: "\"redirects\" needs \"redirect\"")
            }
            switch form {
            case .file: self = .file(try container.decode(String.self, forKey: .file))
            case .status:
                let code = try container.decode(Int.self, forKey: .status)
                guard (100...599).contains(code) else {
                    throw DecodingError.dataCorruptedError(forKey: .status, in: container, debugDescription: "status \(code) is not an HTTP status (100 to 599)")
                }
                self = .status(code)
            case .timeout:
                guard try container.decode(Bool.self, forKey: .timeout) else {
                    throw DecodingError.dataCorruptedError(forKey: .timeout, in: container, debugDescription: "\"timeout\" must be true")
                }
                self = .timeout
            case .redirect:
                let count = try container.decodeIfPresent(Int.self, forKey: .redirects) ?? 1
                guard count >= 1 else {
                    throw DecodingError.dataCorruptedError(forKey: .redirects, in: container, debugDescription: "\"redirects\" must be at least 1")
                }
                self = .redirect(to: try container.decode(String.self, forKey: .redirect), count: count)
            case .body: self = .body(Data(try container.decode(String.self, forKey: .body).utf8))
            case .size:
                let size = try container.decode(Int.self, forKey: .size)
                guard size >= 0 else {
                    throw DecodingError.dataCorruptedError(forKey: .size, in: container, debugDescription: "\"size\" must not be negative")
                }
                // A body within the limit is made, byte by byte: a size no tag has is refused, not allocated.
                guard size <= Entry.maximumSize else {
                    throw DecodingError.dataCorruptedError(forKey: .size, in: container,
                                                           debugDescription: "\"size\" must be at most \(Entry.maximumSize) bytes (1 GiB)")
                }
                self = .size(size)
            case .redirects: preconditionFailure("excluded above")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            if case .file(let file) = self {
                var single = encoder.singleValueContainer()
                try single.encode(file)
                return
            }
            var container = encoder.container(keyedBy: Key.self)
            switch self {
            case .file: break
            case .status(let code): try container.encode(code, forKey: .status)
            case .timeout: try container.encode(true, forKey: .timeout)
            case .redirect(let target, let count):
                try container.encode(target, forKey: .redirect)
                if count != 1 { try container.encode(count, forKey: .redirects) }
            case .body(let data): try container.encode(String(decoding: data, as: UTF8.self), forKey: .body)
            case .size(let size): try container.encode(size, forKey: .size)
            }
        }

        private struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    /// Errors reading a map file.
    public enum MapError: Error, Sendable, Hashable, CustomStringConvertible {
        case unreadable(path: String)
        case invalid(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path): "\(path): the URI map could not be read"
            case .invalid(let path, let reason): "\(path): not a valid URI map: \(reason)"
            }
        }
    }

    public var map: [String: Entry]
    public var baseDirectory: URL
    /// Largest body served, in bytes (the policy's `maxBytes` when a policy is given).
    public var maxBytes: Int
    /// The fetch limits and refusals to apply as ``HTTPFetcher`` would, or `nil` for none but the redirect checks.
    public var policy: FetchPolicy?

    /// A fetcher over `map` (URI → path relative to `baseDirectory`).
    public init(map: [String: String], baseDirectory: URL, maxBytes: Int = FetchPolicy().maxBytes) {
        self.init(entries: map.mapValues { Entry.file($0) }, baseDirectory: baseDirectory, maxBytes: maxBytes)
    }

    /// A fetcher over `entries`, which may simulate failures.
    public init(entries: [String: Entry], baseDirectory: URL, maxBytes: Int = FetchPolicy().maxBytes) {
        self.map = entries
        self.baseDirectory = baseDirectory
        self.maxBytes = maxBytes
    }

    /// A fetcher over `entries` that applies `policy` (its size limit, redirect limit, time limit in
    /// messages, scheme and private-address refusals) the way ``HTTPFetcher`` does.
    public init(entries: [String: Entry], baseDirectory: URL, policy: FetchPolicy) {
        self.init(entries: entries, baseDirectory: baseDirectory, maxBytes: policy.maxBytes)
        self.policy = policy
    }

    /// Reads the JSON map at `mapFile`; file paths are relative to the map's directory.
    public init(mapFile: URL, maxBytes: Int = FetchPolicy().maxBytes) throws(MapError) {
        guard let data = FileManager.default.contents(atPath: mapFile.path) else {
            throw .unreadable(path: mapFile.path)
        }
        let entries = try CorpusFetcher.parseMap(data, path: mapFile.path)
        self.init(entries: entries, baseDirectory: mapFile.deletingLastPathComponent(), maxBytes: maxBytes)
    }

    /// Parses the JSON text of a map.
    public static func parseMap(_ data: Data, path: String = "<map>") throws(MapError) -> [String: Entry] {
        guard let object = try? JSONSerialization.jsonObject(with: data), object is [String: Any] else {
            throw .invalid(path: path, reason: "expected a JSON object from URI to file")
        }
        do {
            return try JSONDecoder().decode([String: Entry].self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalid(path: path, reason: "the entry for \(context.codingPath.first?.stringValue ?? "?"): \(context.debugDescription)")
        } catch {
            throw .invalid(path: path, reason: "an entry is neither a path nor an object with \"file\", \"status\", \"timeout\", \"redirect\", \"body\" or \"size\"")
        }
    }

    public func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        let requested = uri.absoluteString
        let scheme = uri.scheme?.lowercased()
        if let policy, scheme == "http" || scheme == "https" {
            try policy.check(uri, privateAddress: AddressPolicy.privateLiteral(host:))
        }
        let redirectPolicy = policy ?? FetchPolicy()
        var current = uri
        var redirects = 0
        while true {
            let keys = [current.absoluteString, current.relativeString]
            guard let entry = keys.lazy.compactMap({ self.map[$0] }).first else {
                throw .notFound(uri: current.absoluteString)
            }
            switch entry {
            case .redirect(let target, let count):
                // As HTTPFetcher: count first, then check the target before following it.
                redirects += count
                guard redirects <= redirectPolicy.redirects else {
                    throw .tooManyRedirects(uri: requested, limit: redirectPolicy.redirects)
                }
                guard let next = URL(string: target, relativeTo: current)?.absoluteURL else {
                    throw .failed(uri: requested, reason: "a redirect to \(target), which is not a URI")
                }
                try redirectPolicy.check(next, privateAddress: AddressPolicy.privateLiteral(host:))
                current = next
            case .status(let code):
                if (200..<300).contains(code) {
                    return FetchedDocument(data: Data(), finalURI: current, statusCode: code, redirects: redirects)
                }
                throw .httpStatus(uri: requested, code: code)
            case .timeout:
                throw .timeout(uri: requested, seconds: policy?.perHopTimeout ?? 0)
            case .body(let data):
                guard data.count <= maxBytes else { throw .oversize(uri: requested, limit: maxBytes) }
                return FetchedDocument(data: data, finalURI: current, statusCode: 200, redirects: redirects)
            case .size(let size):
                guard size <= maxBytes else { throw .oversize(uri: requested, limit: maxBytes) }
                return FetchedDocument(data: Data(repeating: 0x20, count: size), finalURI: current, statusCode: 200,
                                       redirects: redirects)
            case .file(let relative):
                let file = relative.hasPrefix("/") ? URL(fileURLWithPath: relative)
                    : baseDirectory.appendingPathComponent(relative)
                let data = try readLocalFile(path: file.path, uri: requested, maxBytes: maxBytes)
                return FetchedDocument(data: data, finalURI: current, redirects: redirects)
            }
        }
    }
}

/// Sends each URI to the fetcher registered for its scheme: for example `file` to a ``FileFetcher``
/// (a local root's relative references) and `http`/`https` to an ``HTTPFetcher``.
public struct RoutingFetcher: Fetcher {
    public var routes: [String: any Fetcher]

    public init(routes: [String: any Fetcher]) {
        self.routes = routes
    }

    public func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        try fetch(uri, referrer: referrer, timeLimit: nil)
    }

    public func fetch(_ uri: URL, referrer: URL?, timeLimit: Double?) throws(FetchError) -> FetchedDocument {
        let scheme = uri.scheme?.lowercased() ?? ""
        guard let fetcher = routes[scheme] else {
            throw .schemeRefused(uri: uri.absoluteString, scheme: scheme)
        }
        return try fetcher.fetch(uri, referrer: referrer, timeLimit: timeLimit)
    }
}
