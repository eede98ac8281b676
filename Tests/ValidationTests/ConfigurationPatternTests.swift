import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// Rule patterns (`*` for any run of characters) in `.conform.json` and through `--rule`.
struct ConfigurationPatternTests {
    static let ids = ["VAST-2.0-url-cdata", "VAST-2.0-url-http", "VAST-2.0-url-scheme", "VAST-4.1-adservingid-present",
                      "PROFILE-pause-nonlinear-required", "PROFILE-pause-image-type"]

    @Test(arguments: [
        ("VAST-2.0-url-http", "VAST-2.0-url-http", true),
        ("VAST-2.0-url-http", "VAST-2.0-url-https", false),
        ("VAST-2.0-url-*", "VAST-2.0-url-http", true),
        ("VAST-2.0-url-*", "VAST-2.0-url-", true),
        ("VAST-2.0-url-*", "VAST-3.0-url-http", false),
        ("*-url-http", "VAST-2.0-url-http", true),
        ("*-url-http", "VAST-2.0-url-https", false),
        ("VAST-*-url-*", "VAST-2.0-url-cdata", true),
        ("VAST-*-url-*", "VAST-2.0-mediafile-url", false),
        ("*", "anything", true),
        ("a*a", "a", false),
        ("a*a", "aa", true),
        ("*ab*ab", "xabyab", true),
        ("*ab*ab", "xab", false),
        ("vast-2.0-url-*", "VAST-2.0-url-http", false),
    ])
    func matching(pattern: String, id: String, expected: Bool) {
        #expect(Configuration.matches(pattern, id) == expected, "\(pattern) ~ \(id)")
    }

