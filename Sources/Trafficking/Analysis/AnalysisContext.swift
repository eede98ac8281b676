import ConformCore

/// Mutable state of one analysis: the input, the segments, the findings so far.
///
/// Lives only for the duration of one ``TraffickingAnalyzer/analyze(_:policy:line:)`` call.
struct AnalysisContext {
    let input: String
    let policy: URLPolicy
    let line: Int
    var segments: [RawSegment] = []
    /// First segment of each key (duplicates are reported and otherwise ignored).
    var fields: [String: RawSegment] = [:]
    var diagnostics: [Diagnostic] = []
    var format: CreativeFormat?

    init(input: String, policy: URLPolicy, line: Int) {
        self.input = input
        self.policy = policy
        self.line = line
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Records a finding of `rule` at character `offset`.
    ///
    /// - Parameters:
    ///   - segment: 1-based segment index, giving `path = "segment[N]"` and `details["segment"]`.
    ///   - key: the parameter key concerned, recorded in `details["key"]`.
    ///   - path: a locator to use instead of `segment[N]` (the backend JSON form uses field paths).
    mutating func report(
        _ rule: RuleDescription, _ message: String, at offset: Int, segment: Int? = nil, key: String? = nil,
        path: String? = nil, details extra: [String: String] = [:]
    ) {
        var details = extra
        if let key { details["key"] = key }
        if let segment { details["segment"] = String(segment) }
        diagnostics.append(rule.diagnostic(
            message, at: SourcePosition(line: line, column: offset + 1),
            path: path ?? segment.map { "segment[\($0)]" }, offset: offset, details: details))
    }

    /// Records a finding about a segment's key, pointing at the key.
    mutating func report(_ rule: RuleDescription, _ message: String, key segment: RawSegment, details: [String: String] = [:]) {
        report(rule, message, at: segment.keyOffset, segment: segment.index, key: segment.keyString, details: details)
    }

    /// Records a finding about a segment's value, pointing at the value (or at the key when the value is empty).
    mutating func report(_ rule: RuleDescription, _ message: String, value segment: RawSegment, details: [String: String] = [:]) {
        let offset = segment.value.isEmpty ? segment.keyOffset : segment.valueOffset
        report(rule, message, at: offset, segment: segment.index, key: segment.keyString, details: details)
    }

    /// The first segment with `key`, if any.
    func field(_ key: String) -> RawSegment? { fields[key] }

    /// The trimmed value of `key` when present and non-empty.
    func nonEmptyValue(_ key: String) -> String? {
        guard let segment = fields[key], !segment.value.isEmpty else { return nil }
        return segment.valueString
    }

    /// Keys present in the string that differ from `key` only in capitalisation (for hints).
    func caseVariants(of key: String) -> [RawSegment] {
        let lowered = key.lowercased()
        return segments.filter { $0.kind == .pair && $0.key != key && $0.key.lowercased() == lowered }
    }

    /// " Found 'Bannertitle': keys are case-sensitive." when the string has a near miss of `key`.
    func caseHint(for key: String) -> String {
        guard let variant = caseVariants(of: key).first else { return "" }
        return " Found '\(variant.key)' in segment \(variant.index): keys are case-sensitive, use '\(key)'."
    }

    /// The finished result.
    func result(creative: TraffickingCreative?) -> ParameterAnalysis {
        let accepted = !hasErrors
        return ParameterAnalysis(
            input: input, format: format, creative: accepted ? creative : nil, diagnostics: diagnostics.sorted(),
            accepted: accepted, segments: segments.map(\.publicSegment))
    }
}
