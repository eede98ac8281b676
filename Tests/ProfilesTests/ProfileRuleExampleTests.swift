import ConformCore
import Testing
import VAST
@testable import Profiles

/// Every profile rule's examples run through its profile, with the options the rule's entry names:
/// valid examples produce no finding of the rule, invalid examples produce findings exactly at their markers.
@Suite struct ProfileRuleExampleTests {
    static let ruleIDs: [String] = ProfileRules.entries.map(\.rule.id)

    @Test(arguments: ruleIDs)
    func examplesHold(ruleID: String) throws {
        let entry = try #require(ProfileRules.entries.first { $0.rule.id == ruleID })
        let rule = entry.rule
        for example in rule.validExamples {
            let input = VASTDecoder.decode(example.cleanText)
            #expect(input.xml.isWellFormed, "valid example at \(example.sourceFile):\(example.sourceLine) is not well-formed")
            let report = Profiles.evaluate(entry.profile, input: input, options: entry.exampleOptions)
            let found = report.diagnostics.filter { $0.ruleID == ruleID }
            #expect(found.isEmpty, "valid example at \(example.sourceFile):\(example.sourceLine) produced \(found.map(\.message))")
        }
        for example in rule.invalidExamples {
            let input = VASTDecoder.decode(example.cleanText)
            #expect(input.xml.isWellFormed, "invalid example at \(example.sourceFile):\(example.sourceLine) is not well-formed")
            let expected = example.markerPositions
            #expect(!expected.isEmpty, "invalid example at \(example.sourceFile):\(example.sourceLine) has no ↓ marker")
            let report = Profiles.evaluate(entry.profile, input: input, options: entry.exampleOptions)
            let found = report.diagnostics.filter { $0.ruleID == ruleID }
            #expect(found.compactMap(\.position) == expected,
                    "invalid example at \(example.sourceFile):\(example.sourceLine): expected findings at \(expected), got \(found.map { "\($0.position.map(\.description) ?? "-") \($0.message)" })")
            #expect(found.allSatisfy { $0.severity == rule.severity && $0.spec == rule.primaryReference })
        }
    }

    @Test func catalogueIsComplete() {
        let ids = ProfileRules.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate profile rule ids")
        #expect(ids == ids.sorted())
        for rule in ProfileRules.all {
            #expect(rule.id.hasPrefix("PROFILE-"), "\(rule.id) does not start with PROFILE-")
            #expect(!rule.validExamples.isEmpty && !rule.invalidExamples.isEmpty, "\(rule.id) lacks examples")
            #expect(!rule.specReferences.isEmpty, "\(rule.id) has no spec reference")
            #expect(!rule.summary.hasSuffix("."), "\(rule.id): summaries have no trailing period")
            #expect(!rule.rationale.isEmpty && !rule.fix.isEmpty)
            let documents: Set<SpecDocument> = [.pauseAds, .companionAds, .ssai, .instream, .vmap1, .vast44, .ctvAdPortfolio]
            #expect(rule.specReferences.allSatisfy { documents.contains($0.document) && !$0.quote.isEmpty })
        }
        for name in ProfileName.allCases where name != .schedule || true {
            #expect(ProfileRules.entries.contains { $0.profile == name }, "no rule for profile \(name)")
        }
    }

    /// The rules' spec quotes are the reference documents' own words (or VMAP's), so a reader can find them.
    @Test func quotesComeFromTheReferenceDocuments() throws {
        let references = ReferenceDocuments.load()
        guard !references.isEmpty else {
            print("skipped: reference documents not found")
            return
        }
        let iab = ReferenceDocuments.loadIAB()
        for rule in ProfileRules.all {
            for reference in rule.specReferences where reference.document != .vmap1 {
                if ReferenceDocuments.iabFiles[reference.document] != nil && iab.isEmpty { continue }
                let text = try #require(references[reference.document] ?? iab[reference.document], "no text for \(reference.document)").collapsingWhitespace
                #expect(text.contains(reference.quote.collapsingWhitespace), "\(rule.id): quote not found in \(reference.document.rawValue): \(reference.quote)")
                #expect(text.contains(reference.section), "\(rule.id): section \(reference.section) not found in \(reference.document.rawValue)")
            }
        }
    }
}

/// A profile rule checks a requirement of one player integration, which no VAST XSD describes: its schema
/// basis says so and names the profile's reference.
@Suite struct ProfileRuleSchemaBasisTests {
    @Test func everyProfileRuleRestsOnItsProfilesReference() {
        #expect(ProfileRules.all.count >= 29)
        for rule in ProfileRules.all {
            let reason = rule.schemaBasis?.outsideVASTSchemas
            #expect(reason != nil && rule.schemaBasis?.hasDeclarations == false, "\(rule.id)")
            if rule.id != "PROFILE-input-not-applicable" {
                #expect(reason.map { text in rule.specReferences.contains { text.contains($0.document.rawValue) } } == true,
                        "\(rule.id): \(reason ?? "no basis") names none of the rule's references")
            }
        }
    }
}
