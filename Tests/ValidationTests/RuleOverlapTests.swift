import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// One problem, one finding: no two rules report the same thing twice.
@Suite struct RuleOverlapTests {
    /// Every rule's examples, valid and invalid, through the full validator: two rules that fire at exactly
    /// the same places on all of them cannot be told apart and report one problem twice (as two rules on
    /// InteractiveCreativeFile@apiFramework and two on the Verification vendor's form once did).
    @Test func noTwoRulesFireAtTheSamePlacesOnEveryExample() {
        // The document rules (the trafficking-parameter rules have strings for examples, not documents).
        let descriptions = AllRules.types.map { $0.description }
        let ids = Set(descriptions.map(\.id))
        var examples: [String] = []
        for description in descriptions {
            examples += (description.validExamples + description.invalidExamples).map(\.cleanText)
        }
        var places: [String: Set<String>] = [:]
        for (index, example) in examples.enumerated() {
            for finding in Validator.validate(VASTDecoder.decode(example)) where ids.contains(finding.ruleID) {
                places[finding.ruleID, default: []].insert("\(index):\(finding.position.map(\.description) ?? "-"):\(finding.path ?? "")")
            }
        }
        let groups = Dictionary(grouping: places.keys, by: { places[$0]! }).values.filter { $0.count > 1 }.map { $0.sorted() }
        #expect(groups.isEmpty, "rules that fire at the same places on every example: \(groups.sorted { $0[0] < $1[0] })")
    }

    /// UniversalAdId@idValue after 4.0 has a rule of its own (info); the unknown-attribute rule leaves it alone.
    @Test func aRemovedAttributeWithItsOwnRuleIsReportedOnce() {
        let tag = #"<VAST version="4.2"><Ad><InLine><Creatives><Creative><UniversalAdId idRegistry="ad-id.org" idValue="X">X</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#
        let ids = Validator.validate(VASTDecoder.decode(tag)).map(\.ruleID)
        #expect(ids.contains("VAST-4.1-universaladid-idvalue-removed"))
        #expect(!ids.contains("VAST-2.0-unknown-attribute"), "\(ids)")
        // Another removed attribute is still the unknown-attribute rule's.
        let other = #"<VAST version="4.2"><Ad><InLine><Creatives><Creative AdID="a"><UniversalAdId idRegistry="ad-id.org">X</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#
        #expect(Validator.validate(VASTDecoder.decode(other)).contains { $0.ruleID == "VAST-2.0-unknown-attribute" && $0.message.contains("Creative@AdID") })
    }

    /// A CompanionClickTracking without id: one rule, an error from 4.0 to 4.3 (the schemas require the id),
    /// silent from 4.4 (its schema makes the id optional) and for an empty id (the schema's xs:string accepts it).
    @Test func companionClickTrackingIdIsOneRule() {
        func findings(_ version: String, id: String? = nil) -> [String] {
            let attribute = id.map { " id=\"\($0)\"" } ?? ""
            let tag = #"<VAST version="\#(version)"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1"><CompanionClickTracking\#(attribute)>https://t.example/c</CompanionClickTracking></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#
            return Validator.validate(VASTDecoder.decode(tag)).filter { $0.ruleID.hasSuffix("clicktracking-id") }.map { "\($0.ruleID) \($0.severity)" }
        }
        #expect(findings("3.0").isEmpty)
        for version in ["4.0", "4.1", "4.2", "4.3"] {
            #expect(findings(version) == ["VAST-4.0-companion-clicktracking-id error"], "\(version)")
            #expect(findings(version, id: "").isEmpty, "\(version)")
            #expect(findings(version, id: "c1").isEmpty, "\(version)")
        }
        // Both former ids name the merged rule in a configuration.
        let aliases = Dictionary(uniqueKeysWithValues: AllRules.descriptions.flatMap { d in d.deprecatedAliases.map { ($0, d.id) } })
        #expect(aliases["VAST-4.0-companionclicktracking-id"] == "VAST-4.0-companion-clicktracking-id")
        #expect(aliases["VAST-4.1-companion-clicktracking-id"] == "VAST-4.0-companion-clicktracking-id")
    }

    /// A configuration written for a merged rule's former id still applies, to the rule that replaced it.
    @Test func formerIdsInTheConfigurationApplyToTheCurrentRule() throws {
        let aliases = Dictionary(uniqueKeysWithValues: AllRules.descriptions.flatMap { d in d.deprecatedAliases.map { ($0, d.id) } })
        #expect(aliases["VAST-4.1-verification-vendor-domain"] == "VAST-4.1-verification-vendor-format")
        let json = #"{"version": 1, "rules": {"VAST-4.1-verification-vendor-domain": "off"}}"#
        let (configuration, warnings) = try Configuration.parse(Data(json.utf8), knownRuleIDs: Set(AllRules.descriptions.map(\.id)), aliases: aliases)
        #expect(configuration.rules == ["VAST-4.1-verification-vendor-format": .off])
        #expect(warnings == [#"rule id "VAST-4.1-verification-vendor-domain" in configuration is now "VAST-4.1-verification-vendor-format" (applied to it); rename it"#])
        // The current id, when also set, wins over the former one.
        let both = #"{"version": 1, "rules": {"VAST-4.1-verification-vendor-domain": "off", "VAST-4.1-verification-vendor-format": "error"}}"#
        let (winner, _) = try Configuration.parse(Data(both.utf8), knownRuleIDs: Set(AllRules.descriptions.map(\.id)), aliases: aliases)
        #expect(winner.rules == ["VAST-4.1-verification-vendor-format": .error])
    }
}
