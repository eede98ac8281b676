import Foundation

/// The base protocol's framing: each message is a header part (`Content-Length: N`, optionally
/// `Content-Type`, each line ended by CRLF), an empty line, then exactly N bytes of JSON.
///
/// The reader never gives up on a stream: a header it cannot read, or a length over the limit, is reported
/// and skipped up to the next `Content-Length` header, so one bad message costs only itself.
public struct MessageFramer: Sendable {
    /// What the bytes so far held.
    public enum Frame: Sendable, Equatable {
        /// One message's body.
        case message(Data)
        /// Bytes that were not a message, and why; they were skipped.
        case malformed(String)
    }

    /// The largest body accepted; a longer one is skipped (its bytes are read and dropped).
    public let maxBodyBytes: Int
    private var buffer = Data()
    /// Bytes of an over-long body still to drop.
    private var skipping = 0

    public init(maxBodyBytes: Int = 64 * 1024 * 1024) {
        self.maxBodyBytes = maxBodyBytes
    }

    private static let headerEnd = Data("\r\n\r\n".utf8)
    private static let lengthHeader = Data("content-length:".utf8)

    /// Adds bytes read from the stream and returns the frames they complete.
    public mutating func append(_ data: Data) -> [Frame] {
        buffer.append(data)
        var frames: [Frame] = []
        while true {
            if skipping > 0 {
                let dropped = min(skipping, buffer.count)
                buffer.removeFirst(dropped)
                skipping -= dropped
                if skipping > 0 { return frames }
            }
            guard let end = buffer.range(of: Self.headerEnd) else {
                // A header part that never ends (no blank line in 8 KB) is not a header.
                if buffer.count > 8192 {
                    frames.append(.malformed("a header part without its blank line"))
                    resynchronize(after: 1)
                    continue
                }
                return frames
            }
            let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
            switch Self.contentLength(of: header) {
            case .failure(let error):
                frames.append(.malformed(error.reason))
                resynchronize(after: 1)
            case .success(let length) where length > maxBodyBytes:
                frames.append(.malformed("a message of \(length) bytes, over the limit of \(maxBodyBytes)"))
                buffer.removeSubrange(buffer.startIndex..<end.upperBound)
                skipping = length
            case .success(let length):
                let bodyStart = end.upperBound
                guard buffer.count - (bodyStart - buffer.startIndex) >= length else { return frames }
                let body = buffer[bodyStart..<(bodyStart + length)]
                frames.append(.message(Data(body)))
                buffer.removeSubrange(buffer.startIndex..<(bodyStart + length))
            }
        }
    }

    /// Drops bytes up to the next `Content-Length` header after the first `offset` bytes.
    private mutating func resynchronize(after offset: Int) {
        let lowered = Data(buffer.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 })
        let from = lowered.startIndex + min(offset, lowered.count)
        if let next = lowered.range(of: Self.lengthHeader, in: from..<lowered.endIndex) {
            buffer.removeFirst(next.lowerBound - lowered.startIndex)
        } else {
            // Keep a tail that may be the start of a header cut in two.
            buffer = Data(buffer.suffix(Self.lengthHeader.count - 1))
        }
    }

    private static func contentLength(of header: String) -> Result<Int, HeaderError> {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { return .failure(HeaderError("a header line without a colon: \(line.prefix(80))")) }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let number = Int(value), number >= 0 else { return .failure(HeaderError("a Content-Length that is not a length: \(value.prefix(40))")) }
                length = number
            }
        }
        guard let length else { return .failure(HeaderError("a header part without Content-Length")) }
        return .success(length)
    }

    private struct HeaderError: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// One message framed for the stream.
    public static func frame(_ body: Data) -> Data {
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }
}
