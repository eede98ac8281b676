import ConformCore
import Foundation
import VAST
import Validation
import XMLCore

/// `conform diff`: the findings a change to a tag adds and removes, for reviewing an edit or gating it.
enum DiffCommand: Subcommand {
    static let name = "diff"
    static let summary = "Compare the findings of two versions of a tag: what a change adds and fixes."
    static let valueOptions: Set<String> = ["--format", "--config", "--rule", "--severity-threshold", "--max-size"]
    static let flagOptions: Set<String> = ["--no-config", "--strict", "--no-inline-directives"]
    static let usage = "conform diff [options] <old> <new>"
    static let help = """
        OVERVIEW: Compare the findings of two versions of a tag: what the change adds, what it fixes.

        A finding is the same in both versions when its rule, its element path and its message are: lines
        that moved do not count as changes. One whose rule and path stay but whose message changed (a
        count, a value) is shown as changed, not as added and fixed. Useful on a pull request that edits a
        tag, to see (and gate on) only what the edit brings.

        USAGE: \(usage)

        ARGUMENTS:
          <old> <new>             The two versions: files, http(s) URLs (fetched once), or - for standard
                                  input (one of them). Or two folders: their .xml, .vast and .vmap files
                                  are paired by their path under the folder; a file only in the new folder
                                  brings all its findings, one only in the old folder fixes all of its.

        OPTIONS:
          --format <format>       Output format. (values: text, json; default: text)
          --config <file>         Read this configuration instead of the nearest .conform.json.
          --no-config             Ignore any .conform.json.
        \(ConfigurationLoader.ruleOptionHelp)
        \(ConfigurationLoader.inlineDirectivesHelp)
          --severity-threshold <severity>
                                  Lowest severity of an added finding that fails the diff. (values: info,
                                  warning, error; default: error)
          --strict                Added warnings fail too (same as --severity-threshold warning).
          --max-size <bytes>      Refuse inputs larger than this. (default: 33554432)
          -h, --help              Show this help.

        EXIT CODES:
          0  the new version adds no finding at or above the threshold     1  it adds at least one
          2  an input could not be read                                   64 bad usage

        EXAMPLES:
          conform diff old/tag.xml tag.xml
          conform diff main-checkout/ad-tags ad-tags
          git show HEAD~1:ad-tags/spring.xml | conform diff --strict - ad-tags/spring.xml
          conform diff --format json 'https://ads.example.com/vast?id=1' candidate.xml
        """

    struct Change: Encodable {
        var old: Diagnostic
        var new: Diagnostic
    }

