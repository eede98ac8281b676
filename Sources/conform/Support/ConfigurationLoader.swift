import Conformance
import Foundation
import Validation

/// Finds and reads `.conform.json` for the command line: `--config FILE`, `--no-config`, or the
/// nearest file from the working directory upward.
enum ConfigurationLoader {
    /// The help line of `--rule`, shared by the commands that take it.
    static let ruleOptionHelp = """
          --rule <id=setting>     Set a rule to off, info, warning or error over the configuration file;
                                  repeatable, later ones win. The id may hold * for any run of
                                  characters: --rule 'VAST-*-url-cdata=off' --rule 'PROFILE-pause-*=error'.
        """

    /// The help line of `--no-inline-directives`, shared by the commands that check tags.
    static let inlineDirectivesHelp = """
          --no-inline-directives  Ignore the <!-- conform-disable … --> comments in tags: report every
                                  finding (for an audit of what the tags switch off).
        """

    /// `--rule ID=SETTING` values, checked: a known setting, and an id or pattern that names a rule.
    static func overrides(_ raw: [String], command: String, usage: String) throws(UsageError) -> [(pattern: String, setting: RuleSetting)] {
        let ids = RuleCatalog.all.map(\.id)
        var out: [(pattern: String, setting: RuleSetting)] = []
        for item in raw {
            guard let equals = item.lastIndex(of: "="), equals != item.startIndex else {
                throw UsageError(message: "--rule takes ID=SETTING, e.g. --rule VAST-2.0-url-http=off (got '\(item)')",
                                 command: command, usage: usage)
            }
            var pattern = item[..<equals].trimmingCharacters(in: .whitespaces)
            if let current = RuleCatalog.aliases[pattern], !ids.contains(pattern) {
                Terminal.printError("warning: --rule \(pattern): the rule is now \(current) (applied to it)")
                pattern = current
            }
            let rawSetting = item[item.index(after: equals)...].trimmingCharacters(in: .whitespaces).lowercased()
            guard let setting = RuleSetting(rawValue: rawSetting) else {
                let values = RuleSetting.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "--rule \(pattern): unknown setting '\(rawSetting)' (values: \(values))", command: command, usage: usage)
            }
            guard ids.contains(where: { Configuration.matches(pattern, $0) }) else {
                let close = Configuration.isPattern(pattern) ? [] : RuleDocumentation.suggestions(for: pattern, in: ids)
                let hint = close.isEmpty ? "run 'conform rules' for the list" : "did you mean \(close.joined(separator: ", "))?"
                throw UsageError(message: "--rule \(pattern) names no rule; \(hint)", command: command, usage: usage)
            }
            out.append((pattern, setting))
        }
        return out
    }

    /// Why a command could not get its configuration; the reason is already printed.
    struct Failure: Error {
        let exitCode: Int32
    }

    /// The configuration of a command from its `--config`, `--no-config` and `--rule` options. A bad `--rule`
    /// is reported as a usage error (exit 64); an unreadable or malformed file as an error (exit 2).
    static func load(from scanner: ArgumentScanner, command: String, usage: String) throws(Failure) -> Configuration {
        let settings: [(pattern: String, setting: RuleSetting)]
        do {
            settings = try overrides(scanner.values("--rule"), command: command, usage: usage)
        } catch {
            throw Failure(exitCode: error.report())
        }
        do {
            var configuration = try load(explicit: scanner.value("--config"), disabled: scanner.flag("--no-config"), overrides: settings)
            if scanner.flag("--no-inline-directives") {
                configuration.inlineDirectives = false
                configuration.pinnedInlineDirectives = false
            }
            return configuration
        } catch {
            Terminal.printError("Error: \(error)")
            throw Failure(exitCode: ExitCode.cannotProceed)
        }
    }

    /// The configuration (file, or none with `disabled`) with the command line's `--rule` settings applied
    /// in order over it.
    static func load(explicit: String?, disabled: Bool, overrides: [(pattern: String, setting: RuleSetting)]) throws(ConfigurationError) -> Configuration {
        var configuration = try load(explicit: explicit, disabled: disabled)
        let ids = RuleCatalog.all.map(\.id)
        for (pattern, setting) in overrides { configuration.set(pattern, to: setting, among: ids) }
        return configuration
    }

    static func load(explicit: String?, disabled: Bool) throws(ConfigurationError) -> Configuration {
        if disabled { return .default }
        var url: URL?
        if let explicit {
            url = URL(fileURLWithPath: explicit)
        } else {
            var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            while true {
                let candidate = directory.appendingPathComponent(Configuration.fileName)
                if FileManager.default.fileExists(atPath: candidate.path) { url = candidate; break }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        guard let url else { return .default }
        let data: Data
        do {
            data = try readWholeFile(url)
        } catch {
            throw .unreadable(path: url.path, reason: fileErrorReason(error))
        }
        let (parsed, warnings) = try Configuration.parse(data, knownRuleIDs: Set(RuleCatalog.all.map(\.id)), aliases: RuleCatalog.aliases)
        for warning in warnings { Terminal.printError("warning: \(url.lastPathComponent): \(warning)") }
        // The overrides' file patterns start at the file's folder.
        var configuration = parsed
        configuration.baseDirectory = url.deletingLastPathComponent().path
        return configuration
    }
}
