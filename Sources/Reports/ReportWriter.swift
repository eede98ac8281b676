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
    /// creating the folder when needed.
    /// - Returns: the URLs of the files written, in the order of `formats`.
    /// - Throws: ``ReportError``; files written before the failure stay written.
    @discardableResult
    public static func write(
        _ results: RunResults, rules: [RuleDescription], formats: [ReportFormat], to directory: URL
    ) throws(ReportError) -> [URL] {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: directory.path, reason: error.localizedDescription)
        }
        var written: [URL] = []
        var done = Set<ReportFormat>()
        for format in formats where done.insert(format).inserted {
            let text = try format.reporter.render(results, rules: rules)
            let url = directory.appendingPathComponent(format.fileName)
            try writeAtomically(text, to: url)
            written.append(url)
        }
        return written
    }

    /// Writes `text` as UTF-8 to `url` through a temporary file in the same folder and a rename.
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    public static func writeAtomically(_ text: String, to url: URL) throws(ReportError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(text.utf8)) else {
            throw .writeFailed(path: url.path, reason: "cannot create \(temporary.lastPathComponent) in \(directory.path)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .writeFailed(path: url.path, reason: reason)
        }
    }
}
