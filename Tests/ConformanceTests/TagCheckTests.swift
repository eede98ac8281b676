import Chain
import ConformCore
import Foundation
import Profiles
import Testing
import VAST
import Validation
@testable import Conformance

/// The one library call every front end checks a tag through.
@Suite struct TagCheckTests {
    /// A schema that allows only `<Ad>` and `<Error>` under `<VAST>`.
    static let schema = """
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
          <xs:element name="VAST"><xs:complexType>
            <xs:choice minOccurs="0" maxOccurs="unbounded">
              <xs:element name="Ad"><xs:complexType><xs:sequence>
                <xs:any processContents="skip" minOccurs="0" maxOccurs="unbounded"/>
              </xs:sequence><xs:anyAttribute processContents="skip"/></xs:complexType></xs:element>
              <xs:element name="Error" type="xs:string"/>
            </xs:choice>
            <xs:attribute name="version" type="xs:string"/>
          </xs:complexType></xs:element>
        </xs:schema>
        """

    @Test func aTagHeldAsTextIsCheckedAsTheRulesCheckIt() {
        let result = TagCheck.check(TagCheck.Input(name: "memory.xml", text: Tags.missingAdSystem))
        let input = VASTDecoder.decode(Data(Tags.missingAdSystem.utf8))
        let expected = Validator.validate(input, file: "memory.xml")
        #expect(!expected.isEmpty)
        #expect(result.findings == expected)
        #expect(result.allFindings == expected)
        #expect(result.input.vast == input.vast)
        #expect(result.profiles.isEmpty && result.chain == nil && result.schemaError == nil)
    }

    @Test func aBatchGivesEachInputWhatItGetsAlone() {
        var strict = Configuration()
        strict.rules["VAST-2.0-inline-adsystem"] = .off
        let texts = [Tags.validVAST, Tags.missingAdSystem, "<VAST", Tags.missingAdSystem, Tags.validVAST]
        // The fourth input is under another configuration: its run of the batch gets a rule pass of its own.
        let inputs = texts.enumerated().map { index, text in
            TagCheck.Input(name: "t\(index).xml", text: text, options: TagCheck.Options(configuration: index == 3 ? strict : .default))
        }
        let batch = TagCheck.check(batch: inputs)
        #expect(batch.count == inputs.count)
        for (input, result) in zip(inputs, batch) {
            let alone = TagCheck.check(input)
            #expect(result.name == input.name)
            #expect(result.findings == alone.findings)
            #expect(result.suppressed == alone.suppressed)
        }
        #expect(batch[1].findings.contains { $0.ruleID == "VAST-2.0-inline-adsystem" })
        #expect(!batch[3].findings.contains { $0.ruleID == "VAST-2.0-inline-adsystem" })
    }

    @Test func theSchemaAndTheProfilesFollowTheConfigurationAndTheDirectives() throws {
        // Not VAST: the schema has no such root, and the pause profile does not apply.
        let tag = "<Other><Extra/></Other>\n"
        let options = TagCheck.Options(schema: Data(Self.schema.utf8), profiles: [TagCheck.ProfileRequest(.pause)])
        let plain = TagCheck.check(TagCheck.Input(name: "t.xml", text: tag, options: options))
        #expect(plain.findings.contains { $0.ruleID == "XSD-schema-violation" && $0.file == "t.xml" })
        let profileFindings = plain.profiles.flatMap(\.diagnostics)
        #expect(!profileFindings.isEmpty)
        #expect(profileFindings.allSatisfy { $0.file == "t.xml" })

        // The tag's directives switch off the schema's and the profiles' findings as they do the rules'.
        let profileRules = Set(profileFindings.map(\.ruleID)).sorted().joined(separator: ", ")
        let directed = "<!-- conform-disable XSD-schema-violation, \(profileRules) -->\n" + tag
        let off = TagCheck.check(TagCheck.Input(name: "t.xml", text: directed, options: options))
        #expect(!off.allFindings.contains { $0.ruleID == "XSD-schema-violation" || profileRules.contains($0.ruleID) })
        #expect(off.suppressed.contains { $0.diagnostic.ruleID == "XSD-schema-violation" })
        #expect(Set(off.suppressed.map(\.diagnostic.ruleID)).isSuperset(of: profileFindings.map(\.ruleID)))

        // The configuration's settings hold for them too.
        var quiet = options
        quiet.configuration.rules["XSD-schema-violation"] = .info
        let configured = TagCheck.check(TagCheck.Input(name: "t.xml", text: tag, options: quiet))
        #expect(configured.findings.filter { $0.ruleID == "XSD-schema-violation" }.allSatisfy { $0.severity == .info })
    }

