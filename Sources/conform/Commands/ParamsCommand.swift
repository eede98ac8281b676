import ConformCore
import Conformance
import Foundation
import Reports
import Trafficking
import Validation

/// `conform params`: check trafficking-parameter strings and show the creative each one describes.
enum ParamsCommand: Subcommand {
    static let name = "params"
    static let summary = "Check trafficking-parameter strings (custom CTA, carousel, takeovers)."
    static let valueOptions: Set<String> = ["-f", "--file", "--format", "--allowed-schemes", "--allowed-hosts", "--takeover-schemes", "--config", "--rule"]
    static let flagOptions: Set<String> = ["--no-config"]
    static let usage = "conform params [options] <string>... | -f <file> | -"
    static let help = """
        OVERVIEW: Check trafficking-parameter strings (custom CTA, carousel, takeovers): which format each
        string describes, the creative the app would get, and every problem with its position.

        USAGE: conform params [options] <string>...
               conform params [options] -f <file>
               conform params [options] -

        ARGUMENTS:
          <string>                A parameter string. Quote it: it contains '&', '?' and '$'.
          -                       Read strings from standard input, one per line.

        OPTIONS:
          -f, --file <file>       Read strings from a file, one per line ('-' for standard input). Blank
                                  lines and lines starting with # are skipped; findings carry line numbers.
                                  A file or input without any string is an error (exit 2).
          --format <format>       Output format. (values: text, json, sarif, github, junit, markdown, codequality,
                                  html; default: text)
          --allowed-schemes <list>
                                  Destination schemes the app opens, comma-separated. A scheme other than
                                  http/https listed here is trusted to have an app action handler.
                                  (default: http,https)
          --allowed-hosts <list>  Hosts allowed for destinations and takeover pages, comma-separated;
                                  subdomains match. (default: any host)
          --takeover-schemes <list>
                                  Schemes allowed for takeover pages. (default: https)
          --config <file>         Read this configuration instead of the nearest .conform.json (its rule
                                  settings apply to the PARAM-… findings).
          --no-config             Ignore any .conform.json.
        \(ConfigurationLoader.ruleOptionHelp)
          -h, --help              Show this help.

        THE STRING:
          Comma-separated key=value segments. Each segment splits at its first '=', so URLs keep their
          query strings. Keys are case-sensitive (bannerTitle, not Bannertitle). Values cannot contain
          commas and are not percent-decoded. A segment without '=' or a repeated key rejects the string;
          an empty segment (trailing comma) and spaces around keys or values are warnings.

        FORMATS (detected, never guessed):
          customCTA             no ad_type; icon or Icon, bannerTitle, ctaUrl [, bannerDescription, ctaText]
          carousel              ad_type=carousel; carousel_banner, brand_icon, carousel_title,
                                carousel_description, carousel_images (1-20, '$'-separated)
                                [, carousel_images_urls, carousel_cta_text + carousel_cta_url]
          takeover.inVideo      ad_type=webview; campaign, Image_url
          takeover.contextual   ad_type=takeoverAds; Takeover_ads_url
          takeover.tab.gam      ad_type=takeoverAds; Takeover_ads_url plus redirection_url, sidelogo,
                                c_title, thirdPartyImpression, thirdPartyClick, advertiser_name
          takeover.tab.backend  JSON: {"advertiserTab": {"adType": "takeoverAds", "takeoverAdsUrl": "..."}}
          Custom CTA and carousel also take campaign (or campaign name) and companion_schema_version=1.

        OUTPUT:
          Text: per string, the format, the verdict, the typed creative and each finding as
          severity line:column rule-id, the message and the spot in the string. Columns count characters
          from 1. JSON (--format json): {"results": [{"source", "line", "analysis"}], "summary"}.
          SARIF (--format sarif): one SARIF 2.1.0 log, a result per finding, at file:line:column for
          strings read from a file. GitHub (--format github): a workflow annotation per finding, then
          the totals. JUnit (--format junit): a test case per string, failed by an error. Markdown
          (--format markdown): the verdict, the totals and a table of findings per string. Code
          Quality (--format codequality): a GitLab Code Quality report, an issue per finding. HTML
          (--format html): one self-contained page, each string with its findings under it.

        EXIT CODES:
          0  no string has an error        1  at least one string has an error (after the
                                              configuration's and --rule's settings; the verdict
                                              accepted/rejected stays what the app would do)
          2  a file could not be read, or holds no string          64 bad usage

        EXAMPLES:
          conform params "icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"
          conform params -f strings.txt --format json
          pbpaste | conform params -
          conform params --allowed-hosts example.com "ad_type=webview,campaign=spring,Image_url=https://ads.example.com/t"
        """

