import ConformCore
import Foundation
import Validation

/// `conform schema`: the JSON Schema of `.conform.json`, every rule id a property, so editors complete and check
/// the file. Committed as `Docs/conform.schema.json`.
enum SchemaCommand: Subcommand {
    static let name = "schema"
    static let summary = "Print the JSON Schema of .conform.json, for editors."
    static let usage = "conform schema"
    static let help = """
        OVERVIEW: Print the JSON Schema of .conform.json: editors that read it complete rule ids and
        settings and flag misspelt keys as you type.

        The schema is committed as Docs/conform.schema.json; point the file at it with
          {"$schema": "./Docs/conform.schema.json", "version": 1, ...}
        (a path relative to the configuration file, or a URL where the project publishes it), or map it
        in the editor's settings. Regenerate it with
          swift run conform schema > Docs/conform.schema.json

        USAGE: \(usage)

        EXIT CODES:
          0  the schema was printed                64 bad usage
        """

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") { print(help); return ExitCode.success }
        guard arguments.isEmpty else {
            return UsageError(message: "schema takes no arguments (got \(arguments.joined(separator: " ")))", command: "schema", usage: usage).report()
        }
        print(schema(), terminator: "")
        return ExitCode.success
    }

    /// The schema's text: JSON with sorted keys, ending in a newline.
    static func schema() -> String {
        let setting: [String: Any] = [
            "enum": RuleSetting.allCases.map(\.rawValue),
            "description": "off: not reported; info, warning or error: reported at that severity.",
        ]
        // Every rule id is a property (with its summary), so editors offer them; patterns with * are allowed too.
        var ruleProperties: [String: Any] = [:]
        for rule in RuleCatalog.all {
            ruleProperties[rule.id] = ["$ref": "#/definitions/setting", "description": "\(rule.severity.rawValue) by default: \(rule.summary)"]
        }
        let rules: [String: Any] = [
            "type": "object",
            "description": "Rule id, or pattern where * stands for any run of characters (VAST-*-url-cdata), to a setting. The narrowest pattern wins, and an exact id over every pattern.",
            "properties": ruleProperties,
            "patternProperties": [#"\*"#: ["$ref": "#/definitions/setting"]],
            "additionalProperties": ["$ref": "#/definitions/setting"],
        ]
        let macros: [String: Any] = [
            "type": "array", "items": ["type": "string", "pattern": "^[A-Za-z0-9_]+$"],
            "description": "Macro names outside the IAB list that the project's ad servers or players fill: AD_MT for [AD_MT], CACHEBUSTER for %%CACHEBUSTER%%.",
        ]
        let schemes: [String: Any] = [
            "type": "array", "items": ["type": "string"],
            "description": "URL schemes the URL rules accept without a finding (default: https and http; http still warns).",
        ]
        let directives: [String: Any] = [
            "type": "boolean", "description": "Whether <!-- conform-disable … --> comments in tags switch findings off (default: true).",
        ]
        let overrideProperties: [String: Any] = [
            "files": [
                "type": "array", "minItems": 1, "items": ["type": "string", "minLength": 1],
                "description": "Path patterns relative to the configuration's folder: * any run of characters but /, ** any run of folders, ? one character; a pattern without / matches the file name in any folder.",
            ] as [String: Any],
            "rules": ["$ref": "#/definitions/rules"],
            "allowedURLSchemes": schemes,
            "customMacros": macros,
            "inlineDirectives": directives,
        ]
        let properties: [String: Any] = [
            "$schema": ["type": "string", "description": "Where this schema is, for editors."],
            "version": ["type": "integer", "minimum": 1, "maximum": Configuration.currentVersion,
                        "description": "The file format's version."] as [String: Any],
            "rules": ["$ref": "#/definitions/rules"],
            "allowedURLSchemes": schemes,
            "maxWrapperDepth": ["type": "integer", "minimum": 0,
                                "description": "Wrapper hops followed by check --follow (without --player or --max-depth) and by chain cases without their own maxDepth (default: 5)."] as [String: Any],
            "customMacros": macros,
            "inlineDirectives": directives,
            "overrides": [
                "type": "array",
                "description": "Settings for the files matching path patterns, applied in order over the rest.",
                "items": ["type": "object", "required": ["files"], "additionalProperties": false, "properties": overrideProperties] as [String: Any],
            ] as [String: Any],
        ]
        // Every key the configuration reads has its entry here, and nothing else.
        precondition(Set(properties.keys) == Set(Configuration.fileKeys + ["$schema"]), "the schema and Configuration's keys differ")
        precondition(Set(overrideProperties.keys) == Set(Configuration.overrideKeys), "the schema and an override's keys differ")
        let document: [String: Any] = [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": "conform configuration (.conform.json)",
            "type": "object",
            "required": ["version"],
            "additionalProperties": false,
            "properties": properties,
            "definitions": ["setting": setting, "rules": rules] as [String: Any],
        ]
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
