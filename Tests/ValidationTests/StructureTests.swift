import ConformCore
import Foundation
import Testing
import VAST
import XMLCore
@testable import Validation

/// Version detection, allowed children, and VAST embedded in VMAP.
@Suite struct StructureTests {
    func findings(_ text: String, _ id: String) -> [Diagnostic] {
        Validator.validate(VASTDecoder.decode(text)).filter { $0.ruleID == id }
    }

    static let inLine41 = "<Ad><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle><AdServingId>a</AdServingId><Impression>https://i.example</Impression><Creatives><Creative><UniversalAdId idRegistry=\"ad-id.org\">X</UniversalAdId><Linear><Duration>00:00:05</Duration><MediaFiles><MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"1\" height=\"1\">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad>"

    @Test func newerElementsInAnOlderDocumentAreAMismatchNotUnknownChildren() {
        let text = "<VAST version=\"3.0\">\(Self.inLine41)</VAST>"
        let mismatch = findings(text, "VAST-2.0-version-mismatch")
        #expect(mismatch.map(\.path) == ["/VAST/Ad[1]/InLine/AdServingId", "/VAST/Ad[1]/InLine/Creatives/Creative[1]/UniversalAdId[1]"])
        #expect(mismatch.allSatisfy { $0.severity == .warning && $0.message.contains("declares VAST 3.0") })
        #expect(findings(text, "VAST-2.0-inline-unknown-child").isEmpty)
        #expect(findings(text, "VAST-2.0-creative-unknown-child").isEmpty)
        // Declared as what it is, the same document matches.
        #expect(findings("<VAST version=\"4.1\">\(Self.inLine41)</VAST>", "VAST-2.0-version-mismatch").isEmpty)
        // Without a declared version there is nothing to contradict.
        #expect(findings("<VAST>\(Self.inLine41)</VAST>", "VAST-2.0-version-mismatch").isEmpty)
    }

