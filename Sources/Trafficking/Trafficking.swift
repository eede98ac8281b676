import ConformCore

/// Reads trafficking parameter strings into typed creatives and reports every problem as a diagnostic.
///
/// The reference ("Supply creative parameters") defines the grammar: comma-separated `key=value`
/// segments, each split at its *first* `=` so URLs keep their query strings; keys case-sensitive; a
/// malformed segment or a duplicate key rejects the creative. Where the reference is silent, conform
/// decides, and each decision is a rule with examples:
///
/// - Empty segments (`a=1,,b=2`, a trailing comma) are ignored with `PARAM-empty-segment` (warning).
/// - Whitespace around keys and values is trimmed with `PARAM-whitespace-around` (warning).
/// - Nothing is percent-decoded: encoded keys (`PARAM-percent-encoded-key`), encoded URLs
///   (`PARAM-percent-encoded-url`) and escapes in displayed text (`PARAM-percent-encoded-text`) are reported.
/// - A string whose first non-whitespace character is `{` is read as the backend JSON form of ads under a tab.
///
/// The analyzer is pure: no I/O, no global state, linear in the length of the input.
public enum TraffickingAnalyzer {
    /// Analyses one parameter string.
    ///
    /// - Parameters:
    ///   - string: the parameter string (or backend JSON object) exactly as trafficked.
    ///   - policy: which destination and takeover URLs are acceptable.
    ///   - line: the line of the string in its file, used for diagnostic positions (1 by default).
    /// - Returns: the detected format, the typed creative (only when accepted), every diagnostic sorted by
    ///   offset, and the segments. Diagnostic positions are `line:(offset + 1)`; `offset` is the 0-based
    ///   character offset in `string`; `path` is `segment[N]` (1-based) or a JSON field path.
    public static func analyze(_ string: String, policy: URLPolicy = .default, line: Int = 1) -> ParameterAnalysis {
        var context = AnalysisContext(input: string, policy: policy, line: line)
        let creative = BackendJSONAnalysis.isJSON(string)
            ? BackendJSONAnalysis.run(&context)
            : ParameterStringAnalysis.run(&context)
        return context.result(creative: creative)
    }

    /// True when `string` looks like trafficking parameters: a `key=value` list with at least one key of
    /// the reference (exact spelling), or a JSON object with an `advertiserTab` member.
    ///
    /// Meant for deciding whether a text found elsewhere (such as VAST `AdParameters`) should be analysed
    /// with ``analyze(_:policy:line:)``. Linear in the length of the string; stops at the first known key.
    public static func looksLikeParameterString(_ string: String) -> Bool {
        // A byte search: `contains(_:)` on strings is Foundation's, through NSString.
        if BackendJSONAnalysis.isJSON(string) { return string.containsBytes("\"advertiserTab\"") }
        for segment in string.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = segment.firstIndex(of: "=") else { continue }
            let key = segment[segment.startIndex..<equals].trimmingWhitespace()
            if ParameterKeys.allSet.contains(key) { return true }
        }
        return false
    }

    /// The parameter names of the reference, in their exact capitalisation.
    public static var knownKeys: [String] { ParameterKeys.all }

    /// The parameter names a format reads (empty for the backend JSON form).
    public static func knownKeys(for format: CreativeFormat) -> [String] { ParameterKeys.keys(for: format) }
}
