import ConformCore
import Foundation

/// What a corpus case must produce: its verdict, the diagnostics that must and must not appear, and
/// optional pins on tracking URLs, the chain's outcome, the detected parameter format and profile
/// verdicts. Written by hand as `<case>.expect.json` (or inside `chain.json`, or as a row of a
/// parameter table) and decoded strictly: an unknown key is an error, so a typo never silently
/// weakens a case.
public struct CaseExpectation: Sendable, Codable, Hashable {
    /// The expectation format this value follows. Only version 1 exists.
    public static let currentVersion = 1

    public var version: Int
    /// `valid`, `invalid`, `malformed` (documents), `accepted`, `rejected` (parameter strings),
    /// `resolved`, `unresolved` (chains); `nil` leaves the verdict unpinned.
    public var verdict: String?
    /// Free-form labels for `--tag` filtering.
    public var tags: [String]
    /// What the case is about, in words (shown in reports).
    public var description: String?
    public var diagnostics: DiagnosticExpectation?
    /// Event name → the exact, ordered list of tracking URLs (`impression`, `error`, `clickThrough`,
    /// `clickTracking`, `start`, `complete`, ...). Only the events named here are compared.
    public var tracking: [String: [String]]?
    public var chain: ChainExpectation?
    public var parameters: ParameterExpectation?
    /// Profile name → what to evaluate and, optionally, the verdict in words it must give. Naming a
    /// profile evaluates it; its findings (`PROFILE-…`) join the case's diagnostics.
    public var profiles: [String: ProfileRequest]?
    /// Resource bounds for hostile inputs.
    public var limits: LimitExpectation?
    /// An XML Schema (path relative to the case file) the document is also validated against, as
    /// `conform check --xsd` does; its findings join the diagnostics.
    public var schema: String?

    public init(version: Int = CaseExpectation.currentVersion, verdict: String? = nil, tags: [String] = [],
                description: String? = nil, diagnostics: DiagnosticExpectation? = nil,
                tracking: [String: [String]]? = nil, chain: ChainExpectation? = nil,
                parameters: ParameterExpectation? = nil, profiles: [String: ProfileRequest]? = nil,
                limits: LimitExpectation? = nil) {
        self.version = version
        self.verdict = verdict
        self.tags = tags
        self.description = description
        self.diagnostics = diagnostics
        self.tracking = tracking
        self.chain = chain
        self.parameters = parameters
        self.profiles = profiles
        self.limits = limits
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case version, verdict, tags, description, diagnostics, tracking, chain, parameters, profiles, limits, schema
    }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "expectation")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version == Self.currentVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "expectation version \(version) is not supported (this conform reads version \(Self.currentVersion))")
        }
        verdict = try container.decodeIfPresent(String.self, forKey: .verdict)
        if let verdict, !Verdict.all.contains(verdict) {
            throw DecodingError.dataCorruptedError(
                forKey: .verdict, in: container,
                debugDescription: "unknown verdict '\(verdict)' (values: \(Verdict.all.joined(separator: ", ")))")
        }
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        description = try container.decodeIfPresent(String.self, forKey: .description)
        diagnostics = try container.decodeIfPresent(DiagnosticExpectation.self, forKey: .diagnostics)
        tracking = try container.decodeIfPresent([String: [String]].self, forKey: .tracking)
        chain = try container.decodeIfPresent(ChainExpectation.self, forKey: .chain)
        parameters = try container.decodeIfPresent(ParameterExpectation.self, forKey: .parameters)
        profiles = try container.decodeIfPresent([String: ProfileRequest].self, forKey: .profiles)
        limits = try container.decodeIfPresent(LimitExpectation.self, forKey: .limits)
        schema = try container.decodeIfPresent(String.self, forKey: .schema)
    }

    /// Decodes an expectation from JSON bytes, turning Foundation's decoding errors into one readable
    /// ``ConformanceError/malformedExpectation(file:reason:)``.
    public static func decode(_ data: Data, file: String) throws(ConformanceError) -> CaseExpectation {
        do {
            return try JSONDecoder().decode(CaseExpectation.self, from: data)
        } catch {
            throw .malformedExpectation(file: file, reason: describe(error))
        }
    }
}

