import ConformCore

/// One comma-separated segment of a parameter string, as the analyzer read it.
///
/// Offsets are 0-based character (grapheme) offsets into the analysed string.
public struct ParameterSegment: Sendable, Codable, Equatable {
    /// What the segment is.
    public enum Kind: String, Sendable, Codable, Equatable {
        /// `key=value` with a non-empty key.
        case pair
        /// Nothing, or only whitespace, between two commas (or before/after the string's edge).
        case empty
        /// Text without `=` (`PARAM-malformed-segment`).
        case malformed
        /// `=` with nothing but whitespace before it (`PARAM-empty-key`).
        case emptyKey
    }

    /// 1-based position of the segment in the string.
    public var index: Int
    public var kind: Kind
    /// Offset of the segment's first character (for an empty segment: where it would start).
    public var offset: Int
    /// Length of the raw segment in characters.
    public var length: Int
    /// The key without surrounding whitespace; `nil` unless `kind` is `pair`.
    public var key: String?
    /// The value without surrounding whitespace (may be empty; everything after the first `=`);
    /// `nil` unless `kind` is `pair` or `emptyKey`.
    public var value: String?
    /// Offset of the key's first character, when there is a key.
    public var keyOffset: Int?
    /// Offset of the value's first character (after any leading whitespace), when there is a value part.
    /// For an empty value this is the offset just after `=`.
    public var valueOffset: Int?

    public init(
        index: Int, kind: Kind, offset: Int, length: Int, key: String? = nil, value: String? = nil,
        keyOffset: Int? = nil, valueOffset: Int? = nil
    ) {
        self.index = index
        self.kind = kind
        self.offset = offset
        self.length = length
        self.key = key
        self.value = value
        self.keyOffset = keyOffset
        self.valueOffset = valueOffset
    }
}

/// The result of analysing one parameter string: the detected format, the typed creative, the findings.
///
/// A string is *accepted* when it has no error-level diagnostic. A rejected string never has a
/// ``creative`` (the SDK would not display it), but ``format`` is still reported when it was detected,
/// and ``segments`` always shows how the string was read.
public struct ParameterAnalysis: Sendable, Codable, Equatable {
    /// The analysed text, unchanged.
    public var input: String
    /// The detected format, or `nil` when none could be detected.
    public var format: CreativeFormat?
    /// The typed creative; `nil` when the string is rejected or has no format.
    public var creative: TraffickingCreative?
    /// Every finding, sorted by position and then rule id.
    public var diagnostics: [Diagnostic]
    /// True when no diagnostic has severity `error`.
    public var accepted: Bool
    /// The comma-separated segments (empty for the backend JSON form).
    public var segments: [ParameterSegment]

    public init(
        input: String, format: CreativeFormat?, creative: TraffickingCreative?, diagnostics: [Diagnostic],
        accepted: Bool, segments: [ParameterSegment]
    ) {
        self.input = input
        self.format = format
        self.creative = creative
        self.diagnostics = diagnostics
        self.accepted = accepted
        self.segments = segments
    }

    /// The diagnostics of one rule.
    public func diagnostics(ofRule ruleID: String) -> [Diagnostic] {
        diagnostics.filter { $0.ruleID == ruleID }
    }
}
