import ConformCore
import Foundation

/// A per-rule setting from the configuration file.
public enum RuleSetting: String, Sendable, Codable, Hashable, CaseIterable {
    case off, info, warning, error

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        guard let setting = RuleSetting(rawValue: raw) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(raw)\" is not a rule setting (values: \(Self.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = setting
    }

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
    /// Settings for some files only (`"overrides": [{"files": ["legacy/**"], "rules": {…}}]`), applied in order
    /// over the rest by ``resolved(forFile:)``. Their `files` patterns are relative to ``baseDirectory``.
    public var overrides: [Override]
    /// The folder the configuration file is in: where the `files` patterns of ``overrides`` start. Not part of
    /// the file; set by whoever reads it.
    public var baseDirectory: String?
    /// Rule settings that win over every override (the command line's `--rule`, applied after the file).
    public var pinnedRules: [String: RuleSetting] = [:]
    /// Whether directives count, when the command line says (`--no-inline-directives`): wins over every override.
    public var pinnedInlineDirectives: Bool?

    /// Settings for the files matching `files`: glob patterns (`*` any run of characters but `/`, `**` any
    /// run of folders, `?` one character) relative to the configuration file's folder.
    public struct Override: Sendable, Codable, Hashable {
        public var files: [String]
        public var rules: [String: RuleSetting]?
        public var allowedURLSchemes: [String]?
        public var customMacros: [String]?
        public var inlineDirectives: Bool?

        public init(files: [String], rules: [String: RuleSetting]? = nil, allowedURLSchemes: [String]? = nil,
                    customMacros: [String]? = nil, inlineDirectives: Bool? = nil) {
            self.files = files
            self.rules = rules
            self.allowedURLSchemes = allowedURLSchemes
            self.customMacros = customMacros
            self.inlineDirectives = inlineDirectives
        }

        enum CodingKeys: String, CodingKey, CaseIterable { case files, rules, allowedURLSchemes, customMacros, inlineDirectives }
    }

    public init(version: Int = Configuration.currentVersion, rules: [String: RuleSetting] = [:],
                allowedURLSchemes: [String] = ["https", "http"], maxWrapperDepth: Int = 5, customMacros: [String] = [],
                inlineDirectives: Bool = true, overrides: [Override] = []) {
        self.version = version
        self.rules = rules
        self.settingByOrdinal = Self.ordinalTable(rules)
        self.allowedURLSchemes = allowedURLSchemes
        self.allowedSchemeSet = Self.schemeSet(allowedURLSchemes)
        self.maxWrapperDepth = maxWrapperDepth
        self.customMacros = customMacros
        self.customMacroSet = Set(customMacros)
        self.inlineDirectives = inlineDirectives
        self.overrides = overrides
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

    enum CodingKeys: String, CodingKey, CaseIterable { case version, rules, allowedURLSchemes, maxWrapperDepth, customMacros, inlineDirectives, overrides }

    /// The keys the file may hold, in the order the documentation lists them (besides `$schema`).
    public static var fileKeys: [String] { CodingKeys.allCases.map(\.rawValue) }
    /// The keys an entry of `overrides` may hold.
    public static var overrideKeys: [String] { Override.CodingKeys.allCases.map(\.rawValue) }

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
        overrides = try c.decodeIfPresent([Override].self, forKey: .overrides) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(rules, forKey: .rules)
        try c.encode(allowedURLSchemes, forKey: .allowedURLSchemes)
        try c.encode(maxWrapperDepth, forKey: .maxWrapperDepth)
        try c.encode(customMacros, forKey: .customMacros)
        try c.encode(inlineDirectives, forKey: .inlineDirectives)
        if !overrides.isEmpty { try c.encode(overrides, forKey: .overrides) }
    }

    /// The configuration for the file at `path` (as given on the command line, relative to the working
    /// directory, or absolute): the overrides whose `files` match its path relative to ``baseDirectory`` applied
    /// in order, then ``pinnedRules``. Itself when no override matches (and for standard input or a URL).
    public func resolved(forFile path: String?) -> Configuration {
        guard !overrides.isEmpty, let path, path != "-", !path.hasPrefix("http://"), !path.hasPrefix("https://"),
              let relative = Self.relativePath(path, to: baseDirectory) else { return self }
        var out = self
        var changed = false
        for override in overrides where override.files.contains(where: { Self.glob($0, matches: relative) }) {
            changed = true
            if let rules = override.rules { for (id, setting) in rules { out.rules[id] = setting } }
            if let schemes = override.allowedURLSchemes { out.allowedURLSchemes = schemes }
            if let macros = override.customMacros { out.customMacros = macros }
            if let directives = override.inlineDirectives { out.inlineDirectives = directives }
        }
        guard changed else { return self }
        for (id, setting) in pinnedRules { out.rules[id] = setting }
        if let pinnedInlineDirectives { out.inlineDirectives = pinnedInlineDirectives }
        return out
    }

    /// `path` relative to `base` (both made absolute against the working directory, `.` and `..` resolved),
    /// or `nil` when it is not under `base`.
    static func relativePath(_ path: String, to base: String?) -> String? {
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ p: String) -> [Substring] {
            let full = p.hasPrefix("/") ? p : cwd + "/" + p
            var parts: [Substring] = []
            for part in full.split(separator: "/") {
                if part == "." || part.isEmpty { continue }
                if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
                parts.append(part)
            }
            return parts
        }
        let file = absolute(path), root = absolute(base ?? cwd)
        guard file.count > root.count, Array(file.prefix(root.count)) == root else { return nil }
        return file.dropFirst(root.count).joined(separator: "/")
    }

    /// Whether the glob `pattern` matches the relative path `path`: `**` any run of whole folders (none
    /// included), `*` any run of characters but `/`, `?` one character but `/`. A pattern without `/` matches
    /// the file's name in any folder (`*.vmap`), as in a .gitignore.
    public static func glob(_ pattern: String, matches path: String) -> Bool {
        var pattern = pattern
        while pattern.hasPrefix("./") { pattern.removeFirst(2) }
        if !pattern.contains("/") { pattern = "**/" + pattern }
        if pattern.hasSuffix("/") { pattern += "**" }
        return globMatch(Array(pattern.split(separator: "/", omittingEmptySubsequences: true)),
                         Array(path.split(separator: "/", omittingEmptySubsequences: true)))
    }

    private static func globMatch(_ pattern: [Substring], _ path: [Substring]) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = Array(pattern.dropFirst())
            for skip in 0 ... path.count where globMatch(rest, Array(path.dropFirst(skip))) { return true }
            return false
        }
        guard let segment = path.first, Wildcard.matches(String(first), String(segment), separator: "/") else { return false }
        return globMatch(Array(pattern.dropFirst()), Array(path.dropFirst()))
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
        var resolved = configuration
        resolved.rules = resolveRules(configuration.rules, knownRuleIDs: knownRuleIDs, aliases: aliases, in: "configuration",
                                      warnings: &warnings)
        for (index, override) in configuration.overrides.enumerated() {
            let place = "overrides[\(index)]"
            guard !override.files.isEmpty, override.files.allSatisfy({ !$0.isEmpty }) else {
                throw .malformed("\"\(place).files\" must list one or more path patterns (\"legacy/**\", \"*.vmap\")")
            }
            for name in override.customMacros ?? [] where !Self.isMacroName(name) {
                throw .malformed("\"\(place).customMacros\" holds \"\(name)\"; write the bare name, letters, digits and _ only")
            }
            if let rules = override.rules {
                resolved.overrides[index].rules = resolveRules(rules, knownRuleIDs: knownRuleIDs, aliases: aliases, in: place, warnings: &warnings)
            }
        }
        // Keys of an override this version does not read.
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let list = object["overrides"] as? [[String: Any]] {
            let known = Override.CodingKeys.allCases.map(\.rawValue)
            for (index, item) in list.enumerated() {
                for key in item.keys.sorted() where !known.contains(key) {
                    warnings.append("unknown key \"\(key)\" in overrides[\(index)] (ignored); known keys: \(known.joined(separator: ", "))")
                }
            }
        }
        warnings.sort()
        return (resolved, warnings)
    }

    /// A file's `rules` object resolved: patterns expanded to the ids they name (the least specific first, so a
    /// narrower pattern and then an exact id win), former ids to current ones; what names no rule warns.
    private static func resolveRules(_ raw: [String: RuleSetting], knownRuleIDs: Set<String>, aliases: [String: String], in place: String,
                                     warnings: inout [String]) -> [String: RuleSetting] {
        var rules: [String: RuleSetting] = [:]
        let patterns = raw.keys.filter(Self.isPattern).sorted {
            (Self.literalCount($0), $0) < (Self.literalCount($1), $1)
        }
        let sortedIDs = knownRuleIDs.sorted()
        for pattern in patterns {
            let setting = raw[pattern]!
            let matched = sortedIDs.filter { Self.matches(pattern, $0) }
            if matched.isEmpty {
                warnings.append("rule pattern \"\(pattern)\" in \(place) matches no rule (ignored); run 'conform rules' for the list")
            }
            for id in matched { rules[id] = setting }
        }
        for (id, setting) in raw where !Self.isPattern(id) {
            if let current = aliases[id], !knownRuleIDs.contains(id) {
                warnings.append("rule id \"\(id)\" in \(place) is now \"\(current)\" (applied to it); rename it")
                if raw[current] == nil { rules[current] = setting }
                continue
            }
            rules[id] = setting
            if !knownRuleIDs.contains(id) {
                warnings.append("unknown rule id \"\(id)\" in \(place) (ignored); run 'conform rules' for the list")
            }
        }
        return rules
    }

    /// A macro name as `customMacros` takes it: letters, digits and `_`, without brackets or percent signs.
    static func isMacroName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// Whether a key of `rules` is a pattern of rule ids: `*` stands for any run of characters
    /// (`VAST-2.0-url-*`, `*-deprecated`, `PROFILE-pause-*`).
    public static func isPattern(_ key: String) -> Bool { key.contains("*") }

    /// Whether `id` matches `pattern`: a pattern with `*` is a wildcard pattern (`*` any run of characters,
    /// `?` one), anything else an id, compared case and all.
    public static func matches(_ pattern: String, _ id: String) -> Bool {
        pattern.contains("*") ? Wildcard.matches(pattern, id) : pattern == id
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
        for id in matched {
            updated[id] = setting
            pinnedRules[id] = setting
        }
        rules = updated
        return matched
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            // The JSON is well formed; one value in it is not one the configuration accepts.
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "invalid value at \"\(path)\": \(context.debugDescription)"
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
