import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// `<Extension type="AdVerifications">` is checked by the verification rules as `<AdVerifications>` is.
@Suite struct ExtensionVerificationTests {
    static func tag(_ version: String, native: Bool = false) -> String {
        let verification = #"<Verification><JavaScriptResource apiFramework="omid">https://v.example.com/v.js</JavaScriptResource><TrackingEvents><Tracking event="verificationNotExecuted"></Tracking></TrackingEvents></Verification>"#
        let carrier = native ? "<AdVerifications>\(verification)</AdVerifications>"
            : #"<Extensions><Extension type="AdVerifications"><AdVerifications>"# + verification + "</AdVerifications></Extension></Extensions>"
        return #"<VAST version="\#(version)"><Ad><InLine>"# + carrier + "</InLine></Ad></VAST>"
    }

    static func ids(_ tag: String, configuration: Configuration = .default) -> Set<String> {
        Set(Validator.validate(VASTDecoder.decode(tag), configuration: configuration).map(\.ruleID))
    }

    static let verificationFindings: Set<String> = ["VAST-4.1-verification-vendor", "VAST-4.1-verification-resource-attributes"]

    @Test(arguments: ["2.0", "3.0", "4.0", "4.1", "4.2", "4.3"])
    func theExtensionIsCheckedInEveryVersion(version: String) {
        let found = Self.ids(Self.tag(version))
        #expect(Self.verificationFindings.isSubset(of: found), "\(version): \(found.sorted())")
        // Its empty tracking URL is reported too, once.
        let empty = Validator.validate(VASTDecoder.decode(Self.tag(version))).filter { $0.ruleID == "VAST-2.0-url-empty" }
        #expect(empty.count == 1)
        #expect(empty.first?.path == "/VAST/Ad[1]/InLine/Extensions/Extension[1]/AdVerifications/Verification[1]/TrackingEvents/Tracking[1]")
    }

    @Test func eachFindingIsReportedOnce() {
        for version in ["3.0", "4.2"] {
            let findings = Validator.validate(VASTDecoder.decode(Self.tag(version))).filter { Self.verificationFindings.contains($0.ruleID) }
            #expect(findings.count == 2, "\(version): \(findings.map(\.ruleID))")
        }
    }

    @Test func nativeAdVerificationsBefore41AreNotCheckedAs41Content() {
        #expect(Self.ids(Self.tag("4.0", native: true)).isDisjoint(with: Self.verificationFindings))
        #expect(Self.verificationFindings.isSubset(of: Self.ids(Self.tag("4.1", native: true))))
    }

    @Test func theConfigurationAppliesToTheExtensionPass() throws {
        let json = #"{"version": 1, "rules": {"VAST-4.1-verification-vendor": "off", "VAST-4.1-verification-resource-attributes": "info"}}"#
        let (configuration, _) = try Configuration.parse(Data(json.utf8), knownRuleIDs: Set(AllRules.descriptions.map(\.id)))
        let findings = Validator.validate(VASTDecoder.decode(Self.tag("3.0")), configuration: configuration)
        #expect(!findings.contains { $0.ruleID == "VAST-4.1-verification-vendor" })
        #expect(findings.first { $0.ruleID == "VAST-4.1-verification-resource-attributes" }?.severity == .info)
    }
}
