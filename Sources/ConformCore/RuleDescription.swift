/// A version of the IAB VAST specification, or VMAP. Ordered by publication.
public enum VASTVersion: String, Sendable, Codable, Hashable, CaseIterable, Comparable {
    case v2_0 = "2.0"
    case v3_0 = "3.0"
    case v4_0 = "4.0"
    case v4_1 = "4.1"
    case v4_2 = "4.2"
    case v4_3 = "4.3"
    case v4_4 = "4.4"

    /// The position in publication order (2.0 is 0). A switch, not a search of `allCases`: rules compare
    /// versions on hot paths.
    public var ordinal: Int {
        switch self {
        case .v2_0: 0
        case .v3_0: 1
        case .v4_0: 2
        case .v4_1: 3
        case .v4_2: 4
        case .v4_3: 5
        case .v4_4: 6
        }
    }

    public static func < (lhs: VASTVersion, rhs: VASTVersion) -> Bool { lhs.ordinal < rhs.ordinal }

    /// Parses a declared `VAST@version` value. Accepts patch levels (`4.0.1` → 4.0, `2.0.1` → 2.0)
    /// and a bare major (`3` → 3.0); returns `nil` for anything else.
    public init?(declared raw: String) {
        let parts = raw.trimmingWhitespace().split(separator: ".", omittingEmptySubsequences: false)
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) : 0
        guard let minor else { return nil }
        if parts.count > 2 && parts[2...].contains(where: { Int($0) == nil }) { return nil }
        switch (major, minor) {
        case (2, 0): self = .v2_0
        case (3, 0): self = .v3_0
        case (4, 0): self = .v4_0
        case (4, 1): self = .v4_1
        case (4, 2): self = .v4_2
        case (4, 3): self = .v4_3
        case (4, 4): self = .v4_4
        default: return nil
        }
    }

    /// Every version from `self` on.
    public var andLater: ClosedRange<VASTVersion> { self...VASTVersion.latest }

    /// The newest version conform knows.
    public static let latest: VASTVersion = .v4_4
}

/// An example input attached to a rule. Examples double as tests: a valid example must produce no
/// finding of the rule; an invalid one must produce findings exactly at its markers.
///
/// A marker is the character `↓` placed just before the `<` of the start tag (XML) or the character
/// (parameter strings) where a finding must point. The marker is removed before the input is used.
public struct RuleExample: Sendable, Codable, Hashable {
    public var text: String
    /// Source file and line of the example, so a failing example points at where it was written.
    public var sourceFile: String
    public var sourceLine: Int

    public init(_ text: String, file: String = #fileID, line: Int = #line) {
        self.text = text
        self.sourceFile = file
        self.sourceLine = line
    }

    /// The marker character.
    public static let marker: Character = "↓"

    /// The text with markers removed.
    public var cleanText: String { String(text.filter { $0 != Self.marker }) }

    /// The positions of the markers in the clean text, as 1-based line and column (characters).
    public var markerPositions: [SourcePosition] {
        var result: [SourcePosition] = []
        var line = 1, column = 1
        for character in text {
            if character == Self.marker {
                result.append(SourcePosition(line: line, column: column))
                continue
            }
            if character == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return result
    }

    /// The 0-based character offsets of the markers in the clean text (for one-line inputs).
    public var markerOffsets: [Int] {
        var result: [Int] = []
        var offset = 0
        for character in text {
            if character == Self.marker { result.append(offset) } else { offset += 1 }
        }
        return result
    }
}

/// What a rule is: its stable id, default severity, versions, references and examples.
public struct RuleDescription: Sendable, Codable, Hashable {
    /// Stable, spec-shaped identifier such as `VAST-4.1-adservingid-present` or `PARAM-duplicate-key`.
    public var id: String
    public var name: String
    /// One line: what the rule checks.
    public var summary: String
    /// Why the rule exists and how the severity follows from the spec's wording.
    public var rationale: String
    /// What to change to satisfy the rule.
    public var fix: String
    public var severity: Severity
    /// Versions of VAST the rule applies to; `nil` when versions do not apply (parameters, VMAP, XML).
    public var versions: ClosedRange<VASTVersion>?
    /// The elements (local names) the rule looks at: it can report only on a document that holds at least
    /// one of them, and the validator does not run it on any other. Empty when the rule may report on any
    /// document (a missing root child, a URL anywhere, broken XML).
    public var elements: [String]
    public var specReferences: [SpecReference]
    public var validExamples: [RuleExample]
    public var invalidExamples: [RuleExample]
    /// Ids this rule was known by before a rename.
    public var deprecatedAliases: [String]
    /// What the official IAB XSDs declare about the rule's claim, per version; `nil` when no schema can
    /// express it (the rule rests on the spec text only).
    public var schemaBasis: SchemaBasis?

