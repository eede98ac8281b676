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
/// written) to a local file, so chain cases run without a network and give the same result every time.
///
/// The map file is a JSON object. A value is either a file path relative to the map's directory, or an
/// object that simulates a failure: `{"status": 404}` (HTTP status, a 301 stop), `{"timeout": true}`
/// (a 301 timeout stop), `{"file": "a.xml"}` (the same as the plain string).
///
///     {
///       "https://ads.example.com/wrapper2.xml": "wrapper2.xml",
///       "https://ads.example.com/gone.xml": {"status": 404},
///       "https://slow.example.com/vast": {"timeout": true}
///     }
public struct CorpusFetcher: Fetcher {
    /// What a map entry stands for.
    public enum Entry: Sendable, Hashable {
        /// A file path relative to the base directory.
        case file(String)
        /// A simulated HTTP status (non-2xx fails the hop).
        case status(Int)
        /// A simulated timeout.
        case timeout
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
    public var maxBytes: Int

    /// A fetcher over `map` (URI → path relative to `baseDirectory`).
    public init(map: [String: String], baseDirectory: URL, maxBytes: Int = FetchPolicy().maxBytes) {
        self.map = map.mapValues { Entry.file($0) }
        self.baseDirectory = baseDirectory
        self.maxBytes = maxBytes
    }

    /// A fetcher over `entries`, which may simulate failures.
    public init(entries: [String: Entry], baseDirectory: URL, maxBytes: Int = FetchPolicy().maxBytes) {
        self.map = entries
        self.baseDirectory = baseDirectory
        self.maxBytes = maxBytes
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
        guard let object = try? JSONSerialization.jsonObject(with: data), let dictionary = object as? [String: Any] else {
            throw .invalid(path: path, reason: "expected a JSON object from URI to file")
        }
        var entries: [String: Entry] = [:]
        for (key, value) in dictionary {
            if let file = value as? String {
                entries[key] = .file(file)
            } else if let object = value as? [String: Any] {
                if let file = object["file"] as? String {
                    entries[key] = .file(file)
                } else if let status = object["status"] as? Int {
                    entries[key] = .status(status)
                } else if object["timeout"] as? Bool == true {
                    entries[key] = .timeout
                } else {
                    throw .invalid(path: path, reason: "the entry for \(key) needs \"file\", \"status\" or \"timeout\"")
                }
            } else {
                throw .invalid(path: path, reason: "the entry for \(key) is neither a path nor an object")
            }
        }
        return entries
    }

    public func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        let keys = [uri.absoluteString, uri.relativeString]
        guard let entry = keys.lazy.compactMap({ self.map[$0] }).first else {
            throw .notFound(uri: uri.absoluteString)
        }
        switch entry {
        case .status(let code):
            if (200..<300).contains(code) {
                return FetchedDocument(data: Data(), finalURI: uri, statusCode: code)
            }
            throw .httpStatus(uri: uri.absoluteString, code: code)
        case .timeout:
            throw .timeout(uri: uri.absoluteString, seconds: 0)
        case .file(let relative):
            let file = relative.hasPrefix("/") ? URL(fileURLWithPath: relative)
                : baseDirectory.appendingPathComponent(relative)
            let data = try readLocalFile(path: file.path, uri: uri.absoluteString, maxBytes: maxBytes)
            return FetchedDocument(data: data, finalURI: uri)
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