    @Test func anUnusableSchemaIsReportedNotThrown() {
        let options = TagCheck.Options(schema: Data("<notASchema/>".utf8), profiles: [TagCheck.ProfileRequest(.pause)])
        let result = TagCheck.check(TagCheck.Input(name: "t.xml", text: Tags.validVAST, options: options))
        #expect(result.schemaError != nil)
        #expect(result.profiles.isEmpty)
    }

    @Test func aChainIsFollowedThroughAnInMemoryFetcher() throws {
        let wrapper = """
            <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>x</AdSystem><Impression><![CDATA[https://t.example.com/w]]></Impression>\
            <VASTAdTagURI><![CDATA[https://ads.example.com/inline.xml]]></VASTAdTagURI></Wrapper></Ad></VAST>
            """
        let fetcher = CorpusFetcher(entries: ["https://ads.example.com/inline.xml": .body(Data(Tags.missingAdSystem.utf8))],
                                    baseDirectory: URL(fileURLWithPath: "/nonexistent"))
        let options = TagCheck.Options(profiles: [TagCheck.ProfileRequest(.pause)], follow: TagCheck.Follow(fetcher: fetcher))
        let result = TagCheck.check(TagCheck.Input(name: "root.xml", data: Data(wrapper.utf8),
                                                   rootURI: "https://ads.example.com/root.xml", options: options))
        let chain = try #require(result.chain)
        #expect(chain.resolved.documents.count == 2)
        #expect(chain.documents.count == 1)
        // The fetched InLine is checked with the rules, its findings under its name.
        #expect(chain.diagnostics.contains { $0.ruleID == "VAST-2.0-inline-adsystem" && $0.file == "https://ads.example.com/inline.xml" })
        #expect(chain.tracking.first?.impression.map(\.url).contains("https://t.example.com/w") == true)
        #expect(result.profiles.first?.profile == .pause)
    }

    /// In a corpus run too, a tag's directives switch off the schema's and the profiles' findings (as in check).
    @Test func aRunAppliesTheTagsDirectivesToSchemaAndProfileFindings() throws {
        let corpus = try TemporaryCorpus()
        try corpus.write("d/shape.xsd", Self.schema)
        let tag = "<Other><Extra/></Other>\n"
        try corpus.write("d/plain.xml", tag)
        try corpus.write("d/plain.expect.json", #"{"version": 1, "schema": "shape.xsd", "profiles": {"pause": {"options": []}}}"#)
        try corpus.write("d/directed.xml", "<!-- conform-disable XSD-schema-violation, PROFILE-input-not-applicable -->\n" + tag)
        try corpus.write("d/directed.expect.json", #"{"version": 1, "schema": "shape.xsd", "profiles": {"pause": {"options": []}}}"#)
        let (_, results) = try run(RunOptions(corpus: corpus.root))
        let plain = try #require(results.result("d/plain.xml"))
        let directed = try #require(results.result("d/directed.xml"))
        #expect(plain.status != .error && directed.status != .error, "\(plain.errorMessage ?? "") \(directed.errorMessage ?? "")")
        let switchedOff: Set<String> = ["XSD-schema-violation", "PROFILE-input-not-applicable"]
        #expect(switchedOff.isSubset(of: Set(plain.diagnostics.map(\.ruleID))))
        #expect(Set(directed.diagnostics.map(\.ruleID)).isDisjoint(with: switchedOff))
    }
}