    public init(
        id: String,
        name: String,
        summary: String,
        rationale: String,
        fix: String,
        severity: Severity,
        versions: ClosedRange<VASTVersion>? = nil,
        elements: [String] = [],
        specReferences: [SpecReference],
        validExamples: [RuleExample],
        invalidExamples: [RuleExample],
        deprecatedAliases: [String] = [],
        schemaBasis: SchemaBasis? = nil
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.severity = severity
        self.versions = versions
        self.elements = elements
        self.specReferences = specReferences
        self.validExamples = validExamples
        self.invalidExamples = invalidExamples
        self.deprecatedAliases = deprecatedAliases
        self.schemaBasis = schemaBasis
    }

    /// The first spec reference, the one shown beside diagnostics.
    public var primaryReference: SpecReference? { specReferences.first }

    /// A diagnostic of this rule at its default severity.
    public func diagnostic(
        _ message: String,
        at position: SourcePosition? = nil,
        path: String? = nil,
        offset: Int? = nil,
        details: [String: String] = [:]
    ) -> Diagnostic {
        Diagnostic(
            ruleID: id, severity: severity, message: message, position: position, path: path,
            spec: primaryReference, offset: offset, details: details)
    }
}

/// What the official IAB XSDs say about a rule's claim: the element and attribute (or child element) the
/// claim is about, and per range of versions the declaration the schema of those versions makes.
///
/// A test validates every rule's examples against the XSD of each version the rule covers (4.3 uses the
/// 4.2 XSD, which the IAB keeps as the 4.3 schema): valid examples raise no schema error about
/// ``element`` and ``items``; invalid examples raise one where the schema ``Standing/enforced`` the
/// claim, and none where the schema is ``Standing/looser`` than the rule (the rule's rationale records
/// that decision).
public struct SchemaBasis: Sendable, Codable, Hashable {
    /// How the schema of some versions stands to the rule.
    public enum Standing: String, Sendable, Codable, Hashable {
        /// The XSD rejects what the rule reports: it is the basis of the rule.
        case enforced
        /// The XSD accepts what the rule reports; the rule rests on the spec text or on a decision
        /// recorded in its rationale.
        case looser
        /// The XSD does not declare the element or attribute the rule is about at all (the draft 4.4 schema
        /// leaves out parts the 4.4 text keeps, vast4.xsd has no size on the InLine NonLinear, 2.0 has no
        /// skipoffset); the rule rests on the text, which wins over the schema.
        case undeclared
        /// The XSD rejects the core of what the rule reports but differs from the rule on some inputs the
        /// rationale names (a draft schema that keeps an attribute's values but makes it optional, or that
        /// checks a Wrapper's resources the rule leaves to another rule).
        case partial
    }

    /// The declaration of one range of versions.
    public struct Declaration: Sendable, Codable, Hashable {
        public var versions: ClosedRange<VASTVersion>
        /// What the XSD declares, as written there: `Mezzanine@delivery use="required"`,
        /// `Creative_Inline_type/UniversalAdId minOccurs="1"`.
        public var declaration: String
        public var standing: Standing

        public init(_ versions: ClosedRange<VASTVersion>, _ declaration: String, _ standing: Standing) {
            self.versions = versions
            self.declaration = declaration
            self.standing = standing
        }
    }

