import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// A rule that declares the elements it looks at (`RuleDescription.elements`) is not run on a document that
/// holds none of them. Skipping it must never change a finding: every document gets exactly the findings it
/// gets when every rule runs.
@Suite struct RuleGatingTests {
    /// Every rule, none of them skipped.
    static let ungated = CompiledRules(CompiledRule.all.rules, gateBits: 0)

    /// The corpus documents and every rule's examples, decoded.
    static let inputs: [(name: String, input: DecodedInput)] = {
        var out = BatchValidationTests.documents.map { ($0.name, VASTDecoder.decode($0.data)) }
        for type in AllRules.types {
            let description = type.description
            for example in description.validExamples + description.invalidExamples {
                out.append(("\(description.id) example at \(example.sourceFile):\(example.sourceLine)", VASTDecoder.decode(example.cleanText)))
            }
        }
        return out
    }()

    /// `inputs` validated through `compiled`, compared with every rule run; returns how many findings compared.
    func expectSameFindings(_ compiled: CompiledRules) -> Int {
        var compared = 0
        for (name, input) in Self.inputs {
            let gated = Validator.results(batch: [input], files: [name], configuration: .default, compiled: compiled)[0].findings
            let all = Validator.results(batch: [input], files: [name], configuration: .default, compiled: Self.ungated)[0].findings
            #expect(gated == all, "\(name): \(Set(all.map(\.ruleID)).subtracting(gated.map(\.ruleID)).sorted()) lost")
            compared += all.count
        }
        return compared
    }

    @Test func skippingRulesChangesNoFinding() {
        let compared = expectSameFindings(CompiledRule.all)
        #expect(compared > (BatchValidationTests.available ? 10_000 : 1_000))
    }

    @Test func namesSharingTheLastBitSkipNothingTheyShouldNot() {
        // With three bits, every declared name past the second shares the third: a document holding any of
        // them runs every rule declaring one of them.
        let narrow = CompiledRules(CompiledRule.all.rules, gateBits: 3)
        #expect(expectSameFindings(narrow) > 1_000)
    }

    @Test func theGateSkipsRulesOnUsualTags() throws {
        // A VAST InLine tag without icons, companions, VMAP, pricing or verification: the rules about those
        // do not run on it.
        let tag = #"<VAST version="4.2"><Ad id="a"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><AdServingId>x</AdServingId><Impression><![CDATA[https://ads.adserver.com/i]]></Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://cdn.adserver.com/v.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#
        let input = VASTDecoder.decode(tag)
        let presence = CompiledRule.all.presence(in: input)
        let skipped = CompiledRule.all.slots.filter { !$0.applies(to: presence) }.map { CompiledRule.all.stamps[$0.index].id }
        for id in ["VMAP-1.0-adbreak-breaktype", "VAST-3.0-icon-attributes", "VAST-2.0-companion-dimensions", "VAST-3.0-pricing-model",
                   "VAST-4.1-verification-vendor", "VAST-2.0-wrapper-vastadtaguri", "VAST-2.0-tracking-event-value"] {
            #expect(skipped.contains(id), "\(id) ran")
        }
        for id in ["VAST-2.0-mediafile-type", "VAST-2.0-inline-impression", "VAST-4.1-adservingid-guid", "VAST-2.0-url-placeholder-host"] {
            #expect(CompiledRule.all.rules.contains { $0.id == id }, "\(id) is no rule")
            #expect(!skipped.contains(id), "\(id) was skipped")
        }
        #expect(skipped.count > 80, "only \(skipped.count) rules skipped")
        // A document with no tree (not well-formed) runs the rules that need none.
        let broken = VASTDecoder.decode("<VAST version=\"4.2\"><Ad>")
        #expect(!Validator.validate(broken).isEmpty)
    }

    @Test func declaredElementsAreElementsOfTheSpecifications() {
        var known = Set(VASTStructure.children.keys)
        for children in VASTStructure.children.values { known.formUnion(children.keys) }
        known.insert("VMAP")
        for type in AllRules.types {
            let description = type.description
            for name in description.elements {
                #expect(known.contains(name), "\(description.id) declares <\(name)>, which is no VAST or VMAP element")
            }
            #expect(Set(description.elements).count == description.elements.count, "\(description.id) declares an element twice")
        }
    }

    @Test func everyInvalidExampleHoldsADeclaredElement() {
        for type in AllRules.types where !type.description.elements.isEmpty {
            let description = type.description
            for example in description.invalidExamples {
                let input = VASTDecoder.decode(example.cleanText)
                let names = input.xml.root?.withDocumentNames { Set($0) } ?? []
                #expect(description.elements.contains(where: names.contains),
                        "\(description.id): the invalid example at \(example.sourceFile):\(example.sourceLine) holds none of \(description.elements)")
            }
        }
    }
}
