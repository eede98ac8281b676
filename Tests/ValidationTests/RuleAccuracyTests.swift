import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// Findings that once disagreed with the IAB XSDs or the spec text, and the decisions taken where the
/// sources differ (see each rule's rationale).
@Suite struct RuleAccuracyTests {
    func findings(_ xml: String) -> [Diagnostic] {
        Validator.validate(VASTDecoder.decode(xml))
    }

    func ids(_ xml: String) -> Set<String> {
        Set(findings(xml).map(\.ruleID))
    }

    func impression(_ url: String) -> String {
        "<VAST version=\"4.2\"><Ad id=\"1\"><InLine><Impression><![CDATA[\(url)]]></Impression></InLine></Ad></VAST>"
    }

    @Test func inlineCodeInAResourceIsNotCalledAURLWithSpaces() {
        func resource(_ element: String, _ content: String) -> String {
            let type = element == "StaticResource" ? " creativeType=\"text/javascript\"" : ""
            return "<VAST version=\"4.2\"><Ad id=\"1\"><InLine><Creatives><Creative><CompanionAds><Companion width=\"300\" height=\"250\"><\(element)\(type)><![CDATA[\(content)]]></\(element)></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"
        }
        func messages(_ xml: String) -> [String] {
            findings(xml).filter { $0.ruleID == "VAST-2.0-url-whitespace" }.map(\.message)
        }
        for element in ["StaticResource", "IFrameResource"] {
            let markup = messages(resource(element, "<script src=\"https://s.example/a.js\"></script>"))
            #expect(markup == ["<\(element)> holds inline HTML or JavaScript, not a URI; give the resource's URL, or put markup in <HTMLResource>"])
            let script = messages(resource(element, "var x = 1; track(x);"))
            #expect(script.count == 1 && script[0].contains("not a URI") && !script[0].contains("%20"))
            // A real URL with a space keeps the encoding advice.
            #expect(messages(resource(element, "https://s.example/a b.png")) == ["the URL in <\(element)> contains whitespace; encode it as %20 or remove it"])
        }
        #expect(messages(impression("https://i.example/i?x=<a> b")).allSatisfy { $0.contains("%20") })
    }

    @Test func aStaticResourceInAWrapperNonLinearIsReportedOnce() {
        func tag(_ version: String) -> String {
            "<VAST version=\"\(version)\"><Ad id=\"1\"><Wrapper><Creatives><Creative><NonLinearAds><NonLinear><StaticResource>https://s.example/a.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives></Wrapper></Ad></VAST>"
        }
        let modern = ids(tag("4.2"))
        #expect(modern.contains("VAST-2.0-wrapper-inline-only-element"))
        #expect(!modern.contains("VAST-2.0-staticresource-creativetype"))
        // 2.0 Wrapper NonLinears may carry resources, so the missing creativeType is the one finding.
        let legacy = ids(tag("2.0"))
        #expect(!legacy.contains("VAST-2.0-wrapper-inline-only-element"))
        #expect(legacy.contains("VAST-2.0-staticresource-creativetype"))
    }

    @Test func relativeTagURIsAreWarningsThatThePlayerResolves() {
        func wrapper(_ uri: String) -> [Diagnostic] {
            findings("<VAST version=\"4.2\"><Ad id=\"1\"><Wrapper><VASTAdTagURI><![CDATA[\(uri)]]></VASTAdTagURI></Wrapper></Ad></VAST>")
                .filter { $0.ruleID.hasPrefix("VAST-2.0-url-invalid") || $0.ruleID == "VAST-2.0-wrapper-vastadtaguri-relative" }
        }
        for uri in ["wrapper-b.xml", "/static/x.xml", "../x.xml?cb=[CACHEBUSTING]"] {
            let found = wrapper(uri)
            #expect(found.map(\.ruleID) == ["VAST-2.0-wrapper-vastadtaguri-relative"], "\(uri)")
            #expect(found.allSatisfy { $0.severity == .warning && $0.message.contains("relative reference") })
        }
        let protocolRelative = wrapper("//n.example/x.xml")
        #expect(protocolRelative.map(\.ruleID) == ["VAST-2.0-wrapper-vastadtaguri-relative"])
        #expect(protocolRelative.first?.message.contains("protocol-relative") == true)
        // Absolute tag URIs with a broken authority, and relative URLs elsewhere, stay url-invalid errors.
        #expect(wrapper("https://n.example:99999/v").map(\.ruleID) == ["VAST-2.0-url-invalid"])
        #expect(ids(impression("/imp?x=1")).contains("VAST-2.0-url-invalid"))
        #expect(!ids(impression("/imp?x=1")).contains("VAST-2.0-wrapper-vastadtaguri-relative"))
    }

    @Test func theLegacyTagURLFormIsNotAVASTAdTagURI() throws {
        let legacy = "<VAST version=\"2.0\"><Ad id=\"1\"><Wrapper><VASTAdTagURL><URL><![CDATA[https://n.example/v]]></URL></VASTAdTagURL></Wrapper></Ad></VAST>"
        let finding = try #require(findings(legacy).first { $0.ruleID == "VAST-2.0-wrapper-vastadtaguri" })
        #expect(finding.severity == .error && finding.message.contains("VASTAdTagURL"))
        // Beside a VASTAdTagURI the legacy form is not a second one.
        let both = "<VAST version=\"2.0\"><Ad id=\"1\"><Wrapper><VASTAdTagURI><![CDATA[https://n.example/v]]></VASTAdTagURI><VASTAdTagURL><URL><![CDATA[https://n.example/w]]></URL></VASTAdTagURL></Wrapper></Ad></VAST>"
        #expect(!ids(both).contains("VAST-2.0-wrapper-vastadtaguri"))
    }

    @Test func creativeKindsFollowTheSchemasPerVersion() {
        func tag(_ version: String, _ creative: String) -> [Diagnostic] {
            findings("<VAST version=\"\(version)\"><Ad id=\"1\"><InLine><Creatives><Creative>\(creative)</Creative></Creatives></InLine></Ad></VAST>")
                .filter { $0.ruleID.hasPrefix("VAST-2.0-creative-") }
        }
        for version in ["2.0", "3.0", "4.0", "4.3"] {
            let empty = tag(version, "")
            #expect(empty.map(\.ruleID) == ["VAST-2.0-creative-kind"] && empty.allSatisfy { $0.severity == .warning }, "\(version)")
        }
        #expect(tag("3.0", "<Linear/><CompanionAds/>").map(\.ruleID) == ["VAST-2.0-creative-single-kind"])
        #expect(tag("4.0", "<Linear/><CompanionAds/>").isEmpty)
        // Old configurations that name the former id still find the rule of emptiness.
        #expect(AllRules.description(for: "VAST-2.0-creative-kind")?.severity == .warning)
        #expect(AllRules.description(for: "VAST-4.0-mezzanine-type")?.id == "VAST-4.1-mezzanine-type")
    }
}
