import ConformCore
import Foundation

/// At most `perHost` requests at once to any one host, shared by every thread that fetches through it: the
/// politeness a browser keeps with its per-host connection limit, so that a sweep of many tags served by
/// one ad server does not hammer it. Counts what it allowed, so a test or a benchmark can check the limit.
public final class HostLimiter: @unchecked Sendable {
    public let perHost: Int
    private let condition = NSCondition()
    private var active: [String: Int] = [:]
    private var peaks: [String: Int] = [:]

    public init(perHost: Int) {
        precondition(perHost >= 1, "a host needs at least one request at a time")
        self.perHost = perHost
    }

    /// Runs `body` once fewer than ``perHost`` requests to `host` are running.
    public func withSlot<T, Failure: Error>(for host: String, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        condition.lock()
        while active[host, default: 0] >= perHost { condition.wait() }
        active[host, default: 0] += 1
        peaks[host] = max(peaks[host] ?? 0, active[host]!)
        condition.unlock()
        defer {
            condition.lock()
            active[host, default: 1] -= 1
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// The most requests that ran at once, per host.
    public var peak: [String: Int] {
        condition.lock()
        defer { condition.unlock() }
        return peaks
    }
}

/// A fetcher that goes through a ``HostLimiter``: each request waits for a slot of its URI's host (host and
/// port, lower-case). Redirects inside one request count against the host first requested.
public struct PoliteFetcher: Fetcher {
    public let base: any Fetcher
    public let limiter: HostLimiter

    public init(_ base: any Fetcher, limiter: HostLimiter) {
        self.base = base
        self.limiter = limiter
    }

    public static func hostKey(_ uri: URL) -> String {
        let host = uri.host?.lowercased() ?? ""
        return uri.port.map { "\(host):\($0)" } ?? host
    }

    public func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        try fetch(uri, referrer: referrer, timeLimit: nil)
    }

    public func fetch(_ uri: URL, referrer: URL?, timeLimit: Double?) throws(FetchError) -> FetchedDocument {
        // Only network requests need a slot: a file or an offline map answers at once.
        guard let scheme = uri.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return try base.fetch(uri, referrer: referrer, timeLimit: timeLimit)
        }
        return try limiter.withSlot(for: Self.hostKey(uri)) { () throws(FetchError) -> FetchedDocument in
            try base.fetch(uri, referrer: referrer, timeLimit: timeLimit)
        }
    }
}
