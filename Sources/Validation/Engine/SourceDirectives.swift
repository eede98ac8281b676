import ConformCore
import Chain
import XMLCore

/// Findings switched off in the tag itself, by comments:
///
/// ```xml
/// <!-- conform-disable VAST-2.0-url-http: the legacy CDN has no TLS -->   from here on (to a conform-enable)
/// <!-- conform-enable VAST-2.0-url-http -->                               ends it (bare: ends every range)
/// <Impression><!-- conform-disable-line VAST-2.0-url-cdata --> …           findings on the comment's line
/// <!-- conform-disable-next-line VAST-*-url-placeholder-host -->           findings on the line after it
/// ```
///
/// Rules are named by id, former id or `*` pattern, separated by commas or spaces; text after a `:` is the
/// reason, kept with each finding the directive suppresses. A `conform-disable` before the root element
/// that no `conform-enable` ends covers the whole document, findings without a line included.
public struct SourceDirectives: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case disable = "conform-disable"
        case enable = "conform-enable"
        case disableLine = "conform-disable-line"
        case disableNextLine = "conform-disable-next-line"
    }

    /// One directive comment, read.
    public struct Directive: Sendable, Hashable {
        public let kind: Kind
        /// The rule ids and patterns it names, former ids replaced by the current ones (empty: a bare enable).
        public let patterns: [String]
        /// The text after the `:`, if any.
        public let reason: String?
        /// Where the comment's `<!--` is.
        public let position: SourcePosition
        /// The lines it covers, for the line directives: its own line, or the line after its `-->`.
        let line: Int
        /// For a disable: where the range ends (the `<!--` of the enable that ends it), `nil` for the end of
        /// the document.
        var end: SourcePosition?
        /// Whether it covers findings without a position: a range before the root element that nothing ends.
        var coversWholeDocument = false
    }

    /// A directive that cannot be followed: its wording, or a rule name that names no rule.
    public struct Problem: Sendable, Hashable {
        public let message: String
        public let position: SourcePosition
    }

    /// The directives that suppress findings (disable, disable-line, disable-next-line), in document order.
    public private(set) var directives: [Directive] = []
    public private(set) var problems: [Problem] = []
    /// Per directive, per pattern: whether it suppressed a finding.
    private var used: [[Bool]] = []

    public var isEmpty: Bool { directives.isEmpty }

    /// Reads the directive comments of `document`.
    public init(_ document: XMLDocument) {
        self.init(document.directives, rootPosition: document.root?.position)
    }

    init(_ comments: [XMLDirectiveComment], rootPosition: SourcePosition?) {
        var enables: [(patterns: [String], position: SourcePosition)] = []
        for comment in comments {
            guard let parsed = parse(comment) else { continue }
            if parsed.kind == .enable {
                enables.append((parsed.patterns, comment.position))
            } else {
                directives.append(parsed)
            }
        }
        // A range ends at the first later enable that names one of its patterns as written, or names none.
        for index in directives.indices where directives[index].kind == .disable {
            let start = directives[index].position
            directives[index].end = enables.first { enable in
                enable.position > start
                    && (enable.patterns.isEmpty || !Set(enable.patterns).isDisjoint(with: directives[index].patterns))
            }?.position
            if directives[index].end == nil, let rootPosition, start < rootPosition {
                directives[index].coversWholeDocument = true
            }
        }
        used = directives.map { [Bool](repeating: false, count: $0.patterns.count) }
    }

    /// The directive `comment` holds, or `nil` (with a problem recorded) when it cannot be followed.
    private mutating func parse(_ comment: XMLDirectiveComment) -> Directive? {
        let text = Substring(comment.text)
        let keywordEnd = text.firstIndex(where: \.isWhitespace) ?? text.endIndex
        let keyword = String(text[..<keywordEnd])
        guard let kind = Kind(rawValue: keyword) else {
            let known = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            problems.append(Problem(message: "'\(keyword)' is not a conform directive (they are \(known))", position: comment.position))
            return nil
        }
        var rest = text[keywordEnd...]
        var reason: String?
        if let colon = rest.firstIndex(of: ":") {
            let said = rest[rest.index(after: colon)...].trimmingWhitespace()
            reason = said.isEmpty ? nil : said
            rest = rest[..<colon]
        }
        let names = rest.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        if names.isEmpty, kind != .enable {
            problems.append(Problem(
                message: "\(keyword) names no rule; write the ids or patterns of the rules it switches off (\(keyword) VAST-2.0-url-http)",
                position: comment.position))
            return nil
        }
        var patterns: [String] = []
        for name in names {
            if let current = Self.catalogue.aliases[name], !Self.catalogue.ids.contains(name) {
                problems.append(Problem(message: "\(name) is now \(current): rename it in the directive (applied to \(current))",
                                        position: comment.position))
                patterns.append(current)
            } else if Self.catalogue.names(name) {
                patterns.append(name)
            } else {
                let close = name.contains("*") ? [] : RuleDocumentation.suggestions(for: name, in: Self.catalogue.sortedIDs)
                let hint = close.isEmpty ? "run 'conform rules' for the list" : "did you mean \(close.joined(separator: ", "))?"
                problems.append(Problem(message: "\(name) in \(keyword) names no rule (ignored); \(hint)", position: comment.position))
            }
        }
        // Names were given and none names a rule: nothing to follow (an enable of misspelt names ends nothing).
        if patterns.isEmpty, !names.isEmpty { return nil }
        let line = kind == .disableNextLine ? comment.endLine + 1 : comment.position.line
        return Directive(kind: kind, patterns: patterns, reason: reason, position: comment.position, line: line)
    }

    private init() {}

    /// Reads the directive comments, keeping only what they say is wrong with themselves.
    static func problems(in document: XMLDocument) -> [Problem] {
        var scratch = SourceDirectives()
        for comment in document.directives { _ = scratch.parse(comment) }
        if document.directivesTruncated, let last = document.directives.last {
            scratch.problems.append(Problem(
                message: "more than \(XMLDocument.maxDirectives) directive comments: those after this one are ignored; switch rules off for the whole file in .conform.json (overrides) instead",
                position: last.position))
        }
        return scratch.problems
    }

    /// The directive covering `diagnostic` and the pattern of it that names its rule, if any. `candidates` are
    /// the directives naming the rule, in order, with the pattern that names it.
    private func cover(_ diagnostic: Diagnostic, candidates: [(directive: Int, pattern: Int)]) -> (directive: Int, pattern: Int)? {
        for candidate in candidates {
            let directive = directives[candidate.directive]
            guard let position = diagnostic.position else {
                if directive.coversWholeDocument { return candidate }
                continue
            }
            switch directive.kind {
            case .disable:
                if position >= directive.position && directive.end.map({ position < $0 }) ?? true { return candidate }
            case .disableLine, .disableNextLine:
                if position.line == directive.line { return candidate }
            case .enable:
                continue
            }
        }
        return nil
    }

    /// Splits `diagnostics` into those no directive covers and those one does, and notes which directives
    /// were used.
    public mutating func apply(to diagnostics: [Diagnostic]) -> (kept: [Diagnostic], suppressed: [SuppressedFinding]) {
        guard !directives.isEmpty else { return (diagnostics, []) }
        var kept: [Diagnostic] = []
        var suppressed: [SuppressedFinding] = []
        // Which directives name a rule, worked out once per rule id (a tag has many findings of few rules).
        var candidatesByRule: [String: [(directive: Int, pattern: Int)]] = [:]
        for diagnostic in diagnostics {
            // Directive findings are never switched off by directives: they say what is wrong with them.
            guard !diagnostic.ruleID.hasPrefix(Self.ownPrefix) else {
                kept.append(diagnostic)
                continue
            }
            let candidates = candidatesByRule[diagnostic.ruleID] ?? {
                var found: [(directive: Int, pattern: Int)] = []
                for (index, directive) in directives.enumerated() {
                    if let pattern = directive.patterns.firstIndex(where: { Configuration.matches($0, diagnostic.ruleID) }) {
                        found.append((index, pattern))
                    }
                }
                candidatesByRule[diagnostic.ruleID] = found
                return found
            }()
            if let (index, pattern) = cover(diagnostic, candidates: candidates) {
                used[index][pattern] = true
                let directive = directives[index]
                suppressed.append(SuppressedFinding(diagnostic: diagnostic, directive: directive.kind.rawValue,
                                                    directivePosition: directive.position, reason: directive.reason))
            } else {
                kept.append(diagnostic)
            }
        }
        return (kept, suppressed)
    }

    /// The patterns that suppressed nothing, with their directives' positions, among those naming only rules
    /// of the rule pass (the findings of `--xsd`, `--follow` and the player profiles come later, elsewhere)
    /// and at least one rule `isOff` does not say is switched off (a rule that did not run had nothing to report).
    public func unused(isOff: (String) -> Bool = { _ in false }) -> [(pattern: String, directive: Directive)] {
        var out: [(pattern: String, directive: Directive)] = []
        for (index, directive) in directives.enumerated() {
            for (offset, pattern) in directive.patterns.enumerated() where !used[index][offset] {
                let named = Self.catalogue.sortedIDs.filter { Configuration.matches(pattern, $0) }
                guard !named.isEmpty, named.allSatisfy(Self.catalogue.rulePassIDs.contains), !named.allSatisfy(isOff) else { continue }
                out.append((pattern, directive))
            }
        }
        return out
    }

    /// The prefix of the directive rules' ids.
    static let ownPrefix = "DIRECTIVE-"

    /// What the directives may name.
    struct Catalogue: Sendable {
        let ids: Set<String>
        let sortedIDs: [String]
        let aliases: [String: String]
        /// The ids whose findings the rule pass makes (not the XSD check's or the chain's).
        let rulePassIDs: Set<String>

        /// Whether `name` (an id or a pattern) names a rule. The player-profile and asset-probe rules live
        /// above this layer: any `PROFILE-` or `PROBE-` name is taken as written.
        func names(_ name: String) -> Bool {
            if name.hasPrefix("PROFILE-") || name.hasPrefix("PROBE-") { return true }
            if name.contains("*") { return sortedIDs.contains { Configuration.matches(name, $0) } }
            return ids.contains(name)
        }

    }

    static let catalogue: Catalogue = {
        let descriptions = AllRules.descriptions
        let ids = descriptions.map(\.id)
        let outside = Set([SchemaValidation.description.id] + ChainRules.all.map(\.id))
        return Catalogue(
            ids: Set(ids), sortedIDs: ids.sorted(),
            aliases: Dictionary(descriptions.flatMap { rule in rule.deprecatedAliases.map { ($0, rule.id) } }, uniquingKeysWith: { a, _ in a }),
            rulePassIDs: Set(ids.filter { !outside.contains($0) }))
    }()
}

/// A finding a directive in the tag switched off, with the directive and its reason.
public struct SuppressedFinding: Sendable, Hashable, Encodable {
    public var diagnostic: Diagnostic
    /// `conform-disable`, `conform-disable-line` or `conform-disable-next-line`.
    public var directive: String
    public var directivePosition: SourcePosition
    public var reason: String?

    public init(diagnostic: Diagnostic, directive: String, directivePosition: SourcePosition, reason: String?) {
        self.diagnostic = diagnostic
        self.directive = directive
        self.directivePosition = directivePosition
        self.reason = reason
    }
}
