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
    /// A strict expected failure: the expectation is deliberately wrong, and the run must report exactly
    /// these mismatches (no more, no fewer); see ``ExpectedFailure``.
    public var expectedFailure: ExpectedFailure?
    /// A meta case's nested run: its totals, exit status and report counts (see ``RunExpectation``).
    public var run: RunExpectation?

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
        case version, verdict, tags, description, diagnostics, tracking, chain, parameters, profiles, limits, schema, expectedFailure, run
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
        expectedFailure = try container.decodeIfPresent(ExpectedFailure.self, forKey: .expectedFailure)
        run = try container.decodeIfPresent(RunExpectation.self, forKey: .run)
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
    /// The exact, ordered Error URLs a player fires when the chain stops, as it requests them: `[ERRORCODE]`
    /// filled with the stop's code, every other macro with its sample value (an InLine fires none: `[]`).
    public var errorURLs: [String]?

    public init(stopReason: String? = nil, errorCode: Int? = nil, hops: Int? = nil, uris: [String]? = nil,
                errorURLs: [String]? = nil) {
        self.stopReason = stopReason
        self.errorCode = errorCode
        self.hops = hops
        self.uris = uris
        self.errorURLs = errorURLs
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case stopReason, errorCode, hops, uris, errorURLs }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "chain")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stopReason = try container.decodeIfPresent(String.self, forKey: .stopReason)
        errorCode = try container.decodeIfPresent(Int.self, forKey: .errorCode)
        hops = try container.decodeIfPresent(Int.self, forKey: .hops)
        uris = try container.decodeIfPresent([String].self, forKey: .uris)
        errorURLs = try container.decodeIfPresent([String].self, forKey: .errorURLs)
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
/// `conform check --profile-option`), and leaves the verdict unpinned when `verdict` is absent. The object form
/// may also pin the numbers and choices the profile settled on, each compared exactly: `breaks` (schedule and
/// SSAI), `eligible` and `causes` (pause), `companion` and `fallback` (companion); see ``ProfileFacts``.
public struct ProfileRequest: Sendable, Codable, Hashable, ExpressibleByStringLiteral {
    /// The verdict in words the profile must give, or `nil` to leave it unpinned.
    public var verdict: String?
    /// `key=value` profile options, applied in order to the defaults.
    public var options: [String]
    /// The facts pinned: every field that is set (``ProfileFacts/pinsCompanion`` for `companion`) must equal
    /// the profile's own, exactly.
    public var facts: ProfileFacts

    public init(verdict: String? = nil, options: [String] = [], facts: ProfileFacts = ProfileFacts()) {
        self.verdict = verdict
        self.options = options
        self.facts = facts
    }

    public init(stringLiteral value: String) {
        self.init(verdict: value)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case verdict, options, breaks, eligible, causes, companion, fallback, asset, events }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let verdict = try? single.decode(String.self) {
            self.init(verdict: verdict)
            return
        }
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "profiles entry")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var facts = ProfileFacts()
        facts.breaks = try container.decodeIfPresent([BreakFact].self, forKey: .breaks)
        facts.eligible = try container.decodeIfPresent(Bool.self, forKey: .eligible)
        facts.causes = try container.decodeIfPresent([String].self, forKey: .causes)
        facts.pinsCompanion = container.contains(.companion)
        facts.companion = try container.decodeIfPresent(CompanionFact.self, forKey: .companion)
        facts.fallback = try container.decodeIfPresent(String.self, forKey: .fallback)
        facts.asset = try container.decodeIfPresent(String.self, forKey: .asset)
        facts.events = try container.decodeIfPresent([String].self, forKey: .events)
        self.init(verdict: try container.decodeIfPresent(String.self, forKey: .verdict),
                  options: try container.decodeIfPresent([String].self, forKey: .options) ?? [], facts: facts)
    }

    public func encode(to encoder: any Encoder) throws {
        if let verdict, options.isEmpty, facts == ProfileFacts() {
            var single = encoder.singleValueContainer()
            try single.encode(verdict)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(verdict, forKey: .verdict)
        if !options.isEmpty { try container.encode(options, forKey: .options) }
        try container.encodeIfPresent(facts.breaks, forKey: .breaks)
        try container.encodeIfPresent(facts.eligible, forKey: .eligible)
        try container.encodeIfPresent(facts.causes, forKey: .causes)
        if facts.pinsCompanion { try container.encode(facts.companion, forKey: .companion) }
        try container.encodeIfPresent(facts.fallback, forKey: .fallback)
        try container.encodeIfPresent(facts.asset, forKey: .asset)
        try container.encodeIfPresent(facts.events, forKey: .events)
    }
}

