import Chain
import Foundation

/// `conform serve`'s request handling: the guards every request passes (Host, Origin, bounded work), then the
/// page or an API endpoint (``WorkbenchAPI``). Nothing is read from the file system but what
/// ``WorkbenchAPI`` reads under the corpus folder; nothing is written but cases there.
final class WorkbenchServer: Sendable {
    struct Settings: Sendable {
        var host: String
        var port: Int
        /// The folder whose cases the examples menu lists and where cases are saved (`nil`: neither).
        var corpus: URL?
        /// The time limit of a request, in seconds: a connection idle this long is closed, a request waits for a
        /// worker at most a quarter of it and its fetches end within the other three quarters.
        var requestTimeout: Int
        var maxBody: Int
        /// Requests doing work (checks, fetches) at once; more wait, up to a quarter of the time limit, then get 503.
        var workers: Int
        var maxConnections: Int
        /// Refuse fetches of private, loopback and link-local addresses (on with a non-loopback host).
        var refusePrivateAddresses: Bool
        /// Shared by every request's fetches: at most a few requests to one host at a time, as `check --follow`.
        var hosts = HostLimiter(perHost: 6)
    }

    let settings: Settings
    let api: WorkbenchAPI
    private let work: DispatchSemaphore
    /// The port the server listens on, set once it is known.
    nonisolated(unsafe) var port = 0

    init(settings: Settings) {
        self.settings = settings
        self.api = WorkbenchAPI(settings: settings)
        self.work = DispatchSemaphore(value: settings.workers)
    }

    /// Whether `host` is a loopback address or name.
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil } && parts.first == "127"
    }

    /// Whether the Host header names this server: an IP address or `localhost`, with the server's port. A DNS
    /// name is refused, so a page on a name that an attacker re-points at this machine (DNS rebinding) gets no
    /// answer: its requests carry that name.
    func acceptsHost(_ header: String?) -> Bool {
        guard let header, !header.isEmpty else { return false }
        var name: Substring, portText: Substring?
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return false }
            name = header[header.index(after: header.startIndex)..<close]
            let after = header[header.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return false }
                portText = after.dropFirst()
            }
            guard name.contains(":"), name.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
        } else {
            let parts = header.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return false }
            name = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            let octets = name.split(separator: ".", omittingEmptySubsequences: false)
            let isIPv4 = octets.count == 4 && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && UInt8($0) != nil }
            guard isIPv4 || name.lowercased() == "localhost" else { return false }
        }
        return (portText.flatMap { Int($0) } ?? 80) == port
    }

    /// Whether a state-changing request comes from the workbench's own page: an Origin header, when sent, must
    /// be this server's; a browser's cross-site marker refuses it; and the body must be declared JSON, which a
    /// foreign page cannot send without a preflight this server never grants.
    func acceptsWriter(_ request: HTTPRequest) -> String? {
        if let origin = request.header("Origin") {
            let prefix = "http://"
            guard origin.hasPrefix(prefix), acceptsHost(String(origin.dropFirst(prefix.count))) else {
                return "requests from another origin (\(origin)) are refused"
            }
        }
        if request.header("Sec-Fetch-Site") == "cross-site" { return "cross-site requests are refused" }
        let type = request.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else { return "the body must be sent as application/json" }
        return nil
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let start = ContinuousClock.now
        var response = route(request)
        // The time the server spent on the request (for the benchmark and the browser's network panel).
        let elapsed = (ContinuousClock.now - start).components
        let milliseconds = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
        response.headers.append(("Server-Timing", "app;dur=" + String(format: "%.3f", milliseconds)))
        response.headers += [
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
            ("X-Frame-Options", "DENY"),
        ]
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        guard acceptsHost(request.header("Host")) else {
            return .error(421, "the Host header does not name this server; open it by its address (http://\(displayHost):\(port)/)")
        }
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"):
            var page = HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Data(WorkbenchPage.html.utf8))
            // The page's own script and style only; media and frames for the creative previews.
            page.headers.append(("Content-Security-Policy",
                                 "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
                                 + "img-src * data: blob:; media-src * blob: data:; frame-src *; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"))
            return page
        case ("GET", let path) where path.hasPrefix("/api/"):
            return bounded { self.api.get(String(path.dropFirst(5)), request) }
        case ("POST", let path) where path.hasPrefix("/api/"):
            if let refusal = acceptsWriter(request) { return .error(403, refusal) }
            return bounded { self.api.post(String(path.dropFirst(5)), request) }
        case (_, let path) where path == "/" || path.hasPrefix("/api/"):
            var response = HTTPResponse.error(405, "method \(request.method) is not allowed here")
            response.headers.append(("Allow", path == "/" ? "GET, HEAD" : "GET, POST"))
            return response
        default:
            return .error(404, "no such page: the workbench serves / and /api/… only")
        }
    }

    /// Runs `work` when a worker is free within a quarter of the time limit (the rest is the work's: see
    /// ``WorkbenchAPI``'s fetch limits), else answers 503.
    private func bounded(_ body: () -> HTTPResponse) -> HTTPResponse {
        guard work.wait(timeout: .now() + .milliseconds(settings.requestTimeout * 250)) == .success else {
            var response = HTTPResponse.error(503, "the server is busy (\(settings.workers) request(s) at work); try again")
            response.headers.append(("Retry-After", "1"))
            return response
        }
        defer { work.signal() }
        return body()
    }

    var displayHost: String { settings.host.contains(":") ? "[\(settings.host)]" : settings.host }
}
