import CHTTPServer
import Foundation

/// One request as the server read it: valid only while the handler runs (its headers are read from the
/// connection on demand).
struct HTTPRequest {
    var method: String
    var path: String
    var body: Data
    fileprivate let raw: OpaquePointer

    func header(_ name: String) -> String? { chs_header(raw, name).map { String(cString: $0) } }
    func argument(_ name: String) -> String? { chs_argument(raw, name).map { String(cString: $0) } }
}

/// What the handler answers.
struct HTTPResponse {
    var status: Int
    var contentType: String
    var body: Data
    var headers: [(String, String)] = []

    static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Data(text.utf8))
    }

    /// `{"error": message}` with `status`.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(status, encodeJSON(["error": message]))
    }
}

/// An HTTP server through the CHTTPServer shim: each request read whole, then answered by `handler` on the
/// connection's thread.
final class HTTPServer: @unchecked Sendable {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    struct Limits {
        var maxConnections: Int
        var timeoutSeconds: Int
        var maxBody: Int
    }

    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private var server: OpaquePointer?

    init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.handler = handler
    }

    /// Starts listening; returns the port.
    func start(host: String, port: Int, limits: Limits) throws -> Int {
        var message = [CChar](repeating: 0, count: 512)
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = chs_start(host, UInt16(port), UInt32(limits.maxConnections), UInt32(limits.timeoutSeconds), limits.maxBody,
                                { context, request in
                                    guard let context else { return }
                                    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().answer(request)
                                }, context, &message, message.count)
        guard let started else {
            let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw StartError(description: String(decoding: text, as: UTF8.self))
        }
        server = started
        return Int(chs_port(started))
    }

    func stop() {
        if let server { chs_stop(server) }
        server = nil
    }

    private func answer(_ raw: OpaquePointer) {
        var length = 0
        let bytes = chs_body(raw, &length)
        let body = bytes.map { Data(bytes: $0, count: length) } ?? Data()
        let request = HTTPRequest(method: String(cString: chs_method(raw)), path: String(cString: chs_path(raw)), body: body, raw: raw)
        let response = handler(request)
        for (name, value) in response.headers { chs_add_header(raw, name, value) }
        response.body.withUnsafeBytes { buffer in
            chs_respond(raw, UInt32(response.status), response.contentType,
                        buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count)
        }
    }
}