/// The numbers and choices a profile settled on, beside its verdict in words: what a profile evaluator
/// reports (``ProfileOutcome/facts``) and what an expectation pins (``ProfileRequest/facts``). A field that
/// does not apply to a profile is `nil`.
public struct ProfileFacts: Sendable, Hashable {
    /// Schedule: every break that plays, in play order (`timeMs`, `kind`, `occurrence`). SSAI: every ad break,
    /// in order (`timeMs`, `ads`).
    public var breaks: [BreakFact]?
    /// Pause, screensaver, overlay, squeezeback, in-scene: whether the ad shows.
    public var eligible: Bool?
    /// Pause: why it does not show, one cause per reason in the order found (`no-ad`, `no-inline-or-wrapper`,
    /// `wrapper-unresolved`, `no-nonlinear`, `nonlinear-api-framework`, `creative-api-framework`,
    /// `no-static-image`, `not-vast`); `[]` when eligible.
    public var causes: [String]?
    /// Companion: the `<Companion>` the first ad shows in the native slot, or `nil` when none.
    public var companion: CompanionFact?
    /// Whether `companion` is a fact (an expectation that pins `"companion": null` pins "no companion").
    public var pinsCompanion: Bool
    /// Companion: the fallback the first ad took (`none`: an in-house format shows; `standard-slot`: the
    /// native slot shows a companion; `no-matching-companion`: the slot has no companion of its size;
    /// `no-native-slot`: no slot to fall back to; `no-ad`: no InLine ad to present).
    public var fallback: String?
    /// Screensaver, overlay, squeezeback, in-scene: the kind of asset shown (`interactive`, `video`, `image`),
    /// `none` when not eligible.
    public var asset: String?
    /// Screensaver, overlay, squeezeback, in-scene: the tracking events the player fires, in report order.
    public var events: [String]?

    public init(breaks: [BreakFact]? = nil, eligible: Bool? = nil, causes: [String]? = nil,
                companion: CompanionFact? = nil, pinsCompanion: Bool = false, fallback: String? = nil,
                asset: String? = nil, events: [String]? = nil) {
        self.asset = asset
        self.events = events
        self.breaks = breaks
        self.eligible = eligible
        self.causes = causes
        self.companion = companion
        self.pinsCompanion = pinsCompanion
        self.fallback = fallback
    }
}

/// One break of a schedule or of an SSAI model. Every field is compared: a field left out of an expected
/// break pins "none" (`"ads"` left out of a schedule break, `"skipOffsetMs"` of an ad that cannot be skipped).
public struct BreakFact: Sendable, Codable, Hashable, CustomStringConvertible {
    /// Absolute content (schedule) or stream (SSAI) time in milliseconds; `nil` when unknown (a post-roll of
    /// content of unknown length, an offset that does not resolve).
    public var timeMs: Int?
    /// Schedule: `pre-roll`, `mid-roll` or `post-roll`.
    public var kind: String?
    /// Schedule: 1 for the break itself, 2 and up for its `repeatAfter` repetitions.
    public var occurrence: Int?
    /// SSAI: the break's ads, in order.
    public var ads: [AdFact]?

    public init(timeMs: Int? = nil, kind: String? = nil, occurrence: Int? = nil, ads: [AdFact]? = nil) {
        self.timeMs = timeMs
        self.kind = kind
        self.occurrence = occurrence
        self.ads = ads
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case timeMs, kind, occurrence, ads }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "breaks[]")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(timeMs: try container.decodeIfPresent(Int.self, forKey: .timeMs),
                  kind: try container.decodeIfPresent(String.self, forKey: .kind),
                  occurrence: try container.decodeIfPresent(Int.self, forKey: .occurrence),
                  ads: try container.decodeIfPresent([AdFact].self, forKey: .ads))
    }

    /// `75000 ms mid-roll #2`, `0 ms [ad a1 30000 ms skip 5000 ms]`.
    public var description: String {
        var parts = [timeMs.map { "\($0) ms" } ?? "unknown time"]
        if let kind { parts.append(kind) }
        if let occurrence { parts.append("#\(occurrence)") }
        if let ads { parts.append("[" + ads.map(\.description).joined(separator: ", ") + "]") }
        return parts.joined(separator: " ")
    }
}

