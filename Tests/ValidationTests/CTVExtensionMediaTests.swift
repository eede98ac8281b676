import ConformCore
import Testing
import VAST
@testable import Validation

/// The NonLinear media rules on the ctv_ad_portfolio extension: each form's elements are reported by the rule of
/// their form, a Duration of either form counts for the creative, and a creative with both forms gets one
/// missing-Duration finding, not two.
@Suite struct CTVExtensionMediaTests {
    static let ruleIDs: Set<String> = [
        "VAST-4.4-nonlinear-duration-required", "VAST-2.0-ctv-extension-duration-required",
        "VAST-4.4-nonlinear-mediafile-attributes", "VAST-2.0-ctv-extension-mediafile-attributes",
        "VAST-4.4-nonlinear-mediafiles-content", "VAST-2.0-ctv-extension-mediafiles-content",
    ]

    static func findings(_ xml: String) -> [String] {
        Validator.validate(VASTDecoder.decode(xml)).filter { ruleIDs.contains($0.ruleID) }
            .map { "\($0.ruleID)@\($0.position.map { "\($0.line):\($0.column)" } ?? "-")" }.sorted()
    }

    /// One InLine: `native` is the NonLinear's content, `tracking` the NonLinearAds', `body` the extension's.
    static func tag(version: String, native: String, tracking: String, body: String) -> String {
        """
        <VAST version="\(version)"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression>https://t.example/i</Impression>
        <Creatives><Creative id="c"><NonLinearAds><NonLinear width="1920" height="1080">\(native)</NonLinear>
        <TrackingEvents>\(tracking)</TrackingEvents></NonLinearAds></Creative></Creatives>
        <Extensions><Extension type="ctv_ad_portfolio"><CreativeId>c</CreativeId>\(body)</Extension></Extensions></InLine></Ad></VAST>
        """
    }

    static let video = #"<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://c.example/v.mp4</MediaFile></MediaFiles>"#
    static let quartile = #"<Tracking event="firstQuartile">https://t.example/q1</Tracking>"#

    @Test func bothFormsWithoutDurationGiveOneFinding() {
        let xml = Self.tag(version: "4.4", native: Self.video, tracking: Self.quartile, body: Self.video)
        #expect(Self.findings(xml) == ["VAST-4.4-nonlinear-duration-required@2:43"])
    }

    @Test func theExtensionFormAloneIsReportedAtTheExtension() {
        let xml = Self.tag(version: "3.0", native: #"<StaticResource creativeType="image/jpeg">https://c.example/p.jpg</StaticResource>"#,
                           tracking: Self.quartile, body: Self.video)
        #expect(Self.findings(xml) == ["VAST-2.0-ctv-extension-duration-required@4:13"])
    }

    @Test func aDurationOfEitherFormCounts() {
        let native = Self.tag(version: "4.4", native: "<Duration>00:00:10</Duration>" + Self.video, tracking: Self.quartile, body: Self.video)
        #expect(Self.findings(native).isEmpty)
        let inExtension = Self.tag(version: "2.0", native: #"<StaticResource creativeType="image/jpeg">https://c.example/p.jpg</StaticResource>"#,
                                   tracking: Self.quartile, body: "<Duration>00:00:10</Duration>" + Self.video)
        #expect(Self.findings(inExtension).isEmpty)
    }

    @Test func eachFormsMediaFileIsReportedByItsOwnRuleOnce() {
        let bare = #"<MediaFiles><MediaFile type="image/png">https://c.example/p.png</MediaFile></MediaFiles>"#
        let xml = Self.tag(version: "4.4", native: bare, tracking: "", body: bare)
        #expect(Self.findings(xml) == ["VAST-2.0-ctv-extension-mediafile-attributes@4:86", "VAST-4.4-nonlinear-mediafile-attributes@2:93"])
    }
}
