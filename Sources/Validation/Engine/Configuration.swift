import ConformCore
import Foundation

/// A per-rule setting from the configuration file.
public enum RuleSetting: String, Sendable, Codable, Hashable, CaseIterable {
    case off, info, warning, error

    public var severity: Severity? {
        switch self {
        case .off: nil
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}

/// The contents of `.conform.json`: versioned JSON where a missing key means the default.
///
/// ```json
/// {"version": 1, "rules": {"VAST-2.0-url-http": "off"}, "allowedURLSchemes": ["https", "http"], "customMacros": ["AD_MT"],
///  "inlineDirectives": true}
/// ```
public struct Configuration: Sendable, Codable, Hashable {
    /// The newest file format this build understands.
    public static let currentVersion = 1
    public static let fileName = ".conform.json"
    public static let `default` = Configuration()

    public var version: Int
    /// Rule id → severity override or `off`.
    public var rules: [String: RuleSetting] {
        didSet { settingByOrdinal = Self.ordinalTable(rules) }
    }
    /// `rules` by each registered rule's place in ``AllRules/types`` (empty when `rules` is), kept in step
    /// with it so a validation reads a rule's setting by its place instead of hashing ids per input.
    private(set) var settingByOrdinal: [RuleSetting?]
    /// URL schemes accepted in tags without a finding (default: https and http; http still warns).
    public var allowedURLSchemes: [String] {
        didSet { allowedSchemeSet = Self.schemeSet(allowedURLSchemes) }
    }
    /// `allowedURLSchemes` lower-cased, kept in step with it so rules do not rebuild it per input.
    public private(set) var allowedSchemeSet: Set<String>
    /// Wrapper depth limit used by chain checks (default 5, as the spec recommends).
    public var maxWrapperDepth: Int
    /// Macro names outside the IAB list that the project's ad servers or players fill (`AD_MT` for `[AD_MT]`,
    /// `CACHEBUSTER` for `%%CACHEBUSTER%%`): the unknown-macro and unexpanded-macro rules leave them alone.
    public var customMacros: [String] {
        didSet { customMacroSet = Set(customMacros) }
    }
    /// `customMacros` for look-ups, kept in step with it.
    public private(set) var customMacroSet: Set<String>
    /// Whether directive comments in tags (`<!-- conform-disable … -->`) switch findings off (default: yes). Off,
    /// every finding is reported and the directives themselves are not checked.
    public var inlineDirectives: Bool

    public init(version: Int = Configuration.currentVersion, rules: [String: RuleSetting] = [:],
                allowedURLSchemes: [String] = ["https", "http"], maxWrapperDepth: Int = 5, customMacros: [String] = [],
                inlineDirectives: Bool = true) {
        self.version = version
        self.rules = rules
        self.settingByOrdinal = Self.ordinalTable(rules)
        self.allowedURLSchemes = allowedURLSchemes
        self.allowedSchemeSet = Self.schemeSet(allowedURLSchemes)
        self.maxWrapperDepth = maxWrapperDepth
        self.customMacros = customMacros
        self.customMacroSet = Set(customMacros)
        self.inlineDirectives = inlineDirectives
    }

    private static func schemeSet(_ schemes: [String]) -> Set<String> { Set(schemes.map { $0.lowercased() }) }

    private static func ordinalTable(_ rules: [String: RuleSetting]) -> [RuleSetting?] {
        guard !rules.isEmpty else { return [] }
        var table = [RuleSetting?](repeating: nil, count: AllRules.types.count)
        for (id, setting) in rules {
            if let ordinal = AllRules.ordinal(of: id) { table[ordinal] = setting }
        }
        return table
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case version, rules, allowedURLSchemes, maxWrapperDepth, customMacros, inlineDirectives }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        rules = try c.decodeIfPresent([String: RuleSetting].self, forKey: .rules) ?? [:]
        settingByOrdinal = Self.ordinalTable(rules)
        allowedURLSchemes = try c.decodeIfPresent([String].self, forKey: .allowedURLSchemes) ?? ["https", "http"]
        allowedSchemeSet = Self.schemeSet(allowedURLSchemes)
        maxWrapperDepth = try c.decodeIfPresent(Int.self, forKey: .maxWrapperDepth) ?? 5
        customMacros = try c.decodeIfPresent([String].self, forKey: .customMacros) ?? []
        customMacroSet = Set(customMacros)
        inlineDirectives = try c.decodeIfPresent(Bool.self, forKey: .inlineDirectives) ?? true
    }

    /// Parses a configuration file's bytes. Returns the configuration and warnings (such as unknown
    /// rule ids); throws a readable error for malformed JSON or a newer format version.
    /// `aliases` maps the former ids of renamed or merged rules to their current ids; a setting under a former
    /// id applies to the current one (unless the file also sets the current id) and warns.
    public static func parse(_ data: Data, knownRuleIDs: Set<String>,
                             aliases: [String: String] = [:]) throws(ConfigurationError) -> (Configuration, [String]) {
        let configuration: Configuration
        do {
            configuration = try JSONDecoder().decode(Configuration.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(Self.describe(error))
        } catch {
            throw .malformed("\(error)")
        }
        guard configuration.version >= 1 else { throw .malformed("\"version\" must be 1 or higher") }
        guard configuration.version <= currentVersion else {
            throw .unsupportedVersion(configuration.version, supported: currentVersion)
        }
        guard configuration.maxWrapperDepth >= 0 else { throw .malformed("\"maxWrapperDepth\" must not be negative") }
        for name in configuration.customMacros where !Self.isMacroName(name) {
            throw .malformed("\"customMacros\" holds \"\(name)\"; write the bare name, letters, digits and _ only (AD_MT for [AD_MT])")
        }
        var warnings: [String] = []
        // Keys this version does not read are most likely misspelt: said, not silently dropped.
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            let known = CodingKeys.allCases.map(\.rawValue)
            for key in object.keys.sorted() where !known.contains(key) && key != "$schema" {
                let close = known.first { $0.lowercased() == key.lowercased() }
                warnings.append("unknown key \"\(key)\" in configuration (ignored)" + (close.map { "; did you mean \"\($0)\"?" } ?? "")
                                + "; known keys: \(known.joined(separator: ", "))")
            }
        }
        var rules: [String: RuleSetting] = [:]
        // Patterns first, the least specific first, so a narrower pattern and then an exact id win over it.
        let patterns = configuration.rules.keys.filter(Self.isPattern).sorted {
            (Self.literalCount($0), $0) < (Self.literalCount($1), $1)
        }
        let sortedIDs = knownRuleIDs.sorted()
        for pattern in patterns {
            let setting = configuration.rules[pattern]!
            let matched = sortedIDs.filter { Self.matches(pattern, $0) }
            if matched.isEmpty {
                warnings.append("rule pattern \"\(pattern)\" in configuration matches no rule (ignored); run 'conform rules' for the list")
            }
            for id in matched { rules[id] = setting }
        }
        for (id, setting) in configuration.rules where !Self.isPattern(id) {
            if let current = aliases[id], !knownRuleIDs.contains(id) {
                warnings.append("rule id \"\(id)\" in configuration is now \"\(current)\" (applied to it); rename it")
                if configuration.rules[current] == nil { rules[current] = setting }
                continue
            }
            rules[id] = setting
            if !knownRuleIDs.contains(id) {
                warnings.append("unknown rule id \"\(id)\" in configuration (ignored); run 'conform rules' for the list")
            }
        }
        warnings.sort()
        var resolved = configuration
        resolved.rules = rules
        return (resolved, warnings)
    }

    /// A macro name as `customMacros` takes it: letters, digits and `_`, without brackets or percent signs.
    static func isMacroName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// Whether a key of `rules` is a pattern of rule ids: `*` stands for any run of characters
    /// (`VAST-2.0-url-*`, `*-deprecated`, `PROFILE-pause-*`).
    public static func isPattern(_ key: String) -> Bool { key.contains("*") }

    /// Whether `id` matches `pattern`, where `*` stands for any run of characters (none included) and every
    /// other character for itself, case and all.
    public static func matches(_ pattern: String, _ id: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == id }
        var rest = Substring(id)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        let last = parts[parts.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }

    private static func literalCount(_ pattern: String) -> Int { pattern.count - pattern.count { $0 == "*" } }

    /// Sets every rule of `ruleIDs` that `pattern` names (an id, or a pattern with `*`) to `setting`, over
    /// what was set before: the command line's `--rule`, applied after the file. Returns the ids it set,
    /// sorted; none when nothing matched.
    @discardableResult
    public mutating func set(_ pattern: String, to setting: RuleSetting, among ruleIDs: some Sequence<String>) -> [String] {
        let matched = ruleIDs.filter { Self.matches(pattern, $0) }.sorted()
        guard !matched.isEmpty else { return [] }
        var updated = rules
        for id in matched { updated[id] = setting }
        rules = updated
        return matched
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            return "not valid JSON (\(context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription))"
        case .keyNotFound(let key, _):
            return "missing key \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "wrong value at \"\(path)\": \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// Applies the per-rule settings: drops rules set to `off`, rewrites severities.
    public func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !rules.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard let setting = rules[diagnostic.ruleID] else { return diagnostic }
            guard let severity = setting.severity else { return nil }
            var copy = diagnostic
            copy.severity = severity
            return copy
        }
    }
}

/// Why a configuration could not be used.
public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case unsupportedVersion(Int, supported: Int)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .malformed(let why): "malformed configuration: \(why)"
        case .unsupportedVersion(let v, let supported):
            "configuration version \(v) is newer than this conform supports (\(supported)); upgrade conform"
        case .unreadable(let path, let reason): "cannot read configuration \(path): \(reason)"
        }
    }
}
