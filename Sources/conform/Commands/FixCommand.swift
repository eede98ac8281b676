import ConformCore
import Foundation
import VAST
import Validation
import XMLCore

/// `conform fix`: the mechanical repairs of a tag's findings, shown, checked or written.
enum FixCommand: Subcommand {
    static let name = "fix"
    static let summary = "Repair the findings that have one certain repair (CDATA, macro case, encoding)."
    static let valueOptions: Set<String> = ["--format", "--config", "--rule", "--max-size"]
    static let flagOptions: Set<String> = ["--write", "--stdout", "--check", "--no-config", "--no-inline-directives"]
    static let usage = "conform fix [options] <file|folder|->..."
    static var help: String {
        let rules = TagFixer.fixes.keys.sorted().map { "  \($0.padding(toLength: 40, withPad: " ", startingAt: 0)) \(TagFixer.fixes[$0]!)" }
        return """
            OVERVIEW: Repair the findings of tags that have one certain repair, by editing only the text of the
            elements they point at, or one attribute value whose only fault is its spelling: the rest of the
            file (layout, comments, other attributes and elements) stays as it is.

            Without --write nothing is changed: each repair is shown, the text before and after. Every repair
            is checked before it is shown or written: the repaired tag must be well-formed XML, the repaired
            findings gone and no finding new; a tag whose repairs do not check out is left as it is.

            USAGE: \(usage)

            ARGUMENTS:
              <file|folder|->         Tag files, folders (every .xml, .vast and .vmap file under them), or - for
                                      standard input (with --stdout).

            OPTIONS:
              --write                 Write the repaired tags back in place (each through a temporary file).
              --stdout                Print the repaired tag instead of the repairs (one input).
              --check                 Change nothing; exit 1 when a tag has a repair to make (for CI).
              --format <format>       How to show the repairs. (values: text, json; default: text)
              --config <file>         Read this configuration instead of the nearest .conform.json.
              --no-config             Ignore any .conform.json.
            \(ConfigurationLoader.ruleOptionHelp)
            \(ConfigurationLoader.inlineDirectivesHelp)
              --max-size <bytes>      Refuse inputs larger than this. (default: 33554432)
              -h, --help              Show this help.

            A rule switched off by the configuration, and a finding switched off by a directive in the tag,
            are not repaired.

            REPAIRS:
            \(rules.joined(separator: "\n"))

            EXIT CODES:
              0  done (repairs shown or written, or none to make)
              1  a tag could not be repaired (not UTF-8, not well-formed, or its repairs did not check
                 out), or with --check: a tag has a repair to make
              2  an input could not be read or written      64  bad usage

            EXAMPLES:
              conform fix tag.xml
              conform fix --write ad-tags/
              conform fix --check ad-tags/
              curl -s https://ads.example.com/vast | conform fix --stdout - > tag.xml
            """
    }

