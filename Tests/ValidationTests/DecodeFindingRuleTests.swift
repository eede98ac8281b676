import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// The decoder's findings carry no severity and no spec reference: the rule that documents each one owns both.
@Suite struct DecodeFindingRuleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyDecoderIdHasADocumentingRule() {
        for id in DecodeRuleID.all {
            let rule = AllRules.types.first { $0.description.id == id }
            #expect(rule is any DecodeFindingRule.Type, "no DecodeFindingRule documents the decoder's \(id)")
        }
        #expect(Set(AllRules.decodeFindingRules.keys) == Set(DecodeRuleID.all), "a DecodeFindingRule whose id the decoder never uses")
    }

    /// Every finding the decoder makes on the shipped corpus names a decoder id, and so a documenting rule.
    @Test func everyDecoderFindingOfTheCorpusIsDocumented() throws {
        let corpus = Self.root.appendingPathComponent("Corpus")
        let files = (FileManager.default.enumerator(atPath: corpus.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".xml") || $0.hasSuffix(".bin") }
        try #require(files.count > 1000, "the shipped corpus is next to the tests")
        var seen = Set<String>()
        for file in files {
            let input = VASTDecoder.decode(try Data(contentsOf: corpus.appendingPathComponent(file)))
            for finding in input.findings {
                seen.insert(finding.ruleID)
                #expect(AllRules.decodeFindingRules[finding.ruleID] != nil, "\(file): \(finding.ruleID) has no documenting rule")
            }
        }
        #expect(seen.count >= 10, "the corpus exercises the decoder's findings")
    }

    /// Checked with or without the documenting rule in the rule set, a decoder finding reads the same: the
    /// rule's id, severity and spec reference.
    @Test func aDecoderFindingTakesItsRulesSeverityAndReference() throws {
        let tag = "<VAST version=\"4.2\"><Ad id=\"a\"><InLine><AdSystem>x</AdSystem><Expires>soon</Expires></InLine></Ad></VAST>"
        let input = VASTDecoder.decode(tag)
        let finding = try #require(input.findings.first { $0.ruleID == DecodeRuleID.integerValue })
        let rule = try #require(AllRules.decodeFindingRules[DecodeRuleID.integerValue])
        #expect(finding.diagnostic.severity == rule.severity)
        #expect(finding.diagnostic.spec == rule.primaryReference)
        let claimed = Validator.validate(input).filter { $0.ruleID == DecodeRuleID.integerValue }
        let unclaimed = Validator.validate(input, rules: []).filter { $0.ruleID == DecodeRuleID.integerValue }
        #expect(!claimed.isEmpty)
        #expect(claimed == unclaimed)
        #expect(claimed.allSatisfy { $0.severity == rule.severity && $0.spec == rule.primaryReference })
    }
}