    /// The element the schema validator names when the claim is broken (the parent, for a missing
    /// child element).
    public var element: String
    /// Further elements of the same claim, for a rule that checks the same declaration on several
    /// elements (an undeclared attribute on Creative or on MediaFile): the validator may name any of them.
    public var otherElements: [String] = []
    /// The attributes or child elements the claim is about, one of which the validator's message names;
    /// empty when the element itself is the subject.
    public var items: [String]
    public var declarations: [Declaration]
    /// For a rule whose subject lies outside what the VAST XSDs describe (a VMAP playlist, a
    /// trafficking-parameter string, a player profile's own requirements, a schema the user gives): what
    /// its claim rests on instead, in a sentence. `nil` for every other rule.
    public var outsideVASTSchemas: String?

    public init(element: String, otherElements: [String] = [], items: [String] = [], _ declarations: [Declaration]) {
        self.element = element
        self.otherElements = otherElements
        self.items = items
        self.declarations = declarations
    }

    /// The basis of a rule whose claim no XSD can express (a URL's scheme, a macro, a duplicate value, a
    /// wrapper chain): it rests on the spec text only.
    public static let specTextOnly = SchemaBasis(element: "", [])

    /// The basis of a rule whose subject lies outside what the VAST XSDs describe: no VAST XSD applies,
    /// and `reason` says what the rule rests on instead (the VMAP text, the trafficking-parameter
    /// reference, a player profile's reference, the schema the user gives).
    public static func outsideVASTSchemas(_ reason: String) -> SchemaBasis {
        var basis = SchemaBasis(element: "", [])
        basis.outsideVASTSchemas = reason
        return basis
    }

    /// Whether the rule is about what the VAST XSDs describe and rests on the spec text only.
    public var isSpecTextOnly: Bool { declarations.isEmpty && outsideVASTSchemas == nil }

    /// Whether the basis records declarations of the VAST XSDs, which the schema-basis test proves.
    public var hasDeclarations: Bool { !declarations.isEmpty }

    /// The XSD files of the versions in `versions`, in order, each once: `vast_4.1.xsd, vast_4.2.xsd`.
    public static func xsdFileNames(for versions: ClosedRange<VASTVersion>) -> [String] {
        var names: [String] = []
        for version in VASTVersion.allCases where versions.contains(version) {
            let name = xsdFileName(for: version)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The XSD file the IAB publishes for a version (4.3 has none of its own: its schema is 4.2's; 4.4's
    /// is the fixed `vast_4.4.xsd`).
    public static func xsdFileName(for version: VASTVersion) -> String {
        switch version {
        case .v2_0: "vast_2.0.1.xsd"
        case .v3_0: "vast3_draft.xsd"
        case .v4_0: "vast4.xsd"
        case .v4_1: "vast_4.1.xsd"
        case .v4_2, .v4_3: "vast_4.2.xsd"
        // Of the two 4.4 schemas the IAB published (both still marked draft), `vast_4.4.xsd` is the fixed
        // one: `vast_4.4_schema.xsd` makes every InLine and Wrapper child optional and unordered, so it
        // accepts an empty InLine (the IAB's schema regression tests record this as a bug).
        case .v4_4: "vast_4.4.xsd"
        }
    }
}

extension RuleDescription {
    /// A rule of every version whose claim no schema can express (a chain's fetches, a probed asset) and
    /// whose examples are told in words, one valid and one invalid: the chain and probe rule tables.
    public static func wordedRule(
        _ id: String, _ name: String, _ summary: String, rationale: String, fix: String, _ severity: Severity,
        _ references: [SpecReference], valid: String, invalid: String
    ) -> RuleDescription {
        RuleDescription(
            id: id, name: name, summary: summary, rationale: rationale, fix: fix, severity: severity,
            versions: nil, specReferences: references,
            validExamples: [RuleExample(valid)], invalidExamples: [RuleExample(invalid)],
            schemaBasis: .specTextOnly)
    }
}