    struct Output: Encodable {
        var old: String
        var new: String
        /// Findings of the new version that the old one did not have.
        var added: [Diagnostic]
        /// Findings of the old version that the new one no longer has.
        var removed: [Diagnostic]
        /// Findings at the same element under the same rule whose message changed: the old and the new.
        var changed: [Change]
        /// Findings both versions have.
        var unchanged: Int
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, valueOptions: valueOptions, flagOptions: flagOptions, command: "diff", usage: usage)
        } catch { return error.report() }
        func usageError(_ message: String) -> Int32 { UsageError(message: message, command: "diff", usage: usage).report() }
        let format = scanner.value("--format") ?? "text"
        guard ["text", "json"].contains(format) else { return usageError("unknown format '\(format)' (values: text, json)") }
        let threshold: Severity
        do { threshold = try scanner.severityThreshold(command: "diff", usage: usage) } catch { return error.report() }
        var options = XMLParseOptions.default
        if let raw = scanner.value("--max-size") {
            guard let bytes = Int(raw), bytes > 0 else { return usageError("--max-size takes a positive number of bytes") }
            options.maxBytes = bytes
        }
        guard scanner.positionals.count == 2 else {
            return usageError("give two inputs, the old version and the new (got \(scanner.positionals.count))")
        }
        guard scanner.positionals.filter({ $0 == "-" }).count <= 1 else { return usageError("standard input can be read only once") }
        let configuration: Configuration
        do { configuration = try ConfigurationLoader.load(from: scanner, command: "diff", usage: usage) } catch { return error.exitCode }

        // Both versions are checked under the configuration of the new one's path (its overrides), so an old
        // version read from another checkout or standard input meets the same settings.
        func findings(_ name: String?, as path: String?) throws -> [Diagnostic] {
            guard let name else { return [] }
            let data = try InputReader.read(name, maxBytes: options.maxBytes)
            return Validator.validate(VASTDecoder.decode(data, options: options), file: name,
                                      configuration: configuration.resolved(forFile: path))
        }
        let (oldRoot, newRoot) = (scanner.positionals[0], scanner.positionals[1])
        let pairs: [(old: String?, new: String?)]
        switch (InputReader.isFolder(oldRoot), InputReader.isFolder(newRoot)) {
        case (false, false): pairs = [(oldRoot, newRoot)]
        case (true, true): pairs = pairFiles(old: oldRoot, new: newRoot)
        default: return usageError("compare two files or two folders, not a file with a folder")
        }
        var outputs: [Output] = []
        for pair in pairs {
            do {
                let path = pair.new ?? pair.old
                let comparison = compare(old: try findings(pair.old, as: path), new: try findings(pair.new, as: path))
                outputs.append(Output(old: pair.old ?? "(none)", new: pair.new ?? "(none)", added: comparison.added,
                                      removed: comparison.removed, changed: comparison.changed, unchanged: comparison.unchanged))
            } catch {
                Terminal.printError("Error: \(error)")
                return ExitCode.cannotProceed
            }
        }
        if pairs.count == 1, !InputReader.isFolder(oldRoot) {
            if format == "json" { print(encodeJSON(outputs[0])) } else { printText(outputs[0]) }
        } else if format == "json" {
            print(encodeJSON(outputs))
        } else {
            // Only the files whose findings changed, then the totals.
            for output in outputs where !(output.added.isEmpty && output.removed.isEmpty && output.changed.isEmpty) {
                printText(output)
            }
            let (added, removed, changed) = (outputs.reduce(0) { $0 + $1.added.count }, outputs.reduce(0) { $0 + $1.removed.count },
                                             outputs.reduce(0) { $0 + $1.changed.count })
            print("\(outputs.count) file(s) compared: \(added) added, \(removed) fixed, \(changed) changed")
        }
        return outputs.contains { $0.added.hasAny(atLeast: threshold) } ? ExitCode.findings : ExitCode.success
    }

    /// The tag files of two folders paired by their path under the folder, in path order; `nil` on the side
    /// that lacks the file.
    static func pairFiles(old: String, new: String) -> [(old: String?, new: String?)] {
        func files(_ root: String) -> [String: String] {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            let found = InputReader.expandFolders([root]).inputs
            return Dictionary(found.map { (String($0.dropFirst(prefix.count)), $0) }, uniquingKeysWith: { first, _ in first })
        }
        let (before, after) = (files(old), files(new))
        return Set(before.keys).union(after.keys).sorted().map { (before[$0], after[$0]) }
    }

    /// The identity of a finding across versions: rule, element path and, unless `withMessage` is false,
    /// message (never the line).
    struct Key: Hashable {
        var ruleID: String
        var path: String?
        var message: String?

        init(_ diagnostic: Diagnostic, withMessage: Bool = true) {
            ruleID = diagnostic.ruleID
            path = diagnostic.path
            message = withMessage ? diagnostic.message : nil
        }
    }

    /// Pairs findings of `old` and `new` that have the same key, each finding in at most one pair, in order;
    /// returns the pairs and what is left of each side. Repeated findings count as many times as they occur.
    static func match(_ old: [Diagnostic], _ new: [Diagnostic], key: (Diagnostic) -> Key)
        -> (pairs: [(Diagnostic, Diagnostic)], old: [Diagnostic], new: [Diagnostic]) {
        var waiting: [Key: [Int]] = [:]
        for (index, diagnostic) in old.enumerated() { waiting[key(diagnostic), default: []].append(index) }
        var taken = Set<Int>()
        var pairs: [(Diagnostic, Diagnostic)] = [], unmatched: [Diagnostic] = []
        for diagnostic in new {
            let k = key(diagnostic)
            if var indices = waiting[k], !indices.isEmpty {
                let index = indices.removeFirst()
                waiting[k] = indices
                taken.insert(index)
                pairs.append((old[index], diagnostic))
            } else {
                unmatched.append(diagnostic)
            }
        }
        let left = old.indices.filter { !taken.contains($0) }.map { old[$0] }
        return (pairs, left, unmatched)
    }

    /// What `new` adds to `old`, what it fixes, which findings stayed at their element under their rule with
    /// another message, and how many stayed the same.
    static func compare(old: [Diagnostic], new: [Diagnostic])
        -> (added: [Diagnostic], removed: [Diagnostic], changed: [Change], unchanged: Int) {
        let same = match(old, new) { Key($0) }
        let moved = match(same.old, same.new) { Key($0, withMessage: false) }
        return (moved.new, moved.old, moved.pairs.map { Change(old: $0.0, new: $0.1) }, same.pairs.count)
    }

    static func printText(_ output: Output) {
        print(Terminal.paint("\(output.old) → \(output.new)", .bold))
        func line(_ sign: String, _ diagnostic: Diagnostic, _ style: Terminal.Style, note: String = "") {
            var location = diagnostic.file ?? ""
            if let position = diagnostic.position { location += ":\(position.line):\(position.column)" }
            print(Terminal.paint(sign, style) + " \(location): \(diagnostic.severity.rawValue): \(diagnostic.message) "
                  + Terminal.paint("[\(diagnostic.ruleID)]", .dim) + note)
        }
        for diagnostic in output.added { line("+", diagnostic, .red) }
        for diagnostic in output.removed { line("-", diagnostic, .green) }
        for change in output.changed { line("~", change.new, .yellow, note: Terminal.paint(" (was: \(change.old.message))", .dim)) }
        let counts = [(output.added.count, "added"), (output.removed.count, "fixed"), (output.changed.count, "changed")]
        let verdict = counts.allSatisfy { $0.0 == 0 } ? "no change in findings"
            : counts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        print("  \(verdict), \(output.unchanged) unchanged")
    }
}
