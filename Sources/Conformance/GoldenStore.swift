import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes golden snapshots under the corpus root. Thread-safe: workers share one store.
final class GoldenStore: @unchecked Sendable {
    private let root: URL
    private let lock = NSLock()
    private var tables: [String: TableSnapshot?] = [:]
    private var recordedRows: [String: [String: OutcomeSnapshot]] = [:]

    init(root: URL) {
        self.root = root
    }

    /// `dir/name.golden.json` for `dir/name.xml`.
    func documentSnapshotPath(_ file: String) -> String {
        Corpus.sidecar(of: file, suffix: Corpus.goldenSuffix)
    }

    /// `dir/table.tsv.golden.json` for `dir/table.tsv`.
    static func tableSnapshotPath(_ table: String) -> String { table + Corpus.goldenSuffix }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    func load(_ path: String) -> Result<OutcomeSnapshot, ConformanceError> {
        do {
            let data = try Data(contentsOf: root.appendingPathComponent(path))
            return .success(try JSONDecoder().decode(OutcomeSnapshot.self, from: data))
        } catch {
            return .failure(.io(path: path, reason: "unreadable golden snapshot (\(describe(error))); re-record it with --record"))
        }
    }

    /// Writes `snapshot` atomically; returns an error message on failure.
    func write(_ snapshot: OutcomeSnapshot, to path: String) -> String? {
        do {
            try AtomicFile.write(snapshot.encoded(), to: root.appendingPathComponent(path))
            return nil
        } catch {
            return error.description
        }
    }

    /// The recorded snapshots of a table, loaded once.
    func tableSnapshot(_ table: String) -> TableSnapshot? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = tables[table] { return cached }
        let url = root.appendingPathComponent(Self.tableSnapshotPath(table))
        let loaded = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(TableSnapshot.self, from: $0) }
        tables[table] = .some(loaded)
        return loaded
    }

    func record(table: String, row: String, _ snapshot: OutcomeSnapshot) {
        lock.lock()
        recordedRows[table, default: [:]][row] = snapshot
        lock.unlock()
    }

    /// Writes the table snapshots recorded during the run, keeping rows of the existing file that
    /// this run did not touch (a filtered or sharded run records only its own rows).
    func flushTables() throws(ConformanceError) {
        let pending = lock.withLock { recordedRows }
        for (table, rows) in pending.sorted(by: { $0.key < $1.key }) {
            var merged = tableSnapshot(table)?.rows ?? [:]
            merged.merge(rows) { _, new in new }
            try AtomicFile.write(OutcomeSnapshot.encode(TableSnapshot(rows: merged)),
                                 to: root.appendingPathComponent(Self.tableSnapshotPath(table)))
        }
    }
}

extension Corpus {
    /// `dir/name<suffix>` for `dir/name.ext`.
    static func sidecar(of file: String, suffix: String) -> String {
        let slash = file.lastIndex(of: "/")
        let nameStart = slash.map { file.index(after: $0) } ?? file.startIndex
        if let dot = file[nameStart...].lastIndex(of: "."), dot > nameStart {
            return String(file[..<dot]) + suffix
        }
        return file + suffix
    }
}

/// Atomic file writes: write a temporary file in the destination folder, then rename it over the target.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(ConformanceError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: temporary)
            try replace(url, with: temporary)
        } catch let error as ConformanceError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .io(path: url.path, reason: fileErrorReason(error))
        }
    }

    /// Renames `temporary` to `url`, replacing it.
    static func replace(_ url: URL, with temporary: URL) throws(ConformanceError) {
        if rename(temporary.path, url.path) != 0 {
            throw .io(path: url.path, reason: String(cString: strerror(errno)))
        }
    }
}
