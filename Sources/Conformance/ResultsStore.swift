import Foundation

/// The machine-readable output of a run, in an output folder:
///
/// - `results.jsonl`: one `CaseResult` per line. Written as cases finish, so an interrupted or
///   crashed run keeps every finished case; rewritten sorted by id when the run ends.
/// - `results.json`: `RunResults` (`{"cases": [...], "info": {...}}`), cases sorted by id, written
///   atomically at the end, also after an interruption (then `info.interrupted` is true).
///
/// Memory stays small: only each case's id and byte range in `results.jsonl` are kept, and the
/// sorted files are assembled by copying those ranges.
public final class ResultsWriter: @unchecked Sendable {
    public static let streamFileName = "results.jsonl"
    public static let resultsFileName = "results.json"

    public let folder: URL
    private let lock = NSLock()
    private let handle: FileHandle
    private var offset: UInt64 = 0
    private var index: [(id: String, offset: UInt64, length: Int)] = []
    private let encoder: JSONEncoder

    /// What an earlier attempt left in `results.jsonl`, when resuming.
    public struct Resumed: Sendable, Hashable {
        /// Ids of the cases already finished.
        public var ids: Set<String> = []
        public var totals = RunTotals()
        public var failing: [String] = []
        public var passing: [String] = []
    }

    /// The cases found in `results.jsonl` when the writer was created with `resume: true`.
    public private(set) var resumed = Resumed()

    /// Creates the folder if needed and starts a fresh `results.jsonl` — or, with `resume`, keeps the
    /// complete lines of an existing one (a cut-off last line is dropped) and appends after them.
    public init(folder: URL, resume: Bool = false) throws(ConformanceError) {
        self.folder = folder
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let stream = folder.appendingPathComponent(Self.streamFileName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: stream.path) {
                _ = FileManager.default.createFile(atPath: stream.path, contents: nil)
            }
            if resume {
                let found = try Self.scan(stream)
                resumed = found.resumed
                index = found.index
                offset = found.length
            }
            handle = try FileHandle(forWritingTo: stream)
            try handle.truncate(atOffset: offset)
            try handle.seek(toOffset: offset)
        } catch let error as ConformanceError {
            throw error
        } catch {
            throw .io(path: stream.path, reason: fileErrorReason(error))
        }
    }

    /// Indexes the complete lines of an existing stream and returns the length to keep.
    private static func scan(_ stream: URL) throws
        -> (resumed: Resumed, index: [(id: String, offset: UInt64, length: Int)], length: UInt64) {
        var resumed = Resumed()
        var index: [(id: String, offset: UInt64, length: Int)] = []
        struct Header: Decodable { var id: String; var status: CaseStatus }
        let reader = try FileHandle(forReadingFrom: stream)
        defer { try? reader.close() }
        let decoder = JSONDecoder()
        var pending = Data()
        var position: UInt64 = 0
        while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                let length = line.count
                if let header = try? decoder.decode(Header.self, from: line), resumed.ids.insert(header.id).inserted {
                    index.append((header.id, position, length))
                    resumed.totals.add(header.status)
                    if header.status == .passed { resumed.passing.append(header.id) } else { resumed.failing.append(header.id) }
                }
                position += UInt64(length + 1)
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        return (resumed, index, position)
    }

    /// Appends one result to `results.jsonl` and flushes it. Thread-safe; the result is encoded before the
    /// lock is taken (by ``CompactJSONEncoder``, the same bytes as `encoder` writes, in a fraction of the time).
    public func append(_ result: CaseResult) {
        guard let line = (try? CompactJSONEncoder().encode(result, terminator: 0x0A))
            ?? (try? encoder.encode(result)).map({ $0 + [0x0A] }) else { return }
        lock.withLock {
            handle.write(line)
            index.append((result.id, offset, line.count - 1))
            offset += UInt64(line.count)
        }
    }

    /// Flushes and closes the stream without assembling `results.json` (a later, resumed writer will).
    public func close() {
        lock.withLock {
            try? handle.synchronize()
            try? handle.close()
        }
    }

    /// The number of results appended so far.
    public var count: Int { lock.withLock { index.count } }

    /// Writes `results.json` and a sorted `results.jsonl`, both atomically, and closes the stream.
    /// Returns the path of `results.json`.
    @discardableResult
    public func finish(info: RunInfo) throws(ConformanceError) -> URL {
        let entries: [(id: String, offset: UInt64, length: Int)] = lock.withLock {
            try? handle.synchronize()
            return index.sorted { $0.id < $1.id }
        }
        try? handle.close()
        let stream = folder.appendingPathComponent(Self.streamFileName)
        let results = folder.appendingPathComponent(Self.resultsFileName)
        let infoEncoder = JSONEncoder()
        infoEncoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let infoData: Data
        do {
            infoData = try infoEncoder.encode(info)
        } catch {
            throw .io(path: results.path, reason: "cannot encode the run header: \(error)")
        }
        let reader: FileHandle
        do {
            reader = try FileHandle(forReadingFrom: stream)
        } catch {
            throw .io(path: stream.path, reason: fileErrorReason(error))
        }
        defer { try? reader.close() }

        let sortedStream = try StreamingFile(destination: stream)
        let combined = try StreamingFile(destination: results)
        combined.write("{\n  \"cases\" : [")
        for (number, entry) in entries.enumerated() {
            let line: Data
            do {
                try reader.seek(toOffset: entry.offset)
                line = try reader.read(upToCount: entry.length) ?? Data()
            } catch {
                throw .io(path: stream.path, reason: fileErrorReason(error))
            }
            sortedStream.write(line)
            sortedStream.write("\n")
            combined.write(number == 0 ? "\n    " : ",\n    ")
            combined.write(line)
        }
        combined.write(entries.isEmpty ? "],\n  \"info\" : " : "\n  ],\n  \"info\" : ")
        combined.write(Data(String(decoding: infoData, as: UTF8.self).replacingOccurrences(of: "\n", with: "\n  ").utf8))
        combined.write("\n}\n")
        try sortedStream.commit()
        try combined.commit()
        return results
    }
}