/// One ad of an SSAI break.
public struct AdFact: Sendable, Codable, Hashable, CustomStringConvertible {
    /// `Ad@id`, else the Creative's `id`.
    public var id: String?
    /// Duration in milliseconds, `nil` when it cannot be derived.
    public var durationMs: Int?
    /// Milliseconds after the ad starts when it becomes skippable; `nil` when it cannot be skipped.
    public var skipOffsetMs: Int?

    public init(id: String? = nil, durationMs: Int? = nil, skipOffsetMs: Int? = nil) {
        self.id = id
        self.durationMs = durationMs
        self.skipOffsetMs = skipOffsetMs
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case id, durationMs, skipOffsetMs }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "ads[]")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decodeIfPresent(String.self, forKey: .id),
                  durationMs: try container.decodeIfPresent(Int.self, forKey: .durationMs),
                  skipOffsetMs: try container.decodeIfPresent(Int.self, forKey: .skipOffsetMs))
    }

    /// `ad a1 30000 ms skip 5000 ms`
    public var description: String {
        "ad \(id ?? "-") " + (durationMs.map { "\($0) ms" } ?? "no duration") + (skipOffsetMs.map { " skip \($0) ms" } ?? " no skip")
    }
}

/// The companion a presentation shows in its native slot.
public struct CompanionFact: Sendable, Codable, Hashable, CustomStringConvertible {
    /// `Companion@id`, if any.
    public var id: String?
    /// `WxH`.
    public var size: String

    public init(id: String?, size: String) {
        self.id = id
        self.size = size
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case id, size }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "companion")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decodeIfPresent(String.self, forKey: .id), size: try container.decode(String.self, forKey: .size))
    }

    /// `320x50 id=c1`
    public var description: String { size + (id.map { " id=\($0)" } ?? "") }
}

/// A strict expected failure: a case whose expectation is deliberately wrong, so that the judge itself is
/// tested. The run must report exactly `unmet` (the same checks, expected and actual words, as many times,
/// in any order) and nothing else; the case then passes, marked as an expected failure. When a listed
/// mismatch is not reported, or another one is, the case fails.
public struct ExpectedFailure: Sendable, Codable, Hashable {
    /// Why the expectation is wrong, in words (shown in reports).
    public var reason: String
    /// The mismatches the run must report.
    public var unmet: [ExpectedMismatch]

    public init(reason: String, unmet: [ExpectedMismatch]) {
        self.reason = reason
        self.unmet = unmet
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case reason, unmet }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "expectedFailure")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reason = try container.decode(String.self, forKey: .reason)
        unmet = try container.decode([ExpectedMismatch].self, forKey: .unmet)
        if unmet.isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .unmet, in: container,
                                                   debugDescription: "an expected failure names at least one mismatch")
        }
    }
}

/// One mismatch an expected failure must produce: an unmet expectation's check and its words.
public struct ExpectedMismatch: Sendable, Codable, Hashable, Comparable, CustomStringConvertible {
    public var check: CheckName
    public var expected: String
    public var actual: String

    public init(check: CheckName, expected: String, actual: String) {
        self.check = check
        self.expected = expected
        self.actual = actual
    }

    public init(_ unmet: UnmetExpectation) {
        self.init(check: unmet.check, expected: unmet.expected, actual: unmet.actual)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case check, expected, actual }

    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue), in: "expectedFailure.unmet[]")
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(check: try container.decode(CheckName.self, forKey: .check),
                  expected: try container.decode(String.self, forKey: .expected),
                  actual: try container.decode(String.self, forKey: .actual))
    }

    public static func < (lhs: ExpectedMismatch, rhs: ExpectedMismatch) -> Bool {
        (lhs.check.rawValue, lhs.expected, lhs.actual) < (rhs.check.rawValue, rhs.expected, rhs.actual)
    }

    /// `tracking: expected start: [a], got start: [a, b]`
    public var description: String { "\(check.rawValue): expected \(expected), got \(actual)" }
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
