import ConformCore
import Conformance

/// The formats a run can be reported in. The raw value is the `--format` spelling.
public enum ReportFormat: String, Sendable, Codable, Hashable, CaseIterable {
    case html, markdown, json, junit, sarif

    /// The formats `conform run` writes when `--format` is not given.
    public static let defaults: [ReportFormat] = [.html, .markdown, .json]

    /// The file the format is written to inside the output folder.
    public var fileName: String {
        switch self {
        case .html: "report.html"
        case .markdown: "report.md"
        case .json: "results.json"
        case .junit: "junit.xml"
        case .sarif: "results.sarif"
        }
    }

    /// One line for help texts and `conform reporters`.
    public var summary: String {
        switch self {
        case .html: "self-contained page: matrices, filters, per-case details"
        case .markdown: "summary, failures and matrices for a PR comment or CI step summary"
        case .json: "the complete results, versioned (Docs/Results-JSON.md)"
        case .junit: "one testsuite per corpus folder, one testcase per case"
        case .sarif: "SARIF 2.1.0 for code-scanning UIs, at file:line:column"
        }
    }

    /// The reporter that renders this format (with its default settings).
    public var reporter: any Reporter {
        switch self {
        case .html: HTMLReporter()
        case .markdown: MarkdownReporter()
        case .json: JSONReporter()
        case .junit: JUnitReporter()
        case .sarif: SARIFReporter()
        }
    }

    /// Parses a comma-separated `--format` value such as `html,markdown,json`.
    ///
    /// Names are case-insensitive, surrounding spaces are ignored, `md` is accepted for `markdown`
    /// and `xml` for `junit`. Duplicates are dropped; the order of first mention is kept.
    /// - Throws: ``ReportError/unknownFormat(_:)`` naming the first unknown entry, or
    ///   ``ReportError/emptyFormatList`` when no name is given.
    public static func parseList(_ text: String) throws(ReportError) -> [ReportFormat] {
        var result: [ReportFormat] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = piece.trimmingWhitespace().lowercased()
            if name.isEmpty { continue }
            let format: ReportFormat? = switch name {
            case "md": .markdown
            case "xml": .junit
            default: ReportFormat(rawValue: name)
            }
            guard let format else { throw .unknownFormat(name) }
            if !result.contains(format) { result.append(format) }
        }
        if result.isEmpty { throw .emptyFormatList }
        return result
    }

    /// `html, markdown, json, junit, sarif`, for usage messages.
    public static var valueList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What can go wrong when rendering, reading or writing reports.
public enum ReportError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A `--format` entry that names no format.
    case unknownFormat(String)
    /// A `--format` value with no names in it.
    case emptyFormatList
    /// A reporter could not encode its output.
    case encodingFailed(format: ReportFormat, reason: String)
    /// A report file could not be written.
    case writeFailed(path: String, reason: String)
    /// A saved results file could not be read or decoded.
    case unreadableResults(reason: String)
    /// A saved results file was written by a newer conform.
    case unsupportedSchemaVersion(found: Int, supported: Int)

    /// The error in words, for `Error: …` lines.
    public var description: String {
        switch self {
        case .unknownFormat(let name):
            "unknown report format '\(name)' (values: \(ReportFormat.valueList))"
        case .emptyFormatList:
            "no report format given (values: \(ReportFormat.valueList))"
        case .encodingFailed(let format, let reason):
            "could not render the \(format.rawValue) report: \(reason)"
        case .writeFailed(let path, let reason):
            "could not write \(path): \(reason)"
        case .unreadableResults(let reason):
            "could not read the results: \(reason)"
        case .unsupportedSchemaVersion(let found, let supported):
            "the results use schema version \(found); this conform reads versions up to \(supported)"
        }
    }
}

/// One reporter per format: turns the results of a run into the text of one report file.
///
/// Reporters are deterministic: the same results and rules give the same bytes (cases sorted,
/// no clock read; times and dates appear only when the results carry them).
public protocol Reporter: Sendable {
    /// The format this reporter writes.
    static var format: ReportFormat { get }
    /// Renders the report.
    /// - Parameters:
    ///   - results: the run; cases in any order.
    ///   - rules: descriptions of the rules the run used (names, severities, spec links for the
    ///     rule coverage matrix and SARIF); usually `AllRules.descriptions`.
    /// - Returns: the whole file's text.
    /// - Throws: ``ReportError``.
    func render(_ results: RunResults, rules: [RuleDescription]) throws(ReportError) -> String
}

/// A reporter that writes its report in pieces, from a ``RunDigest`` and a ``CaseSource`` read one
/// case at a time, so that a run of any size is reported in bounded memory.
protocol StreamingReporter: Reporter {
    /// Writes the whole report to `out`.
    func write(_ digest: RunDigest, source: some CaseSource, to out: ReportOutput) throws
}

extension StreamingReporter {
    /// The report of in-memory results, as text.
    func renderInMemory(_ results: RunResults, rules: [RuleDescription]) throws(ReportError) -> String {
        let out = ReportOutput()
        try writeReport(MemoryCaseSource(results: results), digest: nil, rules: rules, to: out)
        return out.collected
    }

    /// Writes the report of `source` (digesting it first unless `digest` is given) to `out`.
    func writeReport(_ source: some CaseSource, digest: RunDigest?, rules: [RuleDescription], to out: ReportOutput) throws(ReportError) {
        do {
            let digest = try digest ?? RunDigest(source, rules: rules)
            try write(digest, source: source, to: out)
        } catch let error as ReportError {
            throw error
        } catch {
            throw .encodingFailed(format: Self.format, reason: String(describing: error))
        }
    }
}
