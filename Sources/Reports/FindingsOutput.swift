import ConformCore
import Foundation
import Validation

/// The findings of checked inputs (`conform check`'s tags, `conform params`' strings) in the formats CI tools
/// read: a SARIF 2.1.0 log for code-scanning UIs, GitHub Actions annotations for pull requests, and JUnit XML
/// for CI test-result views. Unlike the run reports, which list unmet expectations of a corpus, every finding
/// here is a result: an input under check has no expectation.
public enum FindingsOutput {
    /// One checked input: its name as given on the command line (a path, a URL or `-`; `nil` for a string
    /// given as an argument, which has no file) and its findings.
    public struct Input: Sendable {
        public var name: String?
        public var diagnostics: [Diagnostic]
        /// What a JUnit test case calls the input when its name is not enough (several strings of one file:
        /// `strings.txt:3`); `nil`: the name.
        public var label: String?
        /// Findings the input's directive comments switched off: in SARIF, results with an in-source suppression.
        public var suppressed: [SuppressedFinding]
        /// The input's text, for the formats that show findings in their source (HTML); `nil` when not kept.
        public var source: String?
        /// The line number of the source's first line (a string read from line 12 of a file: 12).
        public var sourceFirstLine: Int
        /// What each player flow would do with the input, a line per flow (`pause`, `not eligible: …`), for the
        /// formats that show it (HTML).
        public var verdicts: [(flow: String, verdict: String)]

        public init(name: String?, diagnostics: [Diagnostic], label: String? = nil, suppressed: [SuppressedFinding] = [],
                    source: String? = nil, sourceFirstLine: Int = 1, verdicts: [(flow: String, verdict: String)] = []) {
            self.name = name
            self.diagnostics = diagnostics
            self.label = label
            self.suppressed = suppressed
            self.source = source
            self.sourceFirstLine = sourceFirstLine
            self.verdicts = verdicts
        }
    }

    /// What the findings formats need beside the inputs (see ``ReportFormat/renderer(in:)``).
    public struct Settings: Sendable {
        /// The lowest severity that fails an input (JUnit, Markdown, HTML).
        public var threshold: Severity
        /// The catalogue SARIF describes the rules from.
        public var rules: [RuleDescription]
        /// conform's version, for SARIF.
        public var version: String
        /// The command that checked the inputs (`check`), and `noun`, what it checks (`input`).
        public var command: String
        public var noun: String

        public init(threshold: Severity, rules: [RuleDescription], version: String, command: String, noun: String) {
            self.threshold = threshold
            self.rules = rules
            self.version = version
            self.command = command
            self.noun = noun
        }
    }

    /// A SARIF 2.1.0 log with one result per finding (level from its severity: error, warning, or note for
    /// info), located at the finding's file (or its input's name) and line:column; a finding of an input
    /// without a file has no location. `tool.driver.rules` describes the rules the results name, from
    /// `rules` where it has them.
    /// - Parameters:
    ///   - rules: the catalogue to describe the rules from.
    ///   - version: conform's version, for `tool.driver.version`.
    ///   - informationURI: the tool's home page, or `nil`.
    public static func sarif(_ inputs: [Input], rules: [RuleDescription], version: String,
                             informationURI: String? = nil) throws(ReportError) -> String {
        let catalogue = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ids = Set(inputs.flatMap { $0.diagnostics.map(\.ruleID) + $0.suppressed.map(\.diagnostic.ruleID) }).sorted()
        let descriptors = ids.map { id in
            catalogue[id].map(SARIFReporter.descriptor) ?? SARIF.ReportingDescriptor(
                id: id, name: nil, shortDescription: .init(text: id), fullDescription: nil, help: nil, helpUri: nil,
                defaultConfiguration: .init(level: "warning"))
        }
        let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        var results: [SARIF.Result] = []
        for input in inputs {
            for diagnostic in input.diagnostics {
                results.append(SARIF.Result(
                    ruleId: diagnostic.ruleID, ruleIndex: index[diagnostic.ruleID] ?? 0,
                    level: SARIFReporter.level(diagnostic.severity), message: .init(text: message(of: diagnostic)),
                    locations: (diagnostic.file ?? input.name).map { [.at(uri($0), diagnostic.position)] } ?? []))
            }
            // Kept as results, marked suppressed in source, as SARIF consumers expect: they show as dismissed.
            for finding in input.suppressed {
                let diagnostic = finding.diagnostic
                results.append(SARIF.Result(
                    ruleId: diagnostic.ruleID, ruleIndex: index[diagnostic.ruleID] ?? 0,
                    level: SARIFReporter.level(diagnostic.severity), message: .init(text: message(of: diagnostic)),
                    locations: (diagnostic.file ?? input.name).map { [.at(uri($0), diagnostic.position)] } ?? [],
                    suppressions: [SARIF.Suppression(kind: "inSource", justification: finding.reason)]))
            }
        }
        let run = SARIF.Run(
            tool: .init(driver: .init(name: "conform", version: version, informationUri: informationURI, rules: descriptors)),
            results: results, columnKind: "unicodeCodePoints", automationDetails: nil)
        let log = SARIF.Log(schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0", runs: [run])
        return try JSONText.encode(log, format: .sarif, pretty: true) + "\n"
    }

    /// One workflow command per finding (`::error`, `::warning`, or `::notice` for info, with the file,
    /// line, column and rule id; an input without a file gives none of the three), then a `::notice` with
    /// the totals, headed `conform <command>:` and counting the inputs as `noun`s. Each line ends in a newline.
    public static func githubAnnotations(_ inputs: [Input], command: String = "check", noun: String = "input") -> String {
        var out = ""
        var counts: [Severity: Int] = [:]
        for input in inputs {
            for diagnostic in input.diagnostics {
                let kind = switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .info: "notice"
                }
                counts[diagnostic.severity, default: 0] += 1
                out += GitHubAnnotations.line(kind, file: diagnostic.file ?? input.name, position: diagnostic.position,
                                              title: "conform: \(diagnostic.ruleID)", message: message(of: diagnostic))
            }
        }
        let summary = "conform \(command): \(Numbers.count(inputs.count, noun)), \(Numbers.count(counts[.error] ?? 0, "error")),"
            + " \(Numbers.count(counts[.warning] ?? 0, "warning")), \(Numbers.grouped(counts[.info] ?? 0)) info"
        return out + "::notice title=conform::\(Escape.annotationData(summary))\n"
    }

