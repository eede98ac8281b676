import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// The examples of every rule are its tests: valid examples produce no finding of the rule, invalid
/// examples produce findings exactly at their `↓` markers, both through the rule alone and through the
/// full validator (so a rule missing from the registry fails).
@Suite struct RuleExampleTests {
    static let ruleIDs: [String] = AllRules.types.map { $0.description.id }

    @Test(arguments: ruleIDs)
    func examplesHold(ruleID: String) throws {
        let type = try #require(AllRules.types.first { $0.description.id == ruleID })
        let description = type.description
        for example in description.validExamples {
            let input = VASTDecoder.decode(example.cleanText)
            let alone = Validator.validate(input, rules: [type]).filter { $0.ruleID == ruleID }
            #expect(alone.isEmpty, "valid example at \(example.sourceFile):\(example.sourceLine) produced \(alone)")
            let full = Validator.validate(input).filter { $0.ruleID == ruleID }
            #expect(full.isEmpty, "valid example at \(example.sourceFile):\(example.sourceLine) produced \(full) in the full validator")
        }
        for example in description.invalidExamples {
            let input = VASTDecoder.decode(example.cleanText)
            let expected = example.markerPositions
            #expect(!expected.isEmpty, "invalid example at \(example.sourceFile):\(example.sourceLine) has no ↓ marker")
            let alone = Validator.validate(input, rules: [type]).filter { $0.ruleID == ruleID }
            #expect(alone.compactMap(\.position) == expected,
                    "invalid example at \(example.sourceFile):\(example.sourceLine): expected findings at \(expected), got \(alone.map { "\($0.position.map(\.description) ?? "-") \($0.message)" })")
            let full = Validator.validate(input).filter { $0.ruleID == ruleID }
            #expect(full.compactMap(\.position) == expected,
                    "invalid example at \(example.sourceFile):\(example.sourceLine): the full validator found \(full.map { "\($0.position.map(\.description) ?? "-")" }), expected \(expected)")
            #expect(full.allSatisfy { $0.severity == description.severity })
        }
    }

    @Test func idsAreUniqueAndWellFormed() {
        let ids = AllRules.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicate ids: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        for description in AllRules.descriptions {
            #expect(!description.validExamples.isEmpty, "\(description.id) has no valid example")
            #expect(!description.invalidExamples.isEmpty, "\(description.id) has no invalid example")
            #expect(!description.specReferences.isEmpty, "\(description.id) has no spec reference")
            #expect(!description.summary.isEmpty && !description.rationale.isEmpty && !description.fix.isEmpty, "\(description.id) lacks prose")
            #expect(!description.summary.hasSuffix("."), "\(description.id): summaries have no trailing period")
        }
    }

    @Test func registryListsEveryRuleFile() throws {
        let rulesDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Validation/Rules")
        let enumerator = try #require(FileManager.default.enumerator(atPath: rulesDirectory.path))
        let registered = Set(AllRules.types.map(Self.fileName))
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix("Rule.swift") else { continue }
            files.append(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
        }
        #expect(!files.isEmpty)
        for name in files {
            #expect(registered.contains(name), "\(name).swift is not listed in AllRules.types")
        }
        let names = AllRules.types.map { String(describing: $0) }
        #expect(Set(names).count == names.count, "a rule type is listed twice")
    }

    /// The name of the file that declares a rule type: its type name, without the generic arguments of a rule
    /// generated from a table (`UnknownChildRule<Ad>` is declared in `UnknownChildRule.swift`).
    static func fileName(of rule: any Rule.Type) -> String {
        String(String(describing: rule).prefix { $0 != "<" })
    }

    /// The Children family is generated from the structure table: one rule per parent element of the table, each
    /// reporting that parent's unknown children, with a row giving its spec quote and examples.
    @Test func theChildrenFamilyHasOneRulePerParentOfTheStructureTable() throws {
        let parents = RuleFamilies.children.compactMap { $0.description.elements.first }
        #expect(parents.count == VASTStructure.children.count && RuleFamilies.children.count == parents.count)
        #expect(Set(parents) == Set(VASTStructure.children.keys))
        #expect(Set(UnknownChildRules.rows.map(\.element)) == Set(VASTStructure.children.keys))
        #expect(UnknownChildRules.rows.count == VASTStructure.children.count)
        for rule in RuleFamilies.children {
            let description = rule.description
            let parent = try #require(description.elements.first)
            let since = try #require(VASTStructure.children[parent]?.values.map(\.since).min())
            #expect(description.id == "VAST-\(since.rawValue)-\(parent.lowercased())-unknown-child")
            #expect(description.versions == since.andLater)
            // The basis names what the schema's messages name: the unknown child the examples mark, or the parent
            // with the several children they mark as items.
            let basis = try #require(description.schemaBasis)
            #expect(!basis.isSpecTextOnly)
            if basis.items.isEmpty {
                #expect(description.invalidExamples.allSatisfy { $0.text.contains("↓<\(basis.element)") }, "\(description.id): \(basis.element)")
            } else {
                #expect(basis.element == parent && basis.items.count > 1)
                #expect(description.invalidExamples.allSatisfy { example in basis.items.contains { example.text.contains("↓<\($0)") } })
            }
            // The rule reports its own parent's unknown children and no other's.
            for example in description.invalidExamples {
                let findings = Validator.validate(VASTDecoder.decode(example.cleanText), rules: [rule])
                #expect(!findings.isEmpty && findings.allSatisfy { $0.ruleID == description.id && ($0.message.contains("under <\(parent)>") || $0.message.contains("of <\(parent)>")) },
                        "\(description.id): \(findings.map(\.message))")
            }
        }
    }

    /// A rule's file sits in the folder of the family that registers it.
    @Test func everyRuleFileSitsInItsFamilysFolder() throws {
        let rulesDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Validation/Rules")
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path))
        for family in AllRules.families {
            #expect(folders.contains(family.folder), "the \(family.folder) family has no folder under Rules/")
            for rule in family.rules {
                let file = rulesDirectory.appendingPathComponent("\(family.folder)/\(Self.fileName(of: rule)).swift")
                #expect(FileManager.default.fileExists(atPath: file.path), "\(rule) is registered by the \(family.folder) family but its file is not in Rules/\(family.folder)/")
            }
        }
        // Every folder but the shared support code belongs to a family.
        let familyFolders = Set(AllRules.families.map(\.folder))
        #expect(folders.subtracting(familyFolders).subtracting(["Support"]).isEmpty, "\(folders.subtracting(familyFolders).sorted())")
    }
}