    struct Report: Encodable {
        struct Repair: Encodable {
            var rules: [String]
            var line: Int
            var column: Int
            var element: String
            /// The attribute rewritten, when the repair is of an attribute value (`before` and `after` are its values).
            var attribute: String?
            var before: String
            var after: String
        }
        var file: String
        var repairs: [Repair]
        /// Why the tag was left as it is, when it was.
        var refused: String?
        var written: Bool
        /// Findings the repaired tag still has.
        var remaining: Int
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "fix", usage: usage)
        } catch { return error.report() }
        func usageError(_ message: String) -> Int32 { UsageError(message: message, command: "fix", usage: usage).report() }
        let format = scanner.value("--format") ?? "text"
        guard ["text", "json"].contains(format) else { return usageError("unknown format '\(format)' (values: text, json)") }
        let write = scanner.flag("--write"), toStdout = scanner.flag("--stdout"), check = scanner.flag("--check")
        guard [write, toStdout, check].filter({ $0 }).count <= 1 else { return usageError("--write, --stdout and --check exclude each other") }
        var maxBytes = XMLParseOptions.defaultMaxBytes
        if let raw = scanner.value("--max-size") {
            guard let bytes = Int(raw), bytes > 0 else { return usageError("--max-size takes a positive number of bytes") }
            maxBytes = bytes
        }
        guard !scanner.positionals.isEmpty else { return usageError("no input given") }
        if let url = scanner.positionals.first(where: { $0.hasPrefix("http://") || $0.hasPrefix("https://") }) {
            return usageError("\(url): fix repairs files; fetch the tag first (curl -s URL | conform fix --stdout -)")
        }
        if write, scanner.positionals.contains("-") { return usageError("--write cannot write standard input back; use --stdout") }
        let configuration: Configuration
        do { configuration = try ConfigurationLoader.load(from: scanner, command: "fix", usage: usage) } catch { return error.exitCode }
        let (inputs, folderErrors) = InputReader.expandFolders(scanner.positionals)
        if toStdout, inputs.count != 1 { return usageError("--stdout prints one repaired tag; the arguments name \(inputs.count)") }
        for error in folderErrors { Terminal.printError("Error: \(error)") }
        var failed = false, unreadable = !folderErrors.isEmpty, toRepair = 0
        var reports: [Report] = []
        for name in inputs {
            let data: Data
            do { data = try InputReader.read(name, maxBytes: maxBytes) } catch {
                Terminal.printError("Error: \(error)")
                unreadable = true
                continue
            }
            let repaired = repair(data, name: name, configuration: configuration)
            var report = repaired.report
            let fixed = repaired.fixed
            if report.refused != nil { failed = true }
            if !report.repairs.isEmpty { toRepair += 1 }
            if write, !report.repairs.isEmpty {
                do {
                    try writeInPlace(fixed, to: name)
                    report.written = true
                } catch {
                    Terminal.printError("Error: cannot write \(name): \(error)")
                    unreadable = true
                }
            }
            if toStdout {
                if let refused = report.refused { Terminal.printError("\(name): \(refused)") }
                FileHandle.standardOutput.write(fixed)
                continue
            }
            if format == "json" { reports.append(report) } else { printText(report) }
        }
        if format == "json", !toStdout { print(encodeJSON(reports)) }
        if format == "text", !toStdout, inputs.count > 1 {
            print("\(toRepair) of \(inputs.count) tag(s) with repairs" + (write ? ", written" : check || toRepair == 0 ? "" : "; add --write to make them"))
        }
        if unreadable { return ExitCode.cannotProceed }
        if failed || (check && toRepair > 0) { return ExitCode.findings }
        return ExitCode.success
    }

    /// The repairs of one tag under the configuration (its overrides for `name` applied), and the repaired
    /// tag (the tag as it is when it was refused).
    static func repair(_ data: Data, name: String, configuration: Configuration) -> (report: Report, fixed: Data) {
        var report = Report(file: name, repairs: [], refused: nil, written: false, remaining: 0)
        do {
            let outcome = try TagFixer.repair(data, configuration: configuration.resolved(forFile: name))
            report.remaining = outcome.remaining.count
            report.repairs = outcome.edits.map { edit in
                Report.Repair(rules: edit.ruleIDs, line: edit.position.line, column: edit.position.column, element: edit.elementName,
                              attribute: edit.attribute, before: edit.before, after: edit.after)
            }
            return (report, outcome.fixed)
        } catch {
            report.refused = error.description
            return (report, data)
        }
    }

    static func printText(_ report: Report) {
        if let refused = report.refused {
            print(Terminal.paint(report.file, .bold) + "  " + Terminal.paint("not repaired: \(refused)", .red) + "\n")
            return
        }
        guard !report.repairs.isEmpty else {
            print(Terminal.paint(report.file, .bold) + "  nothing to repair" + (report.remaining > 0 ? " (\(report.remaining) finding(s) need a hand)" : "") + "\n")
            return
        }
        let verb = report.written ? "repaired" : "to repair"
        print(Terminal.paint(report.file, .bold) + "  \(report.repairs.count) element(s) \(verb)")
        for repair in report.repairs {
            let what = "<\(repair.element)>" + (repair.attribute.map { " \($0)=" } ?? "")
            print("\(report.file):\(repair.line):\(repair.column): \(what) " + Terminal.paint("[\(repair.rules.joined(separator: ", "))]", .dim))
            var before = repair.before.trimmingCharacters(in: .whitespacesAndNewlines)
            var after = repair.after
            // An attribute value is shown quoted, as it is written; so is content whose repair is in its
            // surrounding white space alone, which trimming for the display would hide.
            if repair.attribute != nil || before == after {
                before = visiblyQuoted(repair.before)
                after = visiblyQuoted(repair.after)
            }
            print(Terminal.paint("  - " + before.replacingOccurrences(of: "\n", with: "\n    "), .red))
            print(Terminal.paint("  + " + after, .green))
        }
        let left = report.remaining > 0 ? "; \(report.remaining) finding(s) left for a hand (conform check \(report.file))" : "; no finding left"
        print("  " + (report.written ? "written" : "not written (add --write)") + left + "\n")
    }

    /// `text` in double quotes, with line breaks, tabs and other control characters written as escapes, so
    /// white space shows.
    static func visiblyQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Writes `data` over the file `path` through a temporary file in its folder and a rename, keeping its permissions.
    static func writeInPlace(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions]
        try data.write(to: temporary)
        if let permissions { try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path) }
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }
}