    /// A JUnit XML document (testsuites › testsuite › testcase) with one test case per input, named by its
    /// label or name (`<noun> <n>` for an input with neither): an input with findings at or above `threshold`
    /// fails, its `<failure>` listing them as `file:line:column: severity: message [rule-id]`; its other
    /// findings go to `<system-out>`.
    /// - Parameters:
    ///   - command: the command checked (`check`, `params`): the suite is `conform <command>`, the class
    ///     name `conform.<command>`.
    ///   - noun: what an input is (`input`, `string`), for the name of an input with neither label nor name.
    public static func junit(_ inputs: [Input], threshold: Severity, command: String = "check", noun: String = "input") -> String {
        let failing = inputs.filter { $0.diagnostics.contains { $0.severity >= threshold } }.count
        let suite = Escape.xml("conform \(command)", attribute: true)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(suite)\" tests=\"\(inputs.count)\" failures=\"\(failing)\" errors=\"0\">\n"
        out += "  <testsuite name=\"\(suite)\" tests=\"\(inputs.count)\" failures=\"\(failing)\" errors=\"0\" skipped=\"0\">\n"
        let classname = Escape.xml("conform.\(command)", attribute: true)
        for (offset, input) in inputs.enumerated() {
            let name = input.label ?? input.name ?? "\(noun) \(offset + 1)"
            out += "    <testcase name=\"\(Escape.xml(name, attribute: true))\" classname=\"\(classname)\""
            if let file = input.name { out += " file=\"\(Escape.xml(file, attribute: true))\"" }
            let above = input.diagnostics.filter { $0.severity >= threshold }
            let below = input.diagnostics.filter { $0.severity < threshold }
            guard !input.diagnostics.isEmpty else {
                out += "/>\n"
                continue
            }
            out += ">\n"
            func lines(_ diagnostics: [Diagnostic]) -> String {
                diagnostics.map { diagnostic in
                    var location = diagnostic.file ?? input.name ?? name
                    if let position = diagnostic.position { location += ":\(position.line):\(position.column)" }
                    return "\(location): \(diagnostic.severity.rawValue): \(message(of: diagnostic)) [\(diagnostic.ruleID)]"
                }.joined(separator: "\n")
            }
            if !above.isEmpty {
                let summary = "\(Numbers.count(above.count, "finding")) at or above \(threshold.rawValue)"
                out += "      <failure message=\"\(Escape.xml(summary, attribute: true))\" type=\"findings\">"
                out += Escape.xml(lines(above)) + "</failure>\n"
            }
            if !below.isEmpty { out += "      <system-out>" + Escape.xml(lines(below)) + "</system-out>\n" }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// A Markdown summary for a pull-request comment or a CI step summary: a heading with the totals and
    /// the verdict at `threshold`, then per input with findings a table of them (severity, line:column, rule,
    /// message with its spec section), the inputs with findings at or above the threshold first. Inputs
    /// without findings are counted, not listed.
    public static func markdown(_ inputs: [Input], threshold: Severity, command: String = "check", noun: String = "input") -> String {
        let (totals, failing) = totals(inputs, threshold: threshold, noun: noun)
        let verdict = failing == 0 ? "✅ passed" : "❌ failed"
        var out = "## conform \(Escape.markdown(command)): \(verdict)\n\n" + totals + "\n"
        let listed = inputs.enumerated().filter { !$0.element.diagnostics.isEmpty }
            .sorted { (a, b) in
                let (fa, fb) = (a.element.diagnostics.contains { $0.severity >= threshold }, b.element.diagnostics.contains { $0.severity >= threshold })
                return fa != fb ? fa : a.offset < b.offset
            }
        for (offset, input) in listed {
            let name = input.label ?? input.name ?? "\(noun) \(offset + 1)"
            out += "\n### \(Escape.markdown(name))\n\n| severity | at | rule | finding |\n|---|---|---|---|\n"
            for diagnostic in input.diagnostics {
                let at = diagnostic.position.map { "\($0.line):\($0.column)" } ?? ""
                out += "| \(diagnostic.severity.rawValue) | \(at) | `\(diagnostic.ruleID)` | \(Escape.markdown(message(of: diagnostic))) |\n"
            }
        }
        return out
    }

    /// The totals sentence of the Markdown and HTML summaries (`3 inputs, 1 input with findings at or above error;
    /// 1 error, 2 warnings, 0 info.`) and how many inputs have a finding at or above `threshold`.
    static func totals(_ inputs: [Input], threshold: Severity, noun: String) -> (text: String, failing: Int) {
        var counts: [Severity: Int] = [:]
        for input in inputs { for diagnostic in input.diagnostics { counts[diagnostic.severity, default: 0] += 1 } }
        let failing = inputs.filter { $0.diagnostics.contains { $0.severity >= threshold } }.count
        let text = "\(Numbers.count(inputs.count, noun)), \(Numbers.count(failing, noun)) with findings at or above \(threshold.rawValue); "
            + "\(Numbers.count(counts[.error] ?? 0, "error")), \(Numbers.count(counts[.warning] ?? 0, "warning")), "
            + "\(Numbers.grouped(counts[.info] ?? 0)) info."
        return (text, failing)
    }

    /// A GitLab Code Quality report: a JSON array with one issue per finding (the part of the Code Climate issue
    /// format GitLab reads: `description`, `check_name`, `fingerprint`, `severity`, `location.path` and
    /// `location.lines.begin`). Severities map to GitLab's scale as error → major, warning → minor, info → info.
    /// The fingerprint identifies a finding across runs: made of its rule, file, element path and message (not
    /// its line, so an edit above it does not make it new), and its rank among identical ones in that file.
    /// Findings switched off by directives are left out: the format has no place for them.
    public static func codeQuality(_ inputs: [Input]) throws(ReportError) -> String {
        var issues: [CodeQualityIssue] = []
        for input in inputs {
            var seen: [String: Int] = [:]
            for diagnostic in input.diagnostics {
                var path = diagnostic.file ?? input.name ?? "-"
                while path.hasPrefix("./") { path.removeFirst(2) }
                let key = [diagnostic.ruleID, path, diagnostic.path ?? "", diagnostic.message].joined(separator: "\u{0}")
                let rank = seen[key, default: 0]
                seen[key] = rank + 1
                let severity = switch diagnostic.severity {
                case .error: "major"
                case .warning: "minor"
                case .info: "info"
                }
                issues.append(CodeQualityIssue(
                    description: message(of: diagnostic), check_name: diagnostic.ruleID,
                    fingerprint: fingerprint(key + "\u{0}\(rank)"), severity: severity,
                    location: .init(path: path, lines: .init(begin: max(1, diagnostic.position?.line ?? 1)))))
            }
        }
        return try JSONText.encode(issues, format: .json, pretty: true) + "\n"
    }

    struct CodeQualityIssue: Encodable {
        struct Location: Encodable {
            struct Lines: Encodable { var begin: Int }
            var path: String
            var lines: Lines
        }
        var description: String
        var check_name: String
        var fingerprint: String
        var severity: String
        var location: Location
    }

    /// 32 hexadecimal digits from two 64-bit FNV-1a hashes of `text`'s UTF-8 bytes (different offset bases): a
    /// stable identifier, not a secret.
    static func fingerprint(_ text: String) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b ^= b >> 29
        }
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(a) + hex(b)
    }

    /// The finding's message and, when it has one, the spec section it rests on.
    static func message(of diagnostic: Diagnostic) -> String {
        guard let spec = diagnostic.spec else { return diagnostic.message }
        return "\(diagnostic.message) (see \(spec.description))"
    }

    /// An input's name as a SARIF artifact URI: a URL stays as it is; a path is a URI reference
    /// (see ``SARIFReporter/uri(_:)``).
    static func uri(_ name: String) -> String {
        if let url = URL(string: name), let scheme = url.scheme, ["http", "https", "file"].contains(scheme.lowercased()) {
            return name
        }
        return SARIFReporter.uri(name)
    }
}