/// The verdict vocabulary.
public enum Verdict {
    /// A well-formed document with no error-level diagnostic (warnings allowed).
    public static let valid = "valid"
    /// A well-formed document with at least one error-level diagnostic.
    public static let invalid = "invalid"
    /// Not well-formed XML (including namespace errors).
    public static let malformed = "malformed"
    /// A parameter string the trafficking checks accept.
    public static let accepted = "accepted"
    /// A parameter string the trafficking checks reject.
    public static let rejected = "rejected"
    /// A wrapper chain that reached an InLine.
    public static let resolved = "resolved"
    /// A wrapper chain that stopped before an InLine.
    public static let unresolved = "unresolved"

    public static let all = [valid, invalid, malformed, accepted, rejected, resolved, unresolved]
}

/// The diagnostics a case must and must not produce.
public struct DiagnosticExpectation: Sendable, Codable, Hashable {
    /// Each entry must be matched by at least one diagnostic (one diagnostic may match several entries).
    public var present: [ExpectedDiagnostic]
    /// Rule ids that must not fire at all.
    public var absent: [String]
    /// When true, no rule outside `present` may fire at error or warning level.
    public var exhaustive: Bool

    public init(present: [ExpectedDiagnostic] = [], absent: [String] = [], exhaustive: Bool = false) {
        self.present = present
        self.absent = absent
        self.exhaustive = exhaustive
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case present, absent, exhaustive }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "diagnostics")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        present = try container.decodeIfPresent([ExpectedDiagnostic].self, forKey: .present) ?? []
        absent = try container.decodeIfPresent([String].self, forKey: .absent) ?? []
        exhaustive = try container.decodeIfPresent(Bool.self, forKey: .exhaustive) ?? false
    }
}

/// One diagnostic that must appear. Either a bare rule id (`"XML-not-well-formed"`) or an object
/// `{"rule": "ID", "line": 3, "column": 5, "severity": "error"}`.
public struct ExpectedDiagnostic: Sendable, Codable, Hashable, CustomStringConvertible {
    public var rule: String
    /// 1-based line, when pinned.
    public var line: Int?
    /// 1-based column (characters), when pinned; needs `line`.
    public var column: Int?
    public var severity: Severity?

    public init(rule: String, line: Int? = nil, column: Int? = nil, severity: Severity? = nil) {
        self.rule = rule
        self.line = line
        self.column = column
        self.severity = severity
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case rule, line, column, severity }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let rule = try? single.decode(String.self) {
            self.init(rule: rule)
            return
        }
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "diagnostics.present[]")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let line = try container.decodeIfPresent(Int.self, forKey: .line)
        let column = try container.decodeIfPresent(Int.self, forKey: .column)
        if column != nil && line == nil {
            throw DecodingError.dataCorruptedError(forKey: .column, in: container, debugDescription: "column needs line")
        }
        self.init(rule: try container.decode(String.self, forKey: .rule), line: line, column: column,
                  severity: try container.decodeIfPresent(Severity.self, forKey: .severity))
    }

    /// True when `diagnostic` satisfies this entry.
    public func matches(_ diagnostic: Diagnostic) -> Bool {
        guard diagnostic.ruleID == rule else { return false }
        if let severity, diagnostic.severity != severity { return false }
        if let line, diagnostic.position?.line != line { return false }
        if let column, diagnostic.position?.column != column { return false }
        return true
    }

    /// `rule ID at line 3, column 5 (error)`
    public var description: String {
        var text = "diagnostic \(rule)"
        if let line { text += " at line \(line)" }
        if let column { text += ", column \(column)" }
        if let severity { text += " (\(severity.rawValue))" }
        return text
    }
}

/// What a wrapper chain must do.
public struct ChainExpectation: Sendable, Codable, Hashable {
    /// Why resolution stopped: `inline` (success), `depth-exceeded`, `loop`, `no-ad`,
    /// `fetch-failed`, ... (the chain resolver's vocabulary).
    public var stopReason: String?
    /// The IAB VAST error code the chain would report (for example 302 for depth, 303 for no ad).
    public var errorCode: Int?
    /// Number of hops, the root included, and a final failed hop included.
    public var hops: Int?
    /// The exact URIs visited, root first.
    public var uris: [String]?

    public init(stopReason: String? = nil, errorCode: Int? = nil, hops: Int? = nil, uris: [String]? = nil) {
        self.stopReason = stopReason
        self.errorCode = errorCode
        self.hops = hops
        self.uris = uris
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case stopReason, errorCode, hops, uris }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "chain")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stopReason = try container.decodeIfPresent(String.self, forKey: .stopReason)
        errorCode = try container.decodeIfPresent(Int.self, forKey: .errorCode)
        hops = try container.decodeIfPresent(Int.self, forKey: .hops)
        uris = try container.decodeIfPresent([String].self, forKey: .uris)
    }
}

