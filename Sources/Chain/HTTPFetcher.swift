import ConformCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fetches `http:` and `https:` documents with URLSession, within a ``FetchPolicy``: a per-hop time limit
/// (the smaller of the policy's `perHopTimeout` and what is left of the chain's budget), a body size limit
/// (the transfer is cancelled as soon as it is exceeded), a redirect limit (each redirect target is checked
/// against the scheme policy and, when asked, the private-address policy), and a scheme policy: anything but
/// the allowed schemes is refused before a connection is made.
///
/// The call is synchronous: it starts one data task on a private session and waits on a semaphore. The
/// session's delegate queue is its own, so the wait never blocks a callback. Safe to call from many threads.
public struct HTTPFetcher: Fetcher {
    public var policy: FetchPolicy
    /// The `User-Agent` header sent with every request.
    public var userAgent: String

    public init(policy: FetchPolicy = FetchPolicy(), userAgent: String = "conform") {
        self.policy = policy
        self.userAgent = userAgent
    }

    /// A fetcher with the fetch limits of a player preset.
    public init(settings: PlayerSettings, userAgent: String = "conform") {
        self.init(policy: settings.policy, userAgent: userAgent)
    }

    public func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        try fetch(uri, referrer: referrer, timeLimit: nil)
    }

    public func fetch(_ uri: URL, referrer: URL?, timeLimit: Double?) throws(FetchError) -> FetchedDocument {
        try check(uri)
        let limit = max(0.001, min(policy.perHopTimeout, timeLimit ?? policy.perHopTimeout))
        let started = DispatchTime.now().uptimeNanoseconds
        // URLSession's own limits are whole seconds and above ours; the semaphore enforces `limit` precisely.
        let sessionLimit = (limit + 1).rounded(.up)
        var request = URLRequest(url: uri, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: sessionLimit)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        if let referrer, let scheme = referrer.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            request.setValue(referrer.absoluteString, forHTTPHeaderField: "Referer")
        }

        let transfer = Transfer(fetcher: self, uri: uri)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = sessionLimit
        configuration.timeoutIntervalForResource = sessionLimit
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: queue)
        let task = session.dataTask(with: request)
        task.resume()
        let waited = transfer.done.wait(timeout: .now() + .nanoseconds(Int(limit * 1_000_000_000)))
        if waited == .timedOut {
            // Abandon the transfer rather than cancel it here: cancelling while URLSession waits for a redirect
            // decision crashes FoundationNetworking on Linux. The delegate cancels at the next safe callback.
            transfer.abandon(.timeout(uri: uri.absoluteString, seconds: limit))
        }
        session.finishTasksAndInvalidate()
        let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
        let outcome = transfer.outcome()
        if let error = outcome.error { throw error }
        let status = outcome.status ?? 0
        guard (200..<300).contains(status) else {
            throw .httpStatus(uri: uri.absoluteString, code: status)
        }
        return FetchedDocument(data: outcome.data, finalURI: outcome.finalURI ?? uri, statusCode: status,
                               redirects: outcome.redirects, durationMs: elapsed)
    }

    /// Refuses a URI the policy does not allow; never opens a connection for it.
    func check(_ uri: URL) throws(FetchError) {
        try policy.check(uri)
    }
}

extension FetchPolicy {
    /// Refuses a URI this policy does not let an HTTP fetch open (the request itself or a redirect target):
    /// a scheme other than an allowed http or https (`CHAIN-scheme-refused`), no host, and, when
    /// ``refusePrivateAddresses`` is set, a host that `privateAddress` finds private
    /// (`CHAIN-private-address-refused`). ``HTTPFetcher`` resolves host names; offline fetchers pass
    /// ``AddressPolicy/privateLiteral(host:)``, which never looks a name up.
    public func check(_ uri: URL, privateAddress: (String) -> String? = AddressPolicy.privateAddress(host:)) throws(FetchError) {
        let scheme = uri.scheme?.lowercased() ?? ""
        guard allows(scheme: scheme), scheme == "http" || scheme == "https" else {
            throw .schemeRefused(uri: uri.absoluteString, scheme: scheme)
        }
        guard let host = uri.host, !host.isEmpty else {
            throw .failed(uri: uri.absoluteString, reason: "the URI has no host")
        }
        if refusePrivateAddresses, let address = privateAddress(host) {
            throw .privateAddressRefused(uri: uri.absoluteString, address: address)
        }
    }
}

