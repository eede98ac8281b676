import ConformCore
import Conformance
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `junit.xml` while a run is going, one case at a time, holding only the cases of the
/// current corpus folder in memory: for runs too large to keep every outcome.
///
/// Feed cases grouped by folder (sorted by id is enough for most corpora). Each run of consecutive
/// cases of one folder becomes a `<testsuite>`; a folder whose cases arrive in two runs gives two
/// `<testsuite>` elements of the same name, which CI systems merge. With the cases in
/// ``ReportModel`` folder order the output is byte for byte that of ``JUnitReporter``.
///
/// The file appears atomically when ``finish(durationSeconds:)`` renames it into place; until then
/// the suites go to a hidden temporary file beside it. Use from one thread.
public final class JUnitStreamWriter {
    private let url: URL
    private let corpus: String
    private let bodyURL: URL
    private let body: FileHandle
    private var suite: String?
    private var pending: [CaseResult] = []
    private var counts = JUnitCounts()
    private var caseMilliseconds = 0.0
    private var finished = false
    private let known: Set<String>

    /// Starts a report that will be written to `url`.
    /// - Parameters:
    ///   - corpus: the corpus path as given on the command line (case files are joined to it).
    ///   - knownFailures: with a baseline, the ids of the cases failing in it (``BaselineComparison/stillFailing``):
    ///     written as skipped, as ``JUnitReporter`` writes them.
    /// - Throws: ``ReportError/writeFailed(path:reason:)`` when the folder cannot take a temporary file.
    public init(url: URL, corpus: String, knownFailures: Set<String> = []) throws(ReportError) {
        self.url = url
        self.corpus = corpus
        known = knownFailures
        let directory = url.deletingLastPathComponent()
        bodyURL = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).body")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: directory.path, reason: fileErrorReason(error))
        }
        guard FileManager.default.createFile(atPath: bodyURL.path, contents: nil),
              let handle = FileHandle(forWritingAtPath: bodyURL.path) else {
            throw .writeFailed(path: url.path, reason: "cannot create a temporary file in \(directory.path)")
        }
        body = handle
    }

    deinit {
        if !finished {
            try? body.close()
            try? FileManager.default.removeItem(at: bodyURL)
        }
    }

    /// Adds one case.
    public func append(_ item: CaseResult) throws(ReportError) {
        if item.suite != suite { try flush() }
        suite = item.suite
        pending.append(item)
        counts.add(item.status, known: known.contains(item.id))
        caseMilliseconds += item.durationMilliseconds
    }

    /// Writes the remaining suite, the `<testsuites>` element with the totals, and renames the file
    /// into place.
    /// - Parameter durationSeconds: the run's wall time; the sum of the cases' times when `nil`.
    /// - Returns: the URL written.
    @discardableResult
    public func finish(durationSeconds: Double? = nil) throws(ReportError) -> URL {
        try flush()
        finished = true
        defer { try? FileManager.default.removeItem(at: bodyURL) }
        do {
            try body.close()
        } catch {
            throw .writeFailed(path: url.path, reason: fileErrorReason(error))
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        var head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        head += "<testsuites name=\"conform\" tests=\"\(counts.tests)\" failures=\"\(counts.failures)\""
        head += " errors=\"\(counts.errors)\" time=\"\(Numbers.fixed(durationSeconds ?? caseMilliseconds / 1000, digits: 3))\">\n"
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(head.utf8)),
              let output = FileHandle(forWritingAtPath: temporary.path),
              let input = FileHandle(forReadingAtPath: bodyURL.path) else {
            throw .writeFailed(path: url.path, reason: "cannot create a temporary file")
        }
        do {
            try output.seekToEnd()
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
            try output.write(contentsOf: Data("</testsuites>\n".utf8))
            try output.close()
            try input.close()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(path: url.path, reason: fileErrorReason(error))
        }
        try ReportOutput.moveIntoPlace(temporary, url)
        return url
    }

    private func flush() throws(ReportError) {
        guard let suite, !pending.isEmpty else { return }
        let text = JUnitReporter.suiteElement(name: suite, cases: pending.sorted { $0.id < $1.id }, corpus: corpus, known: known)
        do {
            try body.write(contentsOf: Data(text.utf8))
        } catch {
            throw .writeFailed(path: url.path, reason: fileErrorReason(error))
        }
        pending.removeAll(keepingCapacity: true)
    }
}