    @Test func attributesOfNewerVersionsAreMismatches() {
        let mismatch = findings("<VAST version=\"2.0\"><Ad sequence=\"1\" adType=\"video\"><InLine/></Ad></VAST>", "VAST-2.0-version-mismatch")
        #expect(mismatch.map(\.message).sorted() == [
            "Ad@adType is VAST 4.1, but the document declares VAST 2.0",
            "Ad@sequence is VAST 3.0, but the document declares VAST 2.0",
        ])
    }

    @Test func removedElementsAreUnknownInLaterVersions() {
        let text = "<VAST version=\"4.1\"><Ad><InLine><AdVerifications><Verification vendor=\"v\"><FlashResource>https://v.example/v.swf</FlashResource></Verification></AdVerifications></InLine></Ad></VAST>"
        let unknown = findings(text, "VAST-4.0-verification-unknown-child")
        #expect(unknown.count == 1 && unknown[0].message.contains("VAST 4.0 only"))
        #expect(findings(text.replacingOccurrences(of: "4.1", with: "4.0"), "VAST-4.0-verification-unknown-child").isEmpty)
    }

    @Test func versionScopedDecisions() {
        // Wrapper Creatives: required in 2.0 and 3.0, optional from 4.0.
        let wrapper = "<Ad><Wrapper><AdSystem>x</AdSystem><VASTAdTagURI>https://n.example</VASTAdTagURI><Impression>https://i.example</Impression></Wrapper></Ad>"
        #expect(findings("<VAST version=\"3.0\">\(wrapper)</VAST>", "VAST-2.0-wrapper-creatives").count == 1)
        #expect(findings("<VAST version=\"4.0\">\(wrapper)</VAST>", "VAST-2.0-wrapper-creatives").isEmpty)
        // Icon attributes: required in 3.0 only.
        let icon = "<Ad><InLine><Creatives><Creative><Linear><Icons><Icon/></Icons></Linear></Creative></Creatives></InLine></Ad>"
        #expect(findings("<VAST version=\"3.0\">\(icon)</VAST>", "VAST-3.0-icon-attributes").count == 1)
        #expect(findings("<VAST version=\"4.2\">\(icon)</VAST>", "VAST-3.0-icon-attributes").isEmpty)
        // UniversalAdId: required in every InLine creative from 4.0, companion-only ones included.
        let companion = "<Ad><InLine><Creatives><Creative><CompanionAds/></Creative></Creatives></InLine></Ad>"
        #expect(findings("<VAST version=\"4.2\">\(companion)</VAST>", "VAST-4.0-universaladid-present").count == 1)
        #expect(findings("<VAST version=\"3.0\">\(companion)</VAST>", "VAST-4.0-universaladid-present").isEmpty)
        // Pricing model case: lower case only in 3.0.
        let pricing = "<Ad><InLine><Pricing model=\"CPM\" currency=\"USD\">1</Pricing></InLine></Ad>"
        #expect(findings("<VAST version=\"3.0\">\(pricing)</VAST>", "VAST-3.0-pricing-model-case").count == 1)
        #expect(findings("<VAST version=\"4.2\">\(pricing)</VAST>", "VAST-3.0-pricing-model-case").isEmpty)
        #expect(findings("<VAST version=\"4.2\">\(pricing)</VAST>", "VAST-3.0-pricing-model").isEmpty)
    }

    @Test func embeddedVASTIsCheckedWithPositionsInTheVMAPFile() {
        let text = """
            <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
              <vmap:AdBreak timeOffset="start" breakType="linear">
                <vmap:AdSource>
                  <vmap:VASTAdData>
                    <VAST version="3.0">
                      <Ad><InLine><AdSystem>x</AdSystem></InLine></Ad>
                    </VAST>
                  </vmap:VASTAdData>
                </vmap:AdSource>
              </vmap:AdBreak>
              <vmap:AdBreak timeOffset="end" breakType="linear">
                <vmap:AdSource><vmap:VASTAdData><VAST version="3.0"><Ad><Wrapper/></Ad></VAST></vmap:VASTAdData></vmap:AdSource>
              </vmap:AdBreak>
            </vmap:VMAP>
            """
        let all = Validator.validate(VASTDecoder.decode(text))
        let title = all.filter { $0.ruleID == "VAST-2.0-inline-adtitle" }
        #expect(title.map(\.position) == [SourcePosition(line: 6, column: 15)])
        #expect(title.first?.path == "/vmap:VMAP/vmap:AdBreak[1]/vmap:AdSource/vmap:VASTAdData/VAST/Ad[1]/InLine")
        let wrapper = all.filter { $0.ruleID == "VAST-2.0-wrapper-vastadtaguri" }
        #expect(wrapper.map(\.position?.line) == [12])
        // Checked as the embedded document's own version: 3.0 rules run, 4.1 rules do not.
        #expect(!all.contains { $0.ruleID == "VAST-4.1-adservingid-present" })
        #expect(!all.contains { $0.ruleID.hasPrefix("VMAP-") && $0.severity == .error })
    }

    @Test func aVMAPWithoutEmbeddedVASTHasNoVASTFindings() {
        let text = "<vmap:VMAP xmlns:vmap=\"http://www.iab.net/videosuite/vmap\" version=\"1.0\"><vmap:AdBreak timeOffset=\"start\" breakType=\"linear\"><vmap:AdSource><vmap:AdTagURI templateType=\"vast3\"><![CDATA[https://a.example/v]]></vmap:AdTagURI></vmap:AdSource></vmap:AdBreak></vmap:VMAP>"
        #expect(Validator.validate(VASTDecoder.decode(text)).filter { $0.ruleID.hasPrefix("VAST-") }.isEmpty)
    }

    @Test func inputsOverTheByteLimitAreRefusedAtTheStart() {
        var options = XMLParseOptions.default
        options.maxBytes = 16
        let input = VASTDecoder.decode(Data("<VAST version=\"4.2\"></VAST>".utf8), options: options)
        let findings = Validator.validate(input).filter { $0.ruleID == "XML-input-too-large" }
        #expect(findings.map(\.position) == [SourcePosition.start])
        #expect(findings.first?.severity == .error)
    }

    @Test func childrenLinkToTheirOwnInfos() {
        // A walk visits a child through the info index its parent's table gives: it must be the child's own.
        var linked = 0
        for (name, info) in VASTStructure.infos {
            for child in Set((info.children ?? [:]).keys).union(info.singletons ?? []) {
                let index = info.childTable[child]?.infoIndex ?? -2
                if let own = VASTStructure.infos[child] {
                    #expect(index >= 0 && VASTStructure.infoList[Int(index)].takeUnretainedValue() === own, "\(name)/\(child)")
                    linked += 1
                } else {
                    #expect(index == -1, "\(name)/\(child)")
                }
            }
        }
        #expect(linked > 50)
    }

    @Test func everyElementWithChildrenHasAnUnknownChildRule() {
        let ids = Set(AllRules.types.map { $0.description.id })
        for parent in VASTStructure.children.keys {
            #expect(ids.contains { $0.hasSuffix("-\(parent.lowercased())-unknown-child") }, "no unknown-child rule for <\(parent)>")
        }
    }
}
