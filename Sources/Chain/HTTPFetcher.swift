import CHTTP
import ConformCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fetches `http:` and `https:` documents within a ``FetchPolicy``: a per-hop time limit (the smaller of
/// the policy's `perHopTimeout` and what is left of the chain's budget, for the request and all its
/// redirects), a body size limit (the transfer stops as soon as it is exceeded, or on the headers when the
/// announced length is larger), a redirect limit (each redirect target is checked against the scheme
/// policy and, when asked, the private-address policy before it is requested), and a scheme policy:
/// anything but the allowed schemes is refused before a connection is made.
///
/// The transfers go through libcurl, loaded on the first fetch (see the `CHTTP` target), so that a
/// program that never fetches never loads it and the libraries it needs. Redirects are followed here,
/// one request per hop, so that every target passes the policy first. The call is synchronous and safe
/// to call from many threads.
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
        let limit = max(0.001, min(policy.perHopTimeout, timeLimit ?? policy.perHopTimeout, FetchPolicy.maximumTimeout))
        let started = DispatchTime.now().uptimeNanoseconds
        let deadline = started + UInt64(limit * 1_000_000_000)
        var referer: String? = nil
        if let referrer, let scheme = referrer.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            referer = referrer.absoluteString
        }
        var current = uri
        var redirects = 0
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw .timeout(uri: uri.absoluteString, seconds: limit) }
            let response = Response(url: current.absoluteString, userAgent: userAgent, referer: referer,
                                    timeoutMs: Int((deadline - now + 999_999) / 1_000_000), maxBytes: policy.maxBytes)
            switch response.outcome {
            case CHTTP_DONE: break
            case CHTTP_TIMEOUT: throw .timeout(uri: uri.absoluteString, seconds: limit)
            case CHTTP_OVERSIZE: throw .oversize(uri: uri.absoluteString, limit: policy.maxBytes)
            default: throw .failed(uri: uri.absoluteString, reason: response.error)
            }
            let status = response.status
            if (300..<400).contains(status), let target = response.redirectURL {
                redirects += 1
                guard redirects <= policy.redirects else {
                    throw .tooManyRedirects(uri: uri.absoluteString, limit: policy.redirects)
                }
                // The Location header as written is checked too, in case resolving it hid its scheme.
                if let location = response.location, let written = URL(string: location.trimmingWhitespace()),
                   let scheme = written.scheme, !scheme.isEmpty {
                    try check(written)
                }
                guard let next = URL(string: target) else {
                    throw .failed(uri: uri.absoluteString, reason: "a redirect to an unreadable URI: \(target)")
                }
                try check(next)
                current = next
                continue
            }
            guard (200..<300).contains(status) else {
                throw .httpStatus(uri: uri.absoluteString, code: status)
            }
            let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
            let firstByte = response.firstByteMs.map { Int((now - started) / 1_000_000) + $0 }
            return FetchedDocument(data: response.body, finalURI: current, statusCode: status,
                                   redirects: redirects, durationMs: elapsed, contentType: response.contentType,
                                   firstByteMs: firstByte)
        }
    }

    /// Refuses a URI the policy does not allow; never opens a connection for it.
    func check(_ uri: URL) throws(FetchError) {
        try policy.check(uri)
    }
}

/// One request's response, copied out of the C transfer.
private struct Response {
    var outcome: Int
    var status: Int
    var error: String
    var body: Data
    var redirectURL: String?
    var location: String?
    var contentType: String?
    /// Milliseconds from this request's start to the first byte of its response.
    var firstByteMs: Int?

    init(url: String, userAgent: String, referer: String?, timeoutMs: Int, maxBytes: Int) {
        let handle = chttp_get(url, userAgent, referer, timeoutMs, max(0, maxBytes))
        defer { chttp_free(handle) }
        outcome = Int(chttp_outcome(handle))
        status = Int(chttp_status(handle))
        error = String(cString: chttp_error(handle))
        var length = 0
        if let bytes = chttp_body(handle, &length), length > 0 {
            body = Data(bytes: bytes, count: length)
        } else {
            body = Data()
        }
        redirectURL = chttp_redirect_url(handle).map { String(cString: $0) }
        location = chttp_location(handle).map { String(cString: $0) }
        contentType = chttp_content_type(handle).map { String(cString: $0) }
        let firstByte = Int(chttp_first_byte_ms(handle))
        firstByteMs = firstByte >= 0 ? firstByte : nil
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
    public static func resolve(_ host: String) -> [String] {
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
