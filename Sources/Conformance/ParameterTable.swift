import Foundation
import Trafficking

/// One row of a parameter table: a trafficking-parameter string and what it must produce.
public struct ParameterRow: Sendable, Hashable {
    /// The row id, unique within its table.
    public var id: String
    /// 1-based line of the row in its table.
    public var line: Int
    /// `accepted` or `rejected`.
    public var verdict: String
    /// `false` when the format column is `*`: the row does not pin the detected format.
    public var pinsFormat = true
    /// The expected detected format id, or `nil` for `-` (no format detected).
    public var format: String?
    /// Rule ids that must appear.
    public var present: [String]
    /// Rule ids that must not appear (written `!ID`).
    public var absent: [String]
    /// The parameter string, exactly as written (tabs included).
    public var string: String
    /// Tags from the table's `# tags:` line.
    public var tags: [String]
    /// The URL policy the string is analysed under: the table's `# policy:` line above the row, or the
    /// default policy (http and https destinations on any host, https-only takeover pages).
    public var policy: URLPolicy = .default
    /// 1-based column, in Unicode code points, where the string starts in its row (after the four tabs).
    public var stringColumn: Int
    /// What the `# expect:` line above the row adds: typed fields, a description, a strict expected failure.
    public var extra: RowExpectation?

    public init(id: String, line: Int, verdict: String, format: String?, present: [String] = [],
                absent: [String] = [], string: String, tags: [String] = [], stringColumn: Int = 1) {
        self.stringColumn = stringColumn
        self.id = id
        self.line = line
        self.verdict = verdict
        self.format = format
        self.present = present
        self.absent = absent
        self.string = string
        self.tags = tags
    }

    /// The row as an expectation, so rows and files are judged by the same code.
    public var expectation: CaseExpectation {
        var parameters = pinsFormat ? ParameterExpectation(format: format) : nil
        if let fields = extra?.fields {
            parameters = ParameterExpectation(format: format, formatPinned: pinsFormat, fields: fields)
        }
        var expectation = CaseExpectation(
            verdict: verdict == "-" ? nil : verdict, tags: tags, description: extra?.description,
            diagnostics: present.isEmpty && absent.isEmpty ? nil
                : DiagnosticExpectation(present: present.map { ExpectedDiagnostic(rule: $0) }, absent: absent),
            parameters: parameters)
        expectation.expectedFailure = extra?.expectedFailure
        return expectation
    }
}

/// The JSON object of a table's `# expect:` line, for the row below it: what a row's columns cannot say.
///
/// ```
/// # expect: {"fields": {"ctaUrl": "https://shop.example.com/"}, "description": "…"}
/// ```
public struct RowExpectation: Sendable, Codable, Hashable {
    /// Typed fields that must have these values (``ParameterExpectation/fields``).
    public var fields: [String: String]?
    public var description: String?
    public var expectedFailure: ExpectedFailure?

    enum CodingKeys: String, CodingKey, CaseIterable { case fields, description, expectedFailure }

    public init(fields: [String: String]? = nil, description: String? = nil, expectedFailure: ExpectedFailure? = nil) {
        self.fields = fields
        self.description = description
        self.expectedFailure = expectedFailure
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "'# expect:' line")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(fields: try container.decodeIfPresent([String: String].self, forKey: .fields),
                  description: try container.decodeIfPresent(String.self, forKey: .description),
                  expectedFailure: try container.decodeIfPresent(ExpectedFailure.self, forKey: .expectedFailure))
    }
}

/// Reads parameter tables (`*.tsv`).
///
/// ```
/// # comment lines start with '#'; '# tags: a, b' tags every row below it
/// id<TAB>verdict<TAB>format<TAB>diagnostics<TAB>string
/// cta-01	accepted	customCTA	-	cta=Shop%20now,url=https://x.example/
/// cta-02	rejected	customCTA	PARAM-duplicate-key,!PARAM-unknown-key	cta=a,cta=b
/// ```
/// - verdict: `accepted` or `rejected`, or `-` when the row pins only diagnostics;
/// - format: the detected format id, `-` for none, or `*` when the row does not pin it;
/// - format: the expected detected format id, or `-` for none;
/// - diagnostics: comma-separated rule ids that must appear, `!ID` for ids that must not, or `-`;
/// - string: everything after the fourth tab, unchanged (it may contain tabs and spaces).
/// A header row whose first column is `id` is skipped.
///
/// `# expect: {json}` adds to the row right below it what the columns cannot say (``RowExpectation``: typed
/// `fields`, a `description`, a strict `expectedFailure`); a line that does not decode, or that no row follows,
/// is a broken entry.
///
/// `# policy: allowed-hosts=example.com; allowed-schemes=https; takeover-schemes=https` sets the URL
/// policy of every row below it (keys as `conform params` spells its options; a key left out keeps its
/// default); `# policy: default` returns to the default policy. A policy line that does not parse is a
/// broken entry, and the rows below it keep the policy before it.
public enum ParameterTable {
    /// A parsed line: a row, or a line that is not a valid row (reported as a broken case).
    public enum Entry: Sendable, Hashable {
        case row(ParameterRow)
        case broken(line: Int, id: String?, message: String)
    }

