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
        let known = "known keys: version, rules, allowedURLSchemes, maxWrapperDepth, customMacros, inlineDirectives"
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