/// What a parameter string must be detected as.
public struct ParameterExpectation: Sendable, Codable, Hashable {
    /// The detected format id (`customCTA`, `carousel`, `takeover.inVideo`, ...); `"-"` or `nil` pins
    /// "no format detected" only when `formatPinned` is true.
    public var format: String?
    /// Whether `format` is compared (a table's `-` column pins "none").
    public var formatPinned: Bool
    /// Typed fields that must have these values (field name → value in words).
    public var fields: [String: String]?

    public init(format: String?, formatPinned: Bool = true, fields: [String: String]? = nil) {
        self.format = format
        self.formatPinned = formatPinned
        self.fields = fields
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case format, fields }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "parameters")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatPinned = container.contains(.format)
        let raw = try container.decodeIfPresent(String.self, forKey: .format)
        format = raw == "-" ? nil : raw
        fields = try container.decodeIfPresent([String: String].self, forKey: .fields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if formatPinned { try container.encode(format ?? "-", forKey: .format) }
        try container.encodeIfPresent(fields, forKey: .fields)
    }
}

/// One profile a case asks for: `"pause": "eligible: …"` pins the verdict; the object form
/// `{"verdict": "…", "options": ["duration=600"]}` also sets the profile's `key=value` options (those of
/// `conform check --profile-option`), and leaves the verdict unpinned when `verdict` is absent.
public struct ProfileRequest: Sendable, Codable, Hashable, ExpressibleByStringLiteral {
    /// The verdict in words the profile must give, or `nil` to leave it unpinned.
    public var verdict: String?
    /// `key=value` profile options, applied in order to the defaults.
    public var options: [String]

    public init(verdict: String? = nil, options: [String] = []) {
        self.verdict = verdict
        self.options = options
    }

    public init(stringLiteral value: String) {
        self.init(verdict: value)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case verdict, options }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let verdict = try? single.decode(String.self) {
            self.init(verdict: verdict)
            return
        }
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "profiles entry")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(verdict: try container.decodeIfPresent(String.self, forKey: .verdict),
                  options: try container.decodeIfPresent([String].self, forKey: .options) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        if let verdict, options.isEmpty {
            var single = encoder.singleValueContainer()
            try single.encode(verdict)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(verdict, forKey: .verdict)
        if !options.isEmpty { try container.encode(options, forKey: .options) }
    }
}

/// Resource bounds a hostile case must stay within.
public struct LimitExpectation: Sendable, Codable, Hashable {
    /// Wall time of the whole case, in milliseconds.
    public var maxMilliseconds: Double?

    public init(maxMilliseconds: Double? = nil) {
        self.maxMilliseconds = maxMilliseconds
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case maxMilliseconds }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "limits")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        maxMilliseconds = try container.decodeIfPresent(Double.self, forKey: .maxMilliseconds)
        if let maxMilliseconds, !(maxMilliseconds >= 0) {
            throw DecodingError.dataCorruptedError(forKey: .maxMilliseconds, in: container, debugDescription: "maxMilliseconds must not be negative")
        }
    }
}

// MARK: - Strict decoding

struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

/// Throws when the object at `decoder` has a key outside `known`, naming the key and the allowed ones.
func rejectUnknownKeys(_ decoder: any Decoder, known: [String], in object: String) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
    guard let first = unknown.first else { return }
    throw DecodingError.dataCorrupted(DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription: "unknown key '\(first)' in \(object) (allowed: \(known.joined(separator: ", ")))"))
}

/// A one-line description of a decoding error with its JSON path.
func describe(_ error: any Error) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.isEmpty ? "top level" : String(text.drop { $0 == "." })
    }
    switch error {
    case DecodingError.dataCorrupted(let context):
        if let underlying = context.underlyingError as NSError? {
            return "not valid JSON: \(underlying.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription)"
        }
        return "\(context.debugDescription) (at \(path(context.codingPath)))"
    case DecodingError.keyNotFound(let key, let context):
        return "missing key '\(key.stringValue)' (at \(path(context.codingPath)))"
    case DecodingError.typeMismatch(let type, let context):
        return "wrong type at \(path(context.codingPath)): expected \(type)"
    case DecodingError.valueNotFound(let type, let context):
        return "missing value at \(path(context.codingPath)): expected \(type)"
    default:
        return "\(error)"
    }
}