    @Test func aPatternInTheFileSetsEveryRuleItNamesAndTheNarrowestWins() throws {
        let json = #"""
            {"version": 1, "rules": {"VAST-*": "info", "VAST-2.0-url-*": "off", "VAST-2.0-url-http": "error",
             "PROFILE-pause-*": "warning", "NOTHING-*": "off"}}
            """#
        let (configuration, warnings) = try Configuration.parse(Data(json.utf8), knownRuleIDs: Set(Self.ids))
        #expect(configuration.rules == [
            "VAST-2.0-url-cdata": .off, "VAST-2.0-url-http": .error, "VAST-2.0-url-scheme": .off,
            "VAST-4.1-adservingid-present": .info,
            "PROFILE-pause-nonlinear-required": .warning, "PROFILE-pause-image-type": .warning,
        ])
        #expect(warnings == [#"rule pattern "NOTHING-*" in configuration matches no rule (ignored); run 'conform rules' for the list"#])
    }

    @Test func settingsFromTheCommandLineApplyInOrderOverTheFile() {
        var configuration = Configuration(rules: ["VAST-2.0-url-http": .error])
        #expect(configuration.set("VAST-2.0-url-*", to: .off, among: Self.ids) == ["VAST-2.0-url-cdata", "VAST-2.0-url-http", "VAST-2.0-url-scheme"])
        #expect(configuration.set("VAST-2.0-url-cdata", to: .warning, among: Self.ids) == ["VAST-2.0-url-cdata"])
        #expect(configuration.set("NOPE-*", to: .off, among: Self.ids).isEmpty)
        #expect(configuration.rules == ["VAST-2.0-url-http": .off, "VAST-2.0-url-scheme": .off, "VAST-2.0-url-cdata": .warning])
    }

    /// The settings reach the validation: the table the rules are run from follows `rules` after `set`.
    @Test func aPatternSetThroughTheCommandLineChangesWhatTheValidatorReports() {
        let tag = #"<VAST version="4.2"><Error>http://e.adsrv.net/e?c=[ERRORCODE]</Error></VAST>"#
        let input = VASTDecoder.decode(tag)
        let before = Validator.validate(input)
        #expect(before.contains { $0.ruleID == "VAST-2.0-url-http" && $0.severity == .warning })
        #expect(before.contains { $0.ruleID == "VAST-2.0-url-cdata" })
        var configuration = Configuration()
        configuration.set("VAST-2.0-url-*", to: .off, among: AllRules.descriptions.map(\.id))
        configuration.set("VAST-2.0-url-http", to: .error, among: AllRules.descriptions.map(\.id))
        let after = Validator.validate(input, configuration: configuration)
        #expect(after.contains { $0.ruleID == "VAST-2.0-url-http" && $0.severity == .error })
        #expect(!after.contains { $0.ruleID.hasPrefix("VAST-2.0-url-") && $0.ruleID != "VAST-2.0-url-http" })
        #expect(after.filter { !$0.ruleID.hasPrefix("VAST-2.0-url-") } == before.filter { !$0.ruleID.hasPrefix("VAST-2.0-url-") })
    }
}

/// Keys of `.conform.json` that this version does not read.
struct ConfigurationKeyTests {
    @Test func unknownKeysWarnWithTheKeyMeant() throws {
        let json = #"{"version": 1, "allowedUrlSchemes": ["https"], "colour": true, "$schema": "https://example.org/s.json"}"#
        let (configuration, warnings) = try Configuration.parse(Data(json.utf8), knownRuleIDs: [])
        let known = "known keys: version, rules, allowedURLSchemes, maxWrapperDepth, customMacros, inlineDirectives, overrides"
        #expect(warnings == [
            #"unknown key "allowedUrlSchemes" in configuration (ignored); did you mean "allowedURLSchemes"?; "# + known,
            #"unknown key "colour" in configuration (ignored); "# + known,
        ])
        // The misspelt key is not read: the default schemes stay.
        #expect(configuration.allowedURLSchemes == ["https", "http"])
        let clean = try Configuration.parse(Data(#"{"version": 1, "maxWrapperDepth": 3}"#.utf8), knownRuleIDs: [])
        #expect(clean.1.isEmpty && clean.0.maxWrapperDepth == 3)
    }
}

/// `overrides`: settings for some files, by path pattern relative to the configuration file.
struct ConfigurationOverrideTests {
    @Test(arguments: [
        ("legacy/**", "legacy/a.xml", true), ("legacy/**", "legacy/x/y/a.xml", true), ("legacy/**", "new/legacy/a.xml", false),
        ("legacy/", "legacy/x/a.xml", true), ("*.vmap", "a.vmap", true), ("*.vmap", "x/y/a.vmap", true), ("*.vmap", "a.xml", false),
        ("tags/*.xml", "tags/a.xml", true), ("tags/*.xml", "tags/x/a.xml", false), ("tags/**/*.xml", "tags/a.xml", true),
        ("tags/**/*.xml", "tags/x/y/a.xml", true), ("t?gs/a.xml", "tags/a.xml", true), ("t?gs/a.xml", "t/gs/a.xml", false),
        ("./legacy/*", "legacy/a.xml", true), ("**/partner-*/**", "x/partner-acme/y/a.xml", true),
    ])
    func globs(pattern: String, path: String, matches: Bool) {
        #expect(Configuration.glob(pattern, matches: path) == matches, "\(pattern) ~ \(path)")
    }

    @Test func pathsAreTakenRelativeToTheConfigurationFolder() {
        #expect(Configuration.relativePath("/repo/tags/a.xml", to: "/repo") == "tags/a.xml")
        #expect(Configuration.relativePath("/repo/tags/../legacy/./a.xml", to: "/repo/") == "legacy/a.xml")
        #expect(Configuration.relativePath("/elsewhere/a.xml", to: "/repo") == nil)
        #expect(Configuration.relativePath("/repo", to: "/repo") == nil)
    }

    @Test func overridesApplyInOrderAndTheCommandLineWins() throws {
        let json = #"""
            {"version": 1, "rules": {"VAST-2.0-url-http": "error"},
             "overrides": [
               {"files": ["legacy/**"], "rules": {"VAST-*-url-http": "off", "VAST-2.0-url-cdata": "warning"}, "inlineDirectives": false},
               {"files": ["legacy/keep/*.xml"], "rules": {"VAST-2.0-url-http": "info"}, "customMacros": ["AD_MT"], "allowedURLSchemes": ["https"]}
             ]}
            """#
        let ids: Set<String> = ["VAST-2.0-url-http", "VAST-2.0-url-cdata", "VAST-2.0-mediafile-https"]
        let (parsed, warnings) = try Configuration.parse(Data(json.utf8), knownRuleIDs: ids)
        #expect(warnings.isEmpty, "\(warnings)")
        var configuration = parsed
        configuration.baseDirectory = "/repo"
        let plain = configuration.resolved(forFile: "/repo/tags/a.xml")
        #expect(plain == configuration)
        let legacy = configuration.resolved(forFile: "/repo/legacy/a.xml")
        #expect(legacy.rules["VAST-2.0-url-http"] == .off && legacy.rules["VAST-2.0-url-cdata"] == .warning)
        #expect(!legacy.inlineDirectives)
        let keep = configuration.resolved(forFile: "/repo/legacy/keep/b.xml")
        #expect(keep.rules["VAST-2.0-url-http"] == .info, "the later override wins")
        #expect(keep.customMacros == ["AD_MT"] && keep.customMacroSet == ["AD_MT"] && keep.allowedSchemeSet == ["https"])
        // Standard input, URLs and files outside the folder get the configuration as it is.
        #expect(configuration.resolved(forFile: "-") == configuration)
        #expect(configuration.resolved(forFile: "https://ads.example.com/legacy/a.xml") == configuration)
        #expect(configuration.resolved(forFile: "/other/legacy/a.xml") == configuration)
        // --rule and --no-inline-directives, applied after the file, win over every override.
        var pinned = configuration
        pinned.set("VAST-2.0-url-http", to: .warning, among: ids)
        pinned.inlineDirectives = true
        pinned.pinnedInlineDirectives = true
        let pinnedLegacy = pinned.resolved(forFile: "/repo/legacy/keep/b.xml")
        #expect(pinnedLegacy.rules["VAST-2.0-url-http"] == .warning && pinnedLegacy.inlineDirectives)
        // The rule settings reach the validator.
        let tag = "<VAST version=\"4.2\"><Error><![CDATA[http://e.adsrv.net/e?c=[ERRORCODE]]]></Error></VAST>"
        let input = VASTDecoder.decode(tag)
        #expect(Validator.validate(input, configuration: plain).contains { $0.ruleID == "VAST-2.0-url-http" && $0.severity == .error })
        #expect(!Validator.validate(input, configuration: legacy).contains { $0.ruleID == "VAST-2.0-url-http" })
    }

    /// A well-formed file with a value the configuration does not accept names the value and where it is,
    /// rather than calling the file malformed JSON.
    @Test func aBadValueIsNamedWithItsPlace() {
        #expect(throws: ConfigurationError.malformed(#"invalid value at "rules.VAST-2.0-url-http": "loud" is not a rule setting (values: off, info, warning, error)"#)) {
            try Configuration.parse(Data(#"{"version": 1, "rules": {"VAST-2.0-url-http": "loud"}}"#.utf8), knownRuleIDs: ["VAST-2.0-url-http"])
        }
        #expect(throws: ConfigurationError.self) {
            try Configuration.parse(Data(#"{"version": 1, "rules": {"#.utf8), knownRuleIDs: [])
        }
    }

    @Test func badOverridesAreErrorsOrWarnings() throws {
        #expect(throws: ConfigurationError.self) {
            try Configuration.parse(Data(#"{"version": 1, "overrides": [{"files": [], "rules": {}}]}"#.utf8), knownRuleIDs: [])
        }
        #expect(throws: ConfigurationError.self) {
            try Configuration.parse(Data(#"{"version": 1, "overrides": [{"rules": {}}]}"#.utf8), knownRuleIDs: [])
        }
        let (_, warnings) = try Configuration.parse(
            Data(#"{"version": 1, "overrides": [{"files": ["a/**"], "rule": {}, "rules": {"NOPE": "off", "X-*": "off"}}]}"#.utf8),
            knownRuleIDs: ["VAST-2.0-url-http"])
        #expect(warnings == [
            #"rule pattern "X-*" in overrides[0] matches no rule (ignored); run 'conform rules' for the list"#,
            #"unknown key "rule" in overrides[0] (ignored); known keys: files, rules, allowedURLSchemes, customMacros, inlineDirectives"#,
            #"unknown rule id "NOPE" in overrides[0] (ignored); run 'conform rules' for the list"#,
        ])
    }
}