/// The state of one transfer, filled in by URLSession's delegate callbacks on the session's queue.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Outcome {
        var data = Data()
        var status: Int?
        var finalURI: URL?
        var redirects = 0
        var error: FetchError?
    }

    let fetcher: HTTPFetcher
    let uri: URL
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var state = Outcome()
    private var finished = false

    init(fetcher: HTTPFetcher, uri: URL) {
        self.fetcher = fetcher
        self.uri = uri
    }

    func outcome() -> Outcome { lock.withLock { state } }

    private var abandoned = false

    /// Records the first failure; later ones (for example the cancellation it causes) are ignored.
    func fail(_ error: FetchError) {
        lock.withLock { if state.error == nil { state.error = error } }
    }

    /// Gives up on the transfer: records `error`; later callbacks stop it.
    func abandon(_ error: FetchError) {
        lock.withLock {
            if state.error == nil { state.error = error }
            abandoned = true
        }
    }

    private var isAbandoned: Bool { lock.withLock { abandoned } }

    private func finish() {
        let first: Bool = lock.withLock {
            if finished { return false }
            finished = true
            return true
        }
        if first { done.signal() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if isAbandoned {
            completionHandler(.cancel)
            return
        }
        let http = response as? HTTPURLResponse
        lock.withLock {
            state.status = http?.statusCode
            state.finalURI = response.url
        }
        let limit = fetcher.policy.maxBytes
        if response.expectedContentLength > Int64(limit) {
            fail(.oversize(uri: uri.absoluteString, limit: limit))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit = fetcher.policy.maxBytes
        let over: Bool = lock.withLock {
            if abandoned { return true }
            if state.error != nil { return false }
            let room = limit - state.data.count
            if data.count > room {
                state.data.append(data.prefix(max(0, room)))
                state.error = .oversize(uri: uri.absoluteString, limit: limit)
                return true
            }
            state.data.append(data)
            return false
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        if isAbandoned {
            completionHandler(nil)
            return
        }
        let count: Int = lock.withLock {
            state.redirects += 1
            return state.redirects
        }
        guard count <= fetcher.policy.redirects else {
            fail(.tooManyRedirects(uri: uri.absoluteString, limit: fetcher.policy.redirects))
            completionHandler(nil)
            return
        }
        guard let target = request.url else {
            fail(.failed(uri: uri.absoluteString, reason: "a redirect without a target"))
            completionHandler(nil)
            return
        }
        do {
            // Check the Location header as written too: URLSession may rewrite a `file:` target into a
            // same-host http URL, which would hide the refused scheme.
            if let location = response.value(forHTTPHeaderField: "Location"),
               let written = URL(string: location.trimmingWhitespace()), let scheme = written.scheme, !scheme.isEmpty {
                try fetcher.check(written)
            }
            try fetcher.check(target)
        } catch {
            fail(error)
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if let error {
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorTimedOut {
                fail(.timeout(uri: uri.absoluteString, seconds: fetcher.policy.perHopTimeout))
            } else if nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorHTTPTooManyRedirects {
                fail(.tooManyRedirects(uri: uri.absoluteString, limit: fetcher.policy.redirects))
            } else {
                fail(.failed(uri: uri.absoluteString, reason: nsError.localizedDescription))
            }
        }
        finish()
    }
}

/// Classifies addresses for the server-side request forgery option of ``FetchPolicy``.
public enum AddressPolicy {
    /// The first private, link-local, loopback or unspecified address `host` is or resolves to, or `nil`.
    /// A host that does not resolve is not refused here (the fetch fails on its own).
    public static func privateAddress(host: String) -> String? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if isPrivate(literal: bare) { return bare }
        for address in resolve(bare) where isPrivate(literal: address) { return address }
        return nil
    }

    /// `host` itself when it is an IP address literal (IPv6 in brackets or not) in a private, link-local,
    /// loopback or unspecified range; `nil` otherwise. Host names are never looked up, so offline
    /// fetchers give the same answer on every machine.
    public static func privateLiteral(host: String) -> String? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return isPrivate(literal: bare) ? bare : nil
    }

    /// True for a textual IPv4 or IPv6 address in a private, link-local, loopback or unspecified range.
    public static func isPrivate(literal: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            let b = withUnsafeBytes(of: v4.s_addr) { Array($0) }
            switch (b[0], b[1]) {
            case (0, _), (10, _), (127, _): return true
            case (169, 254), (192, 168): return true
            case (172, 16...31): return true
            case (100, 64...127): return true // carrier-grade NAT
            default: return false
            }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, literal, &v6) == 1 {
            let b = withUnsafeBytes(of: v6) { Array($0) }
            if b.allSatisfy({ $0 == 0 }) { return true }                       // ::
            if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return true } // ::1
            if b[0] & 0xFE == 0xFC { return true }                             // fc00::/7
            if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return true }             // fe80::/10
            if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { // ::ffff:a.b.c.d
                return isPrivate(literal: "\(b[12]).\(b[13]).\(b[14]).\(b[15])")
            }
            return false
        }
        return false
    }

    /// Numeric addresses of `host` (getaddrinfo), as text.
    static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var out: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if let address = info.pointee.ai_addr,
               getnameinfo(address, info.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 {
                out.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            cursor = info.pointee.ai_next
        }
        return out
    }
}
