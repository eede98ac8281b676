import ConformCore
import Conformance
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a reporter writes its text: a string in memory, or a file written through a buffer into a
/// hidden temporary file beside the destination and renamed into place by ``commit()``, so a
/// reader never sees a half-written report.
final class ReportOutput {
    private enum Target {
        case memory
        case file(destination: URL, temporary: URL, handle: FileHandle)
    }

    private let target: Target
    private var text = ""
    private var buffer: [UInt8] = []
    private var done = false
    /// UTF-8 bytes written so far.
    private(set) var bytesWritten = 0

    /// An output that collects the text in memory (``text``).
    init() {
        target = .memory
    }

    /// An output that writes to a temporary file beside `url`.
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    init(file url: URL) throws(ReportError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary.path) else {
            throw .writeFailed(path: url.path, reason: "cannot create \(temporary.lastPathComponent) in \(directory.path)")
        }
        target = .file(destination: url, temporary: temporary, handle: handle)
        buffer.reserveCapacity(1 << 20)
    }

    deinit {
        if case .file(_, let temporary, let handle) = target, !done {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// Appends `piece`.
    func write(_ piece: String) throws(ReportError) {
        bytesWritten += piece.utf8.count
        switch target {
        case .memory:
            text += piece
        case .file:
            buffer.append(contentsOf: piece.utf8)
            if buffer.count >= 1 << 20 { try flush() }
        }
    }

    /// The text written so far (memory outputs only).
    var collected: String { text }

    private func flush() throws(ReportError) {
        guard case .file(let destination, _, let handle) = target, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw .writeFailed(path: destination.path, reason: fileErrorReason(error))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and renames the temporary file over the destination (file outputs only).
    func commit() throws(ReportError) {
        guard case .file(let destination, let temporary, let handle) = target else { return }
        try flush()
        done = true
        do {
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(path: destination.path, reason: fileErrorReason(error))
        }
        try Self.moveIntoPlace(temporary, destination)
    }

    /// Renames a finished temporary file over `destination` (atomic on one file system); on failure
    /// the temporary file is removed and the previous report stays as it was.
    static func moveIntoPlace(_ temporary: URL, _ destination: URL) throws(ReportError) {
        if rename(temporary.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(path: destination.path, reason: reason)
        }
    }
}

/// Writes a JSON array whose elements are encoded one at a time, byte for byte as `JSONEncoder`
/// would write the array inside its document (same separators and, pretty-printed, the same
/// indentation), so that a large document can be streamed instead of built in memory.
///
/// The frame comes from encoding the document twice with stand-in elements: with none (the exact
/// text of an empty array) and with two markers, whose positions give the text before the first
/// element, between two elements and after the last.
struct StreamedJSONArray {
    let prefix: String
    let separator: String
    let suffix: String
    let empty: String
    /// The indentation of the elements in the document, for pretty-printed output.
    let indent: String
    let pretty: Bool

    /// - Parameters:
    ///   - document: encodes the document with the given array elements.
    ///   - marker: encodes one stand-in element, standalone, with the marker text inside.
    init(pretty: Bool, format: ReportFormat,
         document: ([Int]) throws(ReportError) -> String,
         marker: (Int) throws(ReportError) -> String) throws(ReportError) {
        self.pretty = pretty
        empty = try document([])
        let full = try document([1, 2])
        let first = try marker(1), second = try marker(2)
        // In a pretty document the elements sit one level deeper than the array's key; find the
        // first marker's indentation from the text before it.
        func locate(_ element: String, in text: String, from: String.Index) -> (Range<String.Index>, String)? {
            if !pretty { return text.range(of: element, range: from..<text.endIndex).map { ($0, "") } }
            var candidates = Set<String>()
            var search = from
            while let open = text.range(of: "\n", range: search..<text.endIndex) {
                var end = open.upperBound
                while end < text.endIndex, text[end] == " " { end = text.index(after: end) }
                candidates.insert(String(text[open.upperBound..<end]))
                search = open.upperBound
                if candidates.count > 64 { break }
            }
            for indent in candidates.sorted(by: { $0.count > $1.count }) {
                let shifted = StreamedJSONArray.indented(element, by: indent)
                if let range = text.range(of: shifted, range: from..<text.endIndex) { return (range, indent) }
            }
            return nil
        }
        guard let (one, indent) = locate(first, in: full, from: full.startIndex),
              let (two, _) = locate(second, in: full, from: one.upperBound) else {
            throw .encodingFailed(format: format, reason: "cannot find the stand-in elements in the document")
        }
        self.indent = indent
        prefix = String(full[..<one.lowerBound])
        separator = String(full[one.upperBound..<two.lowerBound])
        suffix = String(full[two.upperBound...])
    }

    /// `element` (encoded standalone) as it appears nested at `indent`: every line after the first
    /// that is not empty gains the indentation (`JSONEncoder` leaves the blank line of an empty
    /// array or object unindented).
    static func indented(_ element: String, by indent: String) -> String {
        guard !indent.isEmpty, element.contains("\n") else { return element }
        var out = ""
        out.reserveCapacity(element.utf8.count + element.utf8.count / 8)
        var firstLine = true
        for line in element.split(separator: "\n", omittingEmptySubsequences: false) {
            if !firstLine {
                out += "\n"
                if !line.isEmpty { out += indent }
            }
            out += line
            firstLine = false
        }
        return out
    }

    /// Writes the array with the elements `elements` produces, one at a time.
    /// - Parameters:
    ///   - transform: applied to every piece of text before it is written (for example escaping).
    ///   - elements: calls its argument with each element, encoded standalone.
    func write(to output: ReportOutput, transform: @escaping (String) -> String = { $0 },
               elements: ((String) throws -> Void) throws -> Void) throws {
        var count = 0
        try elements { element in
            try output.write(transform(count == 0 ? prefix : separator))
            try output.write(transform(pretty ? StreamedJSONArray.indented(element, by: indent) : element))
            count += 1
        }
        try output.write(transform(count == 0 ? empty : suffix))
    }
}
