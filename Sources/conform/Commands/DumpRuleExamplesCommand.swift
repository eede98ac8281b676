import ConformCore
import Profiles
import Foundation
import Trafficking
import Validation

/// `conform dump-rule-examples`: a development command that prints every rule's examples as JSON,
/// for the corpus generator (scripts/gen-corpus.py) to turn into one case per example.
enum DumpRuleExamplesCommand: Subcommand {
    static let name = "dump-rule-examples"
    static let summary = "Print every rule example as JSON (for the rule tooling)."
    static let usage = "conform dump-rule-examples"
    static let help = """
        OVERVIEW: (development) Print the examples of every rule as JSON, with marker positions
        resolved, for scripts/gen-corpus.py.

        USAGE: \(usage)

        OPTIONS:
          -h, --help              Show this help.

        Output: [{"kind" (vast, params or profile), "id", "severity", "versions": {"from", "to"} or null,
                  "elements" (the element names a document rule looks at; omitted when any),
                  "valid": [text], "invalid": [{"text", "positions": [{"line", "column"}]}],
                  for profile rules also "profile" (pause, companion, ssai, schedule) and "options"
                  (the key=value profile options the examples assume)}]
        sorted by id; texts have their ↓ markers removed.

        EXAMPLES:
          conform dump-rule-examples > rule-examples.json
        """

    struct Versions: Encodable { var from: String; var to: String }
    struct Invalid: Encodable { var text: String; var positions: [SourcePosition] }
    struct Entry: Encodable {
        /// `vast` (examples are documents), `params` (examples are parameter strings) or `profile`
        /// (documents evaluated through ``profile`` with ``options``).
        var kind: String
        var id: String
        var severity: Severity
        var versions: Versions?
        var elements: [String]? = nil
        var valid: [String]
        var invalid: [Invalid]
        var profile: String? = nil
        var options: [String]? = nil
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        guard arguments.isEmpty else {
            return UsageError(message: "unexpected argument '\(arguments[0])'", command: "dump-rule-examples", usage: usage).report()
        }
        let vast = AllRules.types.map { type -> Entry in
            let description = type.description
            return Entry(
                kind: "vast", id: description.id, severity: description.severity,
                versions: description.versions.map { Versions(from: $0.lowerBound.rawValue, to: $0.upperBound.rawValue) },
                elements: description.elements.isEmpty ? nil : description.elements,
                valid: description.validExamples.map(\.cleanText),
                invalid: description.invalidExamples.map { Invalid(text: $0.cleanText, positions: $0.markerPositions) })
        }
        let params = TraffickingRules.all.map { description in
            Entry(kind: "params", id: description.id, severity: description.severity, versions: nil,
                  valid: description.validExamples.map(\.cleanText),
                  invalid: description.invalidExamples.map { Invalid(text: $0.cleanText, positions: $0.markerPositions) })
        }
        let profiles = ProfileRules.entries.map { entry in
            Entry(kind: "profile", id: entry.rule.id, severity: entry.rule.severity, versions: nil,
                  valid: entry.rule.validExamples.map(\.cleanText),
                  invalid: entry.rule.invalidExamples.map { Invalid(text: $0.cleanText, positions: $0.markerPositions) },
                  profile: entry.profile.rawValue, options: entry.exampleOptions.settings)
        }
        let entries = (vast + params + profiles).sorted { $0.id < $1.id }
        print(encodeJSON(entries))
        return ExitCode.success
    }
}
