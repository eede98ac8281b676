/// The one wildcard matcher of the project: `*` matches any run of characters (none included), `?` exactly
/// one character, anything else itself. With a `separator`, neither wildcard matches it, so a pattern
/// stays within one path segment.
///
/// Used for rule-id patterns in configurations (`VAST-4.*-icon-*`), case filters (`--filter rules/*`),
/// and, one segment at a time, for the file globs of configuration overrides (`Corpus/**/*.vmap`).
public enum Wildcard {
    /// Whether `pattern` contains a wildcard at all.
    public static func isPattern(_ pattern: String) -> Bool {
        pattern.contains("*") || pattern.contains("?")
    }

    /// Whether `text` matches `pattern` whole.
    public static func matches(_ pattern: String, _ text: String, separator: Character? = nil) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0
        // The last `*` seen and the text position it currently stands for, to backtrack to on a mismatch.
        var star: Int?, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "*" {
                star = pi; mark = ti; pi += 1
            } else if pi < p.count, p[pi] == t[ti] || (p[pi] == "?" && t[ti] != separator) {
                pi += 1; ti += 1
            } else if let star, t[mark] != separator {
                // Let the last `*` take one more character, and retry after it.
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