/// A file written in pieces to a temporary name and renamed into place by `commit()`.
final class StreamingFile {
    private let destination: URL
    private let temporary: URL
    private let handle: FileHandle
    private var buffer = Data()

    init(destination: URL) throws(ConformanceError) {
        self.destination = destination
        temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).tmp-\(UUID().uuidString.prefix(8))")
        _ = FileManager.default.createFile(atPath: temporary.path, contents: nil)
        do {
            handle = try FileHandle(forWritingTo: temporary)
        } catch {
            throw .io(path: temporary.path, reason: fileErrorReason(error))
        }
    }

    func write(_ text: String) { write(Data(text.utf8)) }

    func write(_ data: Data) {
        buffer.append(data)
        if buffer.count >= 1 << 20 { flush() }
    }

    private func flush() {
        handle.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func commit() throws(ConformanceError) {
        flush()
        try? handle.close()
        try AtomicFile.replace(destination, with: temporary)
    }
}

/// Reading results back: `results.json`, an output folder holding one, or a `results.jsonl` stream
/// (what an interrupted or crashed run leaves).
public enum ResultsReader {
    public static func read(_ url: URL) throws(ConformanceError) -> RunResults {
        var target = url
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let json = url.appendingPathComponent(ResultsWriter.resultsFileName)
            target = FileManager.default.fileExists(atPath: json.path) ? json : url.appendingPathComponent(ResultsWriter.streamFileName)
        }
        let data: Data
        do {
            data = try Data(contentsOf: target)
        } catch {
            throw .io(path: target.path, reason: fileErrorReason(error))
        }
        let decoder = JSONDecoder()
        if target.pathExtension == "jsonl" {
            var cases: [CaseResult] = []
            for (number, line) in data.split(separator: 0x0A).enumerated() where !line.isEmpty {
                do {
                    cases.append(try decoder.decode(CaseResult.self, from: line))
                } catch {
                    throw .io(path: target.path, reason: "line \(number + 1) is not a case result: \(describe(error))")
                }
            }
            // The stream holds no header. A complete run wrote results.json beside it: its header holds when it
            // counts the same cases. Otherwise the stream is what a crashed run left, and partial.
            let sibling = target.deletingLastPathComponent().appendingPathComponent(ResultsWriter.resultsFileName)
            var info = RunInfo(conformVersion: "unknown", corpus: "unknown", interrupted: true)
            if let header = (try? Data(contentsOf: sibling)).flatMap({ try? decoder.decode(RunResults.self, from: $0).info }),
               header.totals.cases == cases.count {
                info = header
                info.totals = RunTotals()
            }
            for result in cases { info.totals.add(result.status) }
            return RunResults(info: info, cases: cases.sorted { $0.id < $1.id })
        }
        do {
            return try decoder.decode(RunResults.self, from: data)
        } catch {
            throw .io(path: target.path, reason: "not a results file: \(describe(error))")
        }
    }
}