    public static func parse(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        var seen = Set<String>()
        var tags: [String] = []
        var policy = URLPolicy.default
        var lineNumber = 0
        // The `# expect:` line waiting for its row, with its line.
        var pendingExtra: (line: Int, value: RowExpectation)?
        // "\r\n" is one Character in Swift, so split on both spellings of a line end.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if line.hasPrefix("#") {
                let comment = line.dropFirst().drop { $0 == " " }
                if comment.lowercased().hasPrefix("tags:") {
                    tags = comment.dropFirst(5).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                        .filter { !$0.isEmpty }
                } else if comment.lowercased().hasPrefix("expect:") {
                    if let pending = pendingExtra {
                        entries.append(.broken(line: pending.line, id: nil, message: "'# expect:' line without a row below it"))
                    }
                    do {
                        pendingExtra = (lineNumber, try JSONDecoder().decode(RowExpectation.self, from: Data(comment.dropFirst(7).utf8)))
                    } catch {
                        pendingExtra = nil
                        entries.append(.broken(line: lineNumber, id: nil, message: "invalid '# expect:' line: \(describe(error))"))
                    }
                } else if comment.lowercased().hasPrefix("policy:") {
                    switch parsePolicy(String(comment.dropFirst(7))) {
                    case .success(let parsed): policy = parsed
                    case .failure(let problem):
                        entries.append(.broken(line: lineNumber, id: nil, message: "invalid '# policy:' line: \(problem.message)"))
                    }
                }
                continue
            }
            let columns = line.split(separator: "\t", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            if columns.first == "id" && columns.count >= 2 && columns[1] == "verdict" { continue }
            // An `# expect:` line belongs to the row right below it, whether that row parses or not.
            let extra = pendingExtra?.value
            pendingExtra = nil
            let id = columns.first.flatMap { $0.isEmpty || $0.contains(where: { $0 == " " || $0 == "#" }) ? nil : $0 }
            guard columns.count == 5 else {
                // The row's id is taken, as a good row's would be: two cases must never share one.
                let brokenID = id.map { seen.insert($0).inserted ? $0 : "\($0)@line-\(lineNumber)" }
                entries.append(.broken(line: lineNumber, id: brokenID,
                                       message: "expected 5 tab-separated columns (id, verdict, format, diagnostics, string), found \(columns.count)"))
                continue
            }
            guard let id, !id.contains(where: { $0 == " " || $0 == "#" }) else {
                entries.append(.broken(line: lineNumber, id: nil, message: "row id must be non-empty, without spaces or '#'"))
                continue
            }
            guard seen.insert(id).inserted else {
                entries.append(.broken(line: lineNumber, id: "\(id)@line-\(lineNumber)", message: "duplicate row id '\(id)'"))
                continue
            }
            let verdict = columns[1]
            guard verdict == Verdict.accepted || verdict == Verdict.rejected || verdict == "-" else {
                entries.append(.broken(line: lineNumber, id: id, message: "verdict must be 'accepted', 'rejected' or '-', found '\(verdict)'"))
                continue
            }
            let format = columns[2] == "-" || columns[2].isEmpty ? nil : columns[2]
            let pinsFormat = columns[2] != "*"
            var present: [String] = []
            var absent: [String] = []
            if columns[3] != "-" && !columns[3].isEmpty {
                for item in columns[3].split(separator: ",") {
                    let ruleID = item.trimmingCharacters(in: .whitespaces)
                    if ruleID.hasPrefix("!") { absent.append(String(ruleID.dropFirst())) } else if !ruleID.isEmpty { present.append(ruleID) }
                }
            }
            var row = ParameterRow(id: id, line: lineNumber, verdict: verdict, format: format,
                                   present: present, absent: absent, string: columns[4], tags: tags,
                                   stringColumn: columns[0..<4].reduce(5) { $0 + $1.unicodeScalars.count })
            row.pinsFormat = pinsFormat
            row.policy = policy
            row.extra = extra
            entries.append(.row(row))
        }
        if let pending = pendingExtra {
            entries.append(.broken(line: pending.line, id: nil, message: "'# expect:' line without a row below it"))
        }
        return entries
    }

    /// Why a `# policy:` line does not parse.
    public struct PolicyProblem: Error, Sendable, Hashable {
        public var message: String
    }

    /// The keys a `# policy:` line understands, as `conform params` spells its options.
    public static let policyKeys = ["allowed-schemes", "allowed-hosts", "takeover-schemes"]

    /// Parses the text after `# policy:`: `default`, or `key=a,b` settings separated by `;`.
    public static func parsePolicy(_ text: String) -> Result<URLPolicy, PolicyProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "default" { return .success(.default) }
        var policy = URLPolicy.default
        var seen = Set<String>()
        for setting in trimmed.split(separator: ";") {
            let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            guard parts.count == 2, policyKeys.contains(key) else {
                return .failure(PolicyProblem(message:
                    "'\(setting.trimmingCharacters(in: .whitespaces))' is not key=value with a key of \(policyKeys.joined(separator: ", ")) (or 'default')"))
            }
            guard seen.insert(key).inserted else {
                return .failure(PolicyProblem(message: "\(key) is set twice"))
            }
            let values = Set(parts[1].split(separator: ",").map { item -> String in
                let value = item.trimmingCharacters(in: .whitespaces).lowercased()
                return value.hasSuffix(":") ? String(value.dropLast()) : value
            }.filter { !$0.isEmpty })
            guard !values.isEmpty else {
                return .failure(PolicyProblem(message: "\(key) needs at least one value"))
            }
            switch key {
            case "allowed-schemes": policy.allowedSchemes = values
            case "allowed-hosts": policy.allowedHosts = values
            default: policy.takeoverSchemes = values
            }
        }
        guard !seen.isEmpty else {
            return .failure(PolicyProblem(message: "no setting (write key=value pairs separated by ';', or 'default')"))
        }
        return .success(policy)
    }
}
