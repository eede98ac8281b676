import ConformCore
import Conformance
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes report files into an output folder, each atomically: rendered in full, written to a
/// temporary file in the same folder, then renamed over the final name. A reader never sees a
/// half-written report, and an interrupted write leaves the previous report in place.
public enum ReportWriter {
    /// Renders and writes each format (in the order given, duplicates once) into `directory`,
    /// creating the folder when needed. Each report is written in pieces to its temporary file.
    /// - Returns: the URLs of the files written, in the order of `formats`.
    /// - Throws: ``ReportError``; files written before the failure stay written.
    @discardableResult
    public static func write(
        _ results: RunResults, rules: [RuleDescription], formats: [ReportFormat], to directory: URL,
        htmlBudget: Int = HTMLReporter.defaultBudget
    ) throws(ReportError) -> [URL] {
        try write(MemoryCaseSource(results: results), rules: rules, formats: formats, to: directory, htmlBudget: htmlBudget)
    }

    /// Renders and writes each format from a saved results file (`results.json` or a JSON Lines
    /// stream, as ``ResultsReader/read(_:)`` reads them) into `directory`, in memory bounded by
    /// the largest case rather than by the run: the file is scanned once for totals, folders and
    /// rule coverage, and each report then reads the cases it shows one at a time.
    /// `htmlBudget` is the size `report.html` aims to stay under (``HTMLReporter/budget``).
    /// - Returns: the URLs of the files written, in the order of `formats`.
    /// - Throws: ``ReportError``: the reading errors of ``ResultsReader/read(_:)`` (the first pass
    ///   reads the whole file, so a broken file is found before any report is written, except a
    ///   fault in the parts only `report.html` and `results.json` read: tracking URLs, chain hops,
    ///   parameter fields, whole diagnostics); files written before a failure stay written.
    @discardableResult
    public static func write(
        resultsAt url: URL, rules: [RuleDescription], formats: [ReportFormat], to directory: URL,
        htmlBudget: Int = HTMLReporter.defaultBudget
    ) throws(ReportError) -> [URL] {
        if let source = FileCaseSource.open(url) {
            do {
                return try write(source, rules: rules, formats: formats, to: directory, htmlBudget: htmlBudget)
            } catch .unreadableResults {
                // A case that does not decode: the whole-file reader below names the problem.
            }
        }
        // Not a shape that streams: read it whole, which also names what is wrong with it.
        return try write(try ResultsReader.read(contentsOf: url), rules: rules, formats: formats, to: directory, htmlBudget: htmlBudget)
    }

    static func write(
        _ source: some CaseSource, rules: [RuleDescription], formats: [ReportFormat], to directory: URL,
        htmlBudget: Int = HTMLReporter.defaultBudget
    ) throws(ReportError) -> [URL] {
        let digest: RunDigest
        do {
            digest = try RunDigest(source, rules: rules)
        } catch let error as ReportError {
            throw error
        } catch {
            throw .unreadableResults(reason: String(describing: error))
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: directory.path, reason: fileErrorReason(error))
        }
        var written: [URL] = []
        var done = Set<ReportFormat>()
        for format in formats where done.insert(format).inserted {
            guard let fileName = format.fileName, case .report(let standard) = format.renderer(in: .run) else {
                throw .unknownFormat(format.rawValue, in: .run)
            }
            let url = directory.appendingPathComponent(fileName)
            let reporter = format == .html ? HTMLReporter(budget: htmlBudget) : standard
            guard let reporter = reporter as? any StreamingReporter else {
                throw .encodingFailed(format: format, reason: "the reporter cannot write from saved results")
            }
            let output = try ReportOutput(file: url)
            try reporter.writeReport(source, digest: digest, rules: rules, to: output)
            try output.commit()
            written.append(url)
        }
        return written
    }

    /// Writes `text` as UTF-8 to `url` through a temporary file in the same folder and a rename; the
    /// folder is made when it is missing.
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    public static func writeAtomically(_ text: String, to url: URL) throws(ReportError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: url.path, reason: "cannot make the folder \(directory.path)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)) else {
            throw .writeFailed(path: url.path, reason: "cannot write in the folder \(directory.path)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(path: url.path, reason: reason)
        }
    }
}
