import ConformCore
import Testing

import Trafficking

/// The examples of every rule are its tests: a valid example produces no diagnostic of the rule, an
/// invalid one produces diagnostics of the rule exactly at its `↓` markers.
@Suite("Rule examples")
struct RuleExampleTests {
    @Test("Examples", arguments: TraffickingRules.all)
    func examples(rule: RuleDescription) {
        for example in rule.validExamples {
            let analysis = TraffickingAnalyzer.analyze(example.cleanText, policy: TraffickingRules.examplePolicy)
            let found = analysis.diagnostics(ofRule: rule.id)
            #expect(
                found.isEmpty,
                "valid example of \(rule.id) produced \(found.map(\.description))",
                sourceLocation: example.sourceLocation)
        }
        for example in rule.invalidExamples {
            let analysis = TraffickingAnalyzer.analyze(example.cleanText, policy: TraffickingRules.examplePolicy)
            let found = analysis.diagnostics(ofRule: rule.id)
            #expect(
                found.compactMap(\.offset).sorted() == example.markerOffsets.sorted(),
                "invalid example of \(rule.id): expected offsets \(example.markerOffsets), got \(found.map(\.description))",
                sourceLocation: example.sourceLocation)
            for diagnostic in found {
                #expect(diagnostic.severity == rule.severity)
                #expect(diagnostic.position?.column == (diagnostic.offset ?? -1) + 1)
                #expect(diagnostic.spec == rule.primaryReference)
                #expect(!diagnostic.message.isEmpty)
            }
        }
    }
}

@Suite("Rule catalogue")
struct RuleCatalogueTests {
    @Test func idsAreUniqueAndPrefixed() {
        let ids = TraffickingRules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("PARAM-") })
        #expect(ids == ids.sorted())
    }

    @Test func everyRuleIsDocumented() {
        for rule in TraffickingRules.all {
            #expect(!rule.validExamples.isEmpty, "\(rule.id) has no valid example")
            #expect(!rule.invalidExamples.isEmpty, "\(rule.id) has no invalid example")
            #expect(!rule.specReferences.isEmpty, "\(rule.id) has no spec reference")
            #expect(rule.specReferences.allSatisfy { !$0.section.isEmpty && !$0.quote.isEmpty })
            #expect(!rule.name.isEmpty && !rule.summary.isEmpty && !rule.rationale.isEmpty && !rule.fix.isEmpty)
            #expect(rule.invalidExamples.allSatisfy { !$0.markerOffsets.isEmpty }, "\(rule.id) has an example without a marker")
        }
    }

    @Test func lookupByID() {
        #expect(TraffickingRules.rule(id: "PARAM-duplicate-key")?.severity == .error)
        #expect(TraffickingRules.rule(id: "PARAM-nope") == nil)
        #expect(TraffickingRules.all.count >= 30)
    }

    /// Every rule id the analyzer can emit is in the catalogue (checked over all examples).
    @Test func emittedRulesAreRegistered() {
        let ids = Set(TraffickingRules.all.map(\.id))
        for rule in TraffickingRules.all {
            for example in rule.validExamples + rule.invalidExamples {
                let analysis = TraffickingAnalyzer.analyze(example.cleanText, policy: TraffickingRules.examplePolicy)
                for diagnostic in analysis.diagnostics {
                    #expect(ids.contains(diagnostic.ruleID), "unregistered \(diagnostic.ruleID)")
                }
            }
        }
    }
}

extension RuleExample {
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: sourceFile, filePath: sourceFile, line: sourceLine, column: 1)
    }
}

extension RuleDescription: CustomTestStringConvertible {
    public var testDescription: String { id }
}
