import ConformCore
import Conformance

/// Every format conform writes results or findings in, for every command. The raw value is the `--format`
/// spelling.
///
/// A run (`conform run`, `conform report`) writes a report file of its results in each of the ``Scope/run``
/// formats; the commands that check inputs one by one (`conform check`, `conform params`) print their findings in
/// one of the ``Scope/findings`` formats. ``renderer(in:)`` is the one place a format meets the code that writes
/// it, and a name outside a command's formats is an error listing them (``ReportError/unknownFormat(_:in:)``).
public enum ReportFormat: String, Sendable, Codable, Hashable, CaseIterable {
    case html, markdown, json, junit, sarif, text, github, codequality

    /// What a command writes in a format.
    public enum Scope: Sendable, Hashable {
        /// Report files of a run's results (`conform run`, `conform report`).
        case run
        /// The findings of inputs checked one by one, on standard output (`conform check`, `conform params`).
        case findings
    }

    /// How a format is written, from ``renderer(in:)``.
    public enum Renderer: Sendable {
        /// A report file of a run's results, by this reporter.
        case report(any Reporter)
        /// The findings of every input, rendered at once after the last one is checked.
        case findings(@Sendable (_ inputs: [FindingsOutput.Input], _ settings: FindingsOutput.Settings) throws(ReportError) -> String)
        /// Written by the command itself, input by input as each is checked (`text`, and `json` of the findings
        /// commands, whose records carry each command's own model).
        case perInput
    }

    /// The formats of `scope`, in the order help texts and error messages list them.
    public static func formats(in scope: Scope) -> [ReportFormat] {
        switch scope {
        case .run: [.html, .markdown, .json, .junit, .sarif]
        case .findings: [.text, .json, .sarif, .github, .junit, .markdown, .codequality, .html]
        }
    }

    /// The formats `conform run` writes when `--format` is not given.
    public static let defaults: [ReportFormat] = [.html, .markdown, .json]

    /// How this format is written in `scope`; `nil` when `scope` has no such format.
    public func renderer(in scope: Scope) -> Renderer? {
        switch (scope, self) {
        case (.run, .html): .report(HTMLReporter())
        case (.run, .markdown): .report(MarkdownReporter())
        case (.run, .json): .report(JSONReporter())
        case (.run, .junit): .report(JUnitReporter())
        case (.run, .sarif): .report(SARIFReporter())
        case (.run, .text), (.run, .github), (.run, .codequality): nil
        case (.findings, .text), (.findings, .json): .perInput
        case (.findings, .sarif):
            .findings { inputs, settings throws(ReportError) in
                try FindingsOutput.sarif(inputs, rules: settings.rules, version: settings.version)
            }
        case (.findings, .codequality): .findings { inputs, _ throws(ReportError) in try FindingsOutput.codeQuality(inputs) }
        case (.findings, .github):
            .findings { inputs, settings in FindingsOutput.githubAnnotations(inputs, command: settings.command, noun: settings.noun) }
        case (.findings, .html):
            .findings { inputs, settings in
                FindingsOutput.html(inputs, threshold: settings.threshold, command: settings.command, noun: settings.noun)
            }
        case (.findings, .markdown):
            .findings { inputs, settings in
                FindingsOutput.markdown(inputs, threshold: settings.threshold, command: settings.command, noun: settings.noun)
            }
        case (.findings, .junit):
            .findings { inputs, settings in
                FindingsOutput.junit(inputs, threshold: settings.threshold, command: settings.command, noun: settings.noun)
            }
        }
    }

    /// The reporter of this run format (with its default settings); `nil` for a format only the findings commands
    /// write.
    public var reporter: (any Reporter)? {
        guard case .report(let reporter) = renderer(in: .run) else { return nil }
        return reporter
    }

    /// The file a run writes this format to inside its output folder; `nil` for a format only the findings
    /// commands write.
    public var fileName: String? {
        switch self {
        case .html: "report.html"
        case .markdown: "report.md"
        case .json: "results.json"
        case .junit: "junit.xml"
        case .sarif: "results.sarif"
        case .text, .github, .codequality: nil
        }
    }

    /// One line for the run's help texts; `nil` for a format only the findings commands write.
    public var summary: String? {
        switch self {
        case .html: "self-contained page: matrices, filters, per-case details"
        case .markdown: "summary, failures and matrices for a PR comment or CI step summary"
        case .json: "the complete results, versioned (Docs/Results-JSON.md)"
        case .junit: "one testsuite per corpus folder, one testcase per case"
        case .sarif: "SARIF 2.1.0 for code-scanning UIs, at file:line:column"
        case .text, .github, .codequality: nil
        }
    }

    /// The format of `scope` spelt exactly `name`.
    /// - Throws: ``ReportError/unknownFormat(_:in:)`` when `scope` has no format of that name.
    public init(name: String, in scope: Scope) throws(ReportError) {
        guard let format = ReportFormat(rawValue: name), ReportFormat.formats(in: scope).contains(format) else {
            throw .unknownFormat(name, in: scope)
        }
        self = format
    }

    /// Parses a comma-separated `--format` value of a run such as `html,markdown,json`.
    ///
    /// Names are case-insensitive, surrounding spaces are ignored, `md` is accepted for `markdown`
    /// and `xml` for `junit`. Duplicates are dropped; the order of first mention is kept.
    /// - Throws: ``ReportError/unknownFormat(_:in:)`` naming the first unknown entry, or
    ///   ``ReportError/emptyFormatList`` when no name is given.
    public static func parseList(_ text: String) throws(ReportError) -> [ReportFormat] {
        var result: [ReportFormat] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = piece.trimmingWhitespace().lowercased()
            if name.isEmpty { continue }
            let format = try ReportFormat(name: ["md": "markdown", "xml": "junit"][name] ?? name, in: .run)
            if !result.contains(format) { result.append(format) }
        }
        if result.isEmpty { throw .emptyFormatList }
        return result
    }

    /// The names of `scope`'s formats, comma-separated (`html, markdown, json, junit, sarif`), for usage messages.
    public static func valueList(in scope: Scope) -> String { formats(in: scope).map(\.rawValue).joined(separator: ", ") }
}

/// What can go wrong when rendering, reading or writing reports.
public enum ReportError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A `--format` entry that names no format of the command's scope.
    case unknownFormat(String, in: ReportFormat.Scope)
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
        case .unknownFormat(let name, .run):
            "unknown report format '\(name)' (values: \(ReportFormat.valueList(in: .run)))"
        case .unknownFormat(let name, .findings):
            "unknown format '\(name)' (values: \(ReportFormat.valueList(in: .findings)))"
        case .emptyFormatList:
            "no report format given (values: \(ReportFormat.valueList(in: .run)))"
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
