import ConformCore
import Foundation
import Validation

extension FindingsOutput {
    /// How much of an input's source the HTML page shows.
    public struct SourceLimits: Sendable {
        /// Sources of up to this many lines are shown whole; longer ones as the lines around each finding.
        public var wholeSourceLines = 400
        /// Lines shown before and after a finding's line in a long source.
        public var contextLines = 3
        /// Characters of one line shown; the rest of a longer line (a tag written on one line) is cut, and each
        /// finding on it quotes the text around its column instead.
        public var lineCharacters = 2_000
        /// Characters quoted on each side of a finding's column in a long line.
        public var quoteCharacters = 60
        /// Findings shown per input; the page counts the rest (a tag with a finding per pixel can have hundreds of thousands).
        public var findingsPerInput = 2_000

        public init() {}
    }

    /// A self-contained HTML page (no script, no external resource) for a trafficker: the verdict at `threshold`
    /// and the totals, then per input its source with numbered lines, each finding shown under the line it
    /// points at (severity, line:column, rule id, message, spec section), the findings without a line of that
    /// source (a chain hop's, a profile's without position) above it, and the findings its directive comments
    /// switched off at the end; above them, what each player flow would do with it (``Input/verdicts``). Inputs
    /// without findings or verdicts are listed by name only. An input without a source
    /// (``Input/source`` is `nil`) lists its findings alone.
    public static func html(_ inputs: [Input], threshold: Severity, command: String = "check", noun: String = "input",
                            limits: SourceLimits = SourceLimits()) -> String {
        let (totals, failing) = totals(inputs, threshold: threshold, noun: noun)
        let verdict = failing == 0 ? "passed" : "failed"
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>conform \(Escape.html(command)): \(verdict)</title>
        <style>\(pageStyle)</style></head>
        <body>
        <header><h1>conform \(Escape.html(command)): <span class="verdict \(verdict)">\(verdict)</span></h1>
        <p class="totals">\(Escape.html(totals))</p></header>

        """
        let names = inputs.enumerated().map { $1.label ?? $1.name ?? "\(noun) \($0 + 1)" }
        out += "<nav><ul>\n"
        for (index, input) in inputs.enumerated() {
            let worst = input.diagnostics.map(\.severity).max()
            let badge = worst.map { " <span class=\"count \($0.rawValue)\">\(Numbers.grouped(input.diagnostics.count))</span>" }
                ?? " <span class=\"count clean\">no findings</span>"
            let target = hasSection(input) ? " href=\"#input-\(index + 1)\"" : ""
            out += "<li><a\(target)>\(Escape.html(names[index]))</a>\(badge)</li>\n"
        }
        out += "</ul></nav>\n"
        for (index, input) in inputs.enumerated() where hasSection(input) {
            out += section(input, name: names[index], anchor: "input-\(index + 1)", limits: limits)
        }
        out += "</body></html>\n"
        return out
    }

    /// Whether the page gives `input` a section: it has findings (kept or switched off) or player-flow verdicts.
    private static func hasSection(_ input: Input) -> Bool {
        !input.diagnostics.isEmpty || !input.suppressed.isEmpty || !input.verdicts.isEmpty
    }

    private static func section(_ input: Input, name: String, anchor: String, limits: SourceLimits) -> String {
        var out = "<section class=\"input\" id=\"\(anchor)\"><h2>\(Escape.html(name))</h2>\n"
        if !input.verdicts.isEmpty {
            out += "<ul class=\"verdicts\">\n"
            for (flow, verdict) in input.verdicts {
                out += "<li><span class=\"flow\">\(Escape.html(flow))</span> \(Escape.html(verdict))</li>\n"
            }
            out += "</ul>\n"
        }
        let lines = input.source.map(sourceLines) ?? []
        // Lines are counted from 1 here; the page shows them from the source's first line.
        let offset = input.sourceFirstLine - 1
        // A finding is shown in the source when it points at a line of it: not one of another file (a chain hop's).
        func placed(_ diagnostic: Diagnostic) -> Int? {
            guard let line = diagnostic.position.map({ $0.line - offset }), line >= 1, line <= lines.count else { return nil }
            if let file = diagnostic.file, let inputName = input.name, file != inputName { return nil }
            return line
        }
        var byLine: [Int: [Diagnostic]] = [:]
        var unplaced: [Diagnostic] = []
        let hidden = max(input.diagnostics.count - limits.findingsPerInput, 0)
        for diagnostic in input.diagnostics.prefix(limits.findingsPerInput) {
            if let line = placed(diagnostic) { byLine[line, default: []].append(diagnostic) } else { unplaced.append(diagnostic) }
        }
        if !unplaced.isEmpty {
            out += "<ul class=\"findings\">\n"
            for diagnostic in unplaced { out += "<li>\(finding(diagnostic, showFile: diagnostic.file != nil && diagnostic.file != input.name))</li>\n" }
            out += "</ul>\n"
        }
        if !lines.isEmpty, !byLine.isEmpty {
            out += "<table class=\"source\"><tbody>\n"
            let shown = shownLines(count: lines.count, findingLines: byLine.keys.sorted(), limits: limits)
            var previous = 0
            for index in shown {
                if index > previous + 1 {
                    out += "<tr class=\"gap\"><td class=\"ln\">⋯</td><td>\(Numbers.count(index - previous - 1, "line")) not shown</td></tr>\n"
                }
                previous = index
                let number = index + offset
                let line = lines[index - 1]
                let found = byLine[index] ?? []
                let worst = found.map(\.severity).max()
                let length = line.count
                let cut = length > limits.lineCharacters
                var code = Escape.html(cut ? String(line.prefix(limits.lineCharacters)) : line)
                if cut { code += "<span class=\"cut\">… \(Numbers.count(length - limits.lineCharacters, "more character"))</span>" }
                let lineClass = worst.map { "line marked \($0.rawValue)" } ?? "line"
                out += "<tr class=\"\(lineClass)\" id=\"\(anchor)-L\(number)\"><td class=\"ln\">\(number)</td><td class=\"code\">\(code)</td></tr>\n"
                // The code points of a long line (libxml2 counts columns in them), made once for all its findings: a
                // tag on one line may have thousands.
                let characters = length > limits.quoteCharacters * 2 && !found.isEmpty ? Array(line.unicodeScalars) : []
                for diagnostic in found {
                    var cell = finding(diagnostic, showFile: false)
                    if !characters.isEmpty, let column = diagnostic.position?.column {
                        cell += quote(characters, column: column, limits: limits)
                    }
                    out += "<tr class=\"finding \(diagnostic.severity.rawValue)\"><td class=\"ln\"></td><td>\(cell)</td></tr>\n"
                }
            }
            if previous < lines.count {
                out += "<tr class=\"gap\"><td class=\"ln\">⋯</td><td>\(Numbers.count(lines.count - previous, "line")) not shown</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        if hidden > 0 {
            out += "<p class=\"more\">\(Numbers.count(hidden, "more finding")) not shown here: the first "
                + "\(Numbers.grouped(limits.findingsPerInput)) are; the totals count every one, and the other formats list them all.</p>\n"
        }
        if !input.suppressed.isEmpty {
            out += "<details class=\"suppressed\"><summary>\(Numbers.count(input.suppressed.count, "finding")) switched off by directives in the source</summary><ul>\n"
            for item in input.suppressed {
                let reason = item.reason.map { ": " + Escape.html($0) } ?? ""
                out += "<li>\(finding(item.diagnostic, showFile: false)) <span class=\"by\">by \(Escape.html(item.directive)) on line "
                    + "\(item.directivePosition.line)\(reason)</span></li>\n"
            }
            out += "</ul></details>\n"
        }
        return out + "</section>\n"
    }

    /// One finding: severity, where, rule id, message and spec section, as inline HTML.
    private static func finding(_ diagnostic: Diagnostic, showFile: Bool) -> String {
        var at = diagnostic.position.map { "\($0.line):\($0.column)" } ?? ""
        if showFile, let file = diagnostic.file { at = file + (at.isEmpty ? "" : ":" + at) }
        var out = "<span class=\"sev \(diagnostic.severity.rawValue)\">\(diagnostic.severity.rawValue)</span> "
        if !at.isEmpty { out += "<span class=\"at\">\(Escape.html(at))</span> " }
        out += "<span class=\"msg\">\(Escape.html(diagnostic.message))</span> <code class=\"rule\">\(Escape.html(diagnostic.ruleID))</code>"
        if let spec = diagnostic.spec { out += " <span class=\"spec\">see \(Escape.html(spec.description))</span>" }
        return out
    }

    /// The text of a long line around `column` (1-based, in code points, as the parser counts), the code point at
    /// the column marked.
    private static func quote(_ characters: [Unicode.Scalar], column: Int, limits: SourceLimits) -> String {
        func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
            var out = ""
            out.unicodeScalars.append(contentsOf: scalars)
            return out
        }
        let at = min(max(column - 1, 0), max(characters.count - 1, 0))
        let start = max(at - limits.quoteCharacters, 0), end = min(at + limits.quoteCharacters, characters.count)
        guard start < end else { return "" }
        let before = text(characters[start ..< at]), mark = at < end ? text(characters[at ... at]) : ""
        let after = at + 1 < end ? text(characters[(at + 1) ..< end]) : ""
        return "<div class=\"quote\">\(start > 0 ? "…" : "")\(Escape.html(before))<mark>\(Escape.html(mark))</mark>"
            + "\(Escape.html(after))\(end < characters.count ? "…" : "")</div>"
    }

    /// The 1-based numbers of the lines to show, in order: every line of a short source, the lines around the
    /// findings of a long one.
    static func shownLines(count: Int, findingLines: [Int], limits: SourceLimits) -> [Int] {
        guard count > limits.wholeSourceLines else { return count > 0 ? Array(1 ... count) : [] }
        var shown: [Int] = []
        for line in findingLines {
            let from = max(1, line - limits.contextLines, (shown.last ?? 0) + 1), to = min(count, line + limits.contextLines)
            if from <= to { shown += Array(from ... to) }
        }
        return shown
    }

    /// A source's lines, without their line breaks (LF, CRLF or CR). Tabs stay (the page shows them four columns
    /// wide): the parser counts one column for a tab.
    static func sourceLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var afterCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n":
                if !afterCR { lines.append(current); current = "" }
                afterCR = false
            case "\r":
                lines.append(current); current = ""
                afterCR = true
            default:
                current.unicodeScalars.append(scalar); afterCR = false
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The text of a tag's bytes for display: UTF-16 when it starts with a byte-order mark, otherwise UTF-8, with
    /// invalid sequences shown as U+FFFD.
    public static func sourceText(_ data: Data) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]), let text = String(data: data, encoding: .utf16) {
            return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        }
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let pageStyle = """
    :root{color-scheme:light dark;--bg:#fff;--fg:#1d1d1f;--muted:#6e6e73;--line:#f2f2f5;--error:#c62828;--warning:#a15c00;--info:#1f5fae;\
    --error-bg:#fdecec;--warning-bg:#fff4e0;--info-bg:#eaf2fd}
    @media (prefers-color-scheme:dark){:root{--bg:#161618;--fg:#e8e8ea;--muted:#9a9aa0;--line:#202024;--error:#ff6b6b;--warning:#f0a640;\
    --info:#6ea8ff;--error-bg:#3a1d1d;--warning-bg:#36290f;--info-bg:#172a45}}
    body{margin:0 auto;max-width:1200px;padding:1rem 1.5rem;font:15px/1.45 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
    h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.05rem;margin:1.6rem 0 .5rem;word-break:break-all}
    .verdict.passed{color:#2e7d32}.verdict.failed{color:var(--error)}.totals,.gap,.by,.spec,.cut,.more{color:var(--muted)}
    nav ul{list-style:none;padding:0;columns:2 320px}nav li{word-break:break-all}
    .count{font-size:.8rem;border-radius:.6rem;padding:0 .45rem;margin-left:.3rem}.count.error{background:var(--error-bg);color:var(--error)}
    .count.warning{background:var(--warning-bg);color:var(--warning)}.count.info{background:var(--info-bg);color:var(--info)}.count.clean{color:var(--muted)}
    table.source{border-collapse:collapse;width:100%;font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace}
    td{vertical-align:top;padding:0 .5rem}td.ln{text-align:right;color:var(--muted);user-select:none;width:3.5rem}
    td.code{white-space:pre-wrap;word-break:break-all;tab-size:4}tr.line.marked.error{background:var(--error-bg)}
    tr.line.marked.warning{background:var(--warning-bg)}tr.line.marked.info{background:var(--info-bg)}
    tr.finding td{font:14px/1.45 system-ui,sans-serif;padding-bottom:.2rem}tr.gap td{font-style:italic}
    .sev{font-weight:600;text-transform:uppercase;font-size:.75rem}.sev.error{color:var(--error)}.sev.warning{color:var(--warning)}.sev.info{color:var(--info)}
    .at{font-family:ui-monospace,monospace;font-size:.85rem}code.rule{font-size:.8rem;background:var(--line);padding:0 .3rem;border-radius:.25rem}
    .quote{font:13px ui-monospace,monospace;white-space:pre-wrap;tab-size:4;word-break:break-all;color:var(--muted)}mark{padding:0 .1rem}
    ul.findings{padding-left:1.2rem}ul.verdicts{list-style:none;padding:0}.flow{font-weight:600;margin-right:.3rem}details.suppressed{margin-top:.6rem;color:var(--muted)}
    """
}