    /// One analysed string and where it came from.
    struct Result: Encodable {
        /// The file (`-` for standard input), or `nil` for a command-line argument.
        var source: String?
        /// The line in the file, or the position of the argument (1-based).
        var line: Int
        var analysis: ParameterAnalysis
    }

    struct Summary: Encodable {
        var strings = 0
        var accepted = 0
        var rejected = 0
        var errors = 0
        var warnings = 0
        var infos = 0
    }

    struct Output: Encodable {
        var results: [Result]
        var summary: Summary
    }

    /// A string to analyse.
    private struct Input {
        var source: String?
        var line: Int
        var text: String
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(help)
            return ExitCode.success
        }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "params", usage: usage)
        } catch { return error.report() }

        let format: ReportFormat
        do { format = try ReportFormat.findings(scanner.value("--format"), command: "params", usage: usage) } catch { return error.report() }
        let policy: URLPolicy
        do { policy = try makePolicy(scanner) } catch { return error.report() }

        let files = scanner.values("-f", "--file")
        guard !files.isEmpty || !scanner.positionals.isEmpty else {
            return usageError("no parameter string given")
        }
        guard files.filter({ $0 == "-" }).count + scanner.positionals.filter({ $0 == "-" }).count <= 1 else {
            return usageError("standard input can be read only once")
        }

        let configuration: Configuration
        do { configuration = try ConfigurationLoader.load(from: scanner, command: "params", usage: usage) } catch { return error.exitCode }

        var inputs: [Input] = []
        var unreadable = false
        for file in files {
            switch readLines(file) {
            case .success(let lines): inputs += lines
            case .failure(let failure):
                Terminal.printError("Error: \(failure.message)")
                unreadable = true
            }
        }
        for (index, argument) in scanner.positionals.enumerated() {
            if argument == "-" {
                switch readLines("-") {
                case .success(let lines): inputs += lines
                case .failure(let failure):
                    Terminal.printError("Error: \(failure.message)")
                    unreadable = true
                }
            } else {
                inputs.append(Input(source: nil, line: index + 1, text: argument))
            }
        }

        var results: [Result] = []
        for input in inputs {
            results.append(analyze(input.text, source: input.source, line: input.line, policy: policy, configuration: configuration))
        }
        let summary = summarize(results)

        if format == .json {
            print(encodeJSON(Output(results: results, summary: summary)))
        } else if case .findings = format.renderer(in: .findings) {
            // One result per input, in order.
            let findings = zip(results, inputs).map { result, input in
                // SARIF counts columns in Unicode code points; a finding's column counts characters (an emoji
                // with a skin tone is one character and two code points).
                let diagnostics = format == .sarif ? result.analysis.diagnostics.map { Self.codePointColumn($0, in: input.text) }
                                                    : result.analysis.diagnostics
                return FindingsOutput.Input(name: result.source, diagnostics: diagnostics,
                                     label: result.source.map { "\($0):\(result.line)" } ?? "argument \(result.line)",
                                     source: format == .html ? input.text : nil, sourceFirstLine: result.source == nil ? 1 : result.line)
            }
            if let code = format.printFindings(findings, threshold: .error, command: "params", noun: "string") { return code }
        } else if unreadable && results.isEmpty {
            // Nothing was analysed; the error above says why.
        } else {
            for result in results { print(render(result)) }
            print(render(summary))
        }
        if unreadable { return ExitCode.cannotProceed }
        return summary.errors > 0 ? ExitCode.findings : ExitCode.success
    }

    /// One string's analysis under the configuration, as the JSON output lists it (`source` is the file it was
    /// read from, `nil` for an argument, whose findings are then on line 1).
    static func analyze(_ text: String, source: String?, line: Int, policy: URLPolicy, configuration: Configuration) -> Result {
        var analysis = TraffickingAnalyzer.analyze(text, policy: policy, line: source == nil ? 1 : line)
        analysis.diagnostics = configuration.apply(to: analysis.diagnostics).map { $0.inFile(source) }
        return Result(source: source, line: line, analysis: analysis)
    }

    /// The totals of `results`.
    static func summarize(_ results: [Result]) -> Summary {
        var summary = Summary()
        for result in results {
            summary.strings += 1
            if result.analysis.accepted { summary.accepted += 1 } else { summary.rejected += 1 }
            for diagnostic in result.analysis.diagnostics {
                switch diagnostic.severity {
                case .error: summary.errors += 1
                case .warning: summary.warnings += 1
                case .info: summary.infos += 1
                }
            }
        }
        return summary
    }

    // MARK: - Input

    private static func usageError(_ message: String) -> Int32 {
        UsageError(message: message, command: "params", usage: usage).report()
    }

    static func makePolicy(_ scanner: ArgumentScanner) throws(UsageError) -> URLPolicy {
        func list(_ option: String) throws(UsageError) -> Set<String>? {
            guard let raw = scanner.value(option) else { return nil }
            let items = raw.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }.filter { !$0.isEmpty }
            guard !items.isEmpty else {
                throw UsageError(message: "\(option) needs at least one value", command: "params", usage: usage)
            }
            return Set(items.map { $0.hasSuffix(":") ? String($0.dropLast()) : $0 })
        }
        var policy = URLPolicy.default
        if let schemes = try list("--allowed-schemes") { policy.allowedSchemes = schemes }
        if let hosts = try list("--allowed-hosts") { policy.allowedHosts = hosts }
        if let schemes = try list("--takeover-schemes") { policy.takeoverSchemes = schemes }
        return policy
    }

    /// The strings of a file (or of standard input for `-`): one per line, skipping blank lines and
    /// `#` comments. A UTF-8 byte-order mark and CR line endings are removed.
    private static func readLines(_ path: String) -> Swift.Result<[Input], ReadError> {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try readWholeFile(URL(fileURLWithPath: path))
            } catch {
                return .failure(ReadError("cannot read '\(path)': \(fileErrorReason(error))"))
            }
        }
        guard var text = String(data: data, encoding: .utf8) else {
            return .failure(ReadError("'\(path)' is not UTF-8 text"))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var inputs: [Input] = []
        var number = 0
        // "\r\n" is one Character in Swift, so it must be named as a separator of its own; a lone "\r" ends
        // a line too (classic Mac line endings).
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            var line = rawLine
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            inputs.append(Input(source: path, line: number, text: String(line)))
        }
        guard !inputs.isEmpty else {
            // An empty clipboard piped in, or a file of comments, must not pass as "nothing wrong".
            let name = path == "-" ? "standard input" : "'\(path)'"
            return .failure(ReadError("\(name) holds no parameter string (blank lines and # comments are skipped)"))
        }
        return .success(inputs)
    }

    private struct ReadError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    // MARK: - Text output

    static func render(_ result: Result) -> String {
        let analysis = result.analysis
        var lines: [String] = []
        let place = result.source.map { "\($0 == "-" ? "<stdin>" : $0):\(result.line)" } ?? "string \(result.line)"
        let format = analysis.format?.rawValue ?? "no format detected"
        let verdict = analysis.accepted ? Terminal.paint("accepted", .green) : Terminal.paint("rejected", .red)
        lines.append("\(Terminal.paint(place, .bold)): \(format) — \(verdict)\(counts(analysis.diagnostics))")
        lines.append("  input     \(display(analysis.input.truncated(to: 100)))")
        if let creative = analysis.creative {
            lines += describe(creative).map { "  " + $0 }
        } else if !analysis.accepted {
            lines.append("  creative  none: the string is rejected")
        }
        if !analysis.diagnostics.isEmpty {
            let characters = Array(analysis.input)
            for diagnostic in analysis.diagnostics {
                lines.append(contentsOf: describe(diagnostic, in: characters))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func counts(_ diagnostics: [Diagnostic]) -> String {
        let parts = [Severity.error, .warning, .info].compactMap { severity -> String? in
            let count = diagnostics.filter { $0.severity == severity }.count
            guard count > 0 else { return nil }
            let noun = severity == .info ? "info" : severity.rawValue
            return "\(count) \(noun)\(count == 1 || severity == .info ? "" : "s")"
        }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    private static func describe(_ creative: TraffickingCreative) -> [String] {
        func row(_ label: String, _ value: String?) -> String? {
            guard let value else { return nil }
            let shown = value.isEmpty ? "(empty)" : display(value.truncated(to: 100))
            return "  " + label.padding(toLength: 14, withPad: " ", startingAt: 0) + shown
        }
        switch creative {
        case .customCTA(let cta):
            return ["creative  custom CTA"] + [
                row("icon", cta.icon),
                row("title", cta.title),
                row("description", cta.description),
                row("button", cta.buttonText + (cta.buttonTextIsDefault ? " (default)" : "")),
                row("destination", cta.destination),
                row("campaign", cta.campaign),
                row("schema", cta.schemaVersion.map(String.init)),
            ].compactMap { $0 }
        case .carousel(let carousel):
            var lines = ["creative  carousel"] + [
                row("banner", carousel.banner),
                row("brand icon", carousel.brandIcon),
                row("title", carousel.title),
                row("description", carousel.description),
                row("images", "\(carousel.images.count)"),
            ].compactMap { $0 }
            for image in carousel.images {
                let tap = image.tapDestination.map { "→ \(display($0.truncated(to: 60)))" } ?? "(no tap destination)"
                lines.append("    \(String(image.position).leftPadded(to: 3))  \(display(image.url.truncated(to: 60)))  \(tap)")
            }
            lines += [
                row("button", carousel.cta.map { "\($0.text) → \($0.url)" }),
                row("campaign", carousel.campaign),
                row("schema", carousel.schemaVersion.map(String.init)),
            ].compactMap { $0 }
            return lines
        case .takeover(let takeover):
            return ["creative  \(takeover.kind.format.displayName)"] + [
                row("page", takeover.pageURL),
                row("campaign", takeover.campaign),
                row("title", takeover.title),
                row("advertiser", takeover.advertiserName),
                row("side logo", takeover.sideLogo),
                row("redirection", takeover.redirectionURL),
                row("impression", takeover.thirdPartyImpression),
                row("click", takeover.thirdPartyClick),
            ].compactMap { $0 }
        }
    }

    private static func describe(_ diagnostic: Diagnostic, in characters: [Character]) -> [String] {
        let style: Terminal.Style = switch diagnostic.severity {
        case .error: .red
        case .warning: .yellow
        case .info: .blue
        }
        let position = diagnostic.position.map { "\($0.line):\($0.column)" } ?? "-"
        var where_ = ""
        if let path = diagnostic.path { where_ += " \(path)" }
        // The key after the path only when the path does not name it already (a backend path ends in it).
        if let key = diagnostic.details["key"], diagnostic.path.map({ $0 != key && !$0.hasSuffix(".\(key)") }) ?? true {
            where_ += " \(key)"
        }
        var lines = [
            "  " + Terminal.paint(diagnostic.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0), style)
                + " \(position)  \(Terminal.paint(diagnostic.ruleID, .bold))\(Terminal.paint(where_, .dim))",
            "          \(diagnostic.message)",
        ]
        if let offset = diagnostic.offset {
            let (text, caret) = snippet(characters, at: offset)
            lines.append("          " + Terminal.paint(text, .dim))
            lines.append("          " + String(repeating: " ", count: caret) + Terminal.paint("^", style))
        }
        return lines
    }

    /// Up to 30 characters either side of `offset`, and the caret's column in that excerpt.
    static func snippet(_ characters: [Character], at offset: Int) -> (text: String, caret: Int) {
        let offset = min(max(0, offset), characters.count)
        let start = max(0, offset - 30)
        let end = min(characters.count, offset + 30)
        var text = start > 0 ? "…" : ""
        text += display(String(characters[start..<end]))
        if end < characters.count { text += "…" }
        return (text, (start > 0 ? 1 : 0) + offset - start)
    }

    /// `diagnostic` with its column counted in Unicode code points of `text` rather than characters.
    static func codePointColumn(_ diagnostic: Diagnostic, in text: String) -> Diagnostic {
        guard let offset = diagnostic.offset, var position = diagnostic.position, offset >= 0 else { return diagnostic }
        var copy = diagnostic
        position.column = text.prefix(offset).unicodeScalars.count + 1
        copy.position = position
        return copy
    }

    /// Text safe to print on one line: line breaks and tabs become spaces, other control characters `?`.
    private static func display(_ text: String) -> String {
        String(text.map { character -> Character in
            if character.isNewline || character == "\t" { return " " }
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "?" }
            return character
        })
    }

    static func render(_ summary: Summary) -> String {
        let noun = summary.strings == 1 ? "string" : "strings"
        var text = "\(summary.strings) \(noun): \(summary.accepted) accepted, \(summary.rejected) rejected"
        text += " — \(summary.errors) error\(summary.errors == 1 ? "" : "s"), "
        text += "\(summary.warnings) warning\(summary.warnings == 1 ? "" : "s"), \(summary.infos) info"
        return Terminal.paint(text, .bold)
    }
}

extension String {
    /// The string cut to `limit` characters, with an ellipsis when cut.
    fileprivate func truncated(to limit: Int) -> String {
        var result = ""
        var iterator = makeIterator()
        for _ in 0..<limit {
            guard let character = iterator.next() else { return result }
            result.append(character)
        }
        return iterator.next() == nil ? result : result + "…"
    }

    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
