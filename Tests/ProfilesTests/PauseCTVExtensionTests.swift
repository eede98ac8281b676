import ConformCore
import Testing
import VAST
@testable import Profiles

/// The pause profile on the CTV Ad Portfolio's other forms: the ctv_ad_portfolio extension of VAST 2.0 to 4.3
/// (its image MediaFile, tracking and clicks) and the tl_qrcode QR code, native or in the extension.
@Suite struct PauseCTVExtensionTests {
    static func pause(nonLinear: String, extensionBody: String, creativeExtensions: String = "") -> String {
        """
        <VAST version="2.0"><Ad id="p"><InLine><AdSystem>s</AdSystem><AdTitle>Pause</AdTitle>\
        <Impression><![CDATA[https://t.example/imp]]></Impression><Creatives><Creative id="c">\(creativeExtensions)\
        <NonLinearAds><TrackingEvents><Tracking event="creativeView"><![CDATA[https://t.example/cv]]></Tracking></TrackingEvents>\
        <NonLinear id="nl" width="1920" height="1080">\(nonLinear)</NonLinear></NonLinearAds></Creative></Creatives>\
        <Extensions><Extension type="ctv_ad_portfolio"><CreativeId>c</CreativeId>\(extensionBody)</Extension></Extensions>\
        </InLine></Ad></VAST>
        """
    }

    static let tracking = """
        <TrackingEvents><Tracking event="overlayViewDuration"><![CDATA[https://t.example/ovd]]></Tracking></TrackingEvents>\
        <NonLinearClickTracking><![CDATA[https://t.example/click-ext]]></NonLinearClickTracking>
        """

    static let qrCode = """
        <CreativeExtensions><CreativeExtension type="tl_qrcode"><QrCodeScanUrl><![CDATA[https://brand.example/code]]></QrCodeScanUrl>\
        <QrCodePosition xPosition="10.0%" yPosition="12.5%"/><QrCodeSize size="15.0%"/></CreativeExtension></CreativeExtensions>
        """

    @Test func theExtensionsImageShowsWhenTheNonLinearHasNone() throws {
        let evaluation = PauseFixtures.evaluation(Self.pause(
            nonLinear: #"<HTMLResource><![CDATA[<p>x</p>]]></HTMLResource>"#,
            extensionBody: #"<MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080"><![CDATA[https://cdn.example/ext.png]]></MediaFile></MediaFiles>"# + Self.tracking))
        #expect(evaluation.eligible, "\(evaluation.reasons)")
        let creative = try #require(evaluation.creative)
        #expect(creative.imageURL == "https://cdn.example/ext.png" && creative.element == "MediaFile" && creative.fromExtension == true)
        #expect(evaluation.verdict == "eligible: shows <NonLinear id=\"nl\"> MediaFile image/png https://cdn.example/ext.png (from the ctv_ad_portfolio extension)")
        #expect(evaluation.pixels["overlayViewDuration"]?.map(\.url) == ["https://t.example/ovd"])
        #expect(evaluation.pixels["creativeView"]?.map(\.url) == ["https://t.example/cv"])
        #expect(evaluation.pixels["click"]?.map(\.url) == ["https://t.example/click-ext"])
    }

    @Test func theNativeFallbackImageWinsAndTheExtensionsTrackingStillFires() throws {
        let evaluation = PauseFixtures.evaluation(Self.pause(
            nonLinear: #"<StaticResource creativeType="image/jpeg"><![CDATA[https://cdn.example/poster.jpg]]></StaticResource>"#,
            extensionBody: #"<Duration>00:00:30</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.example/cine.mp4]]></MediaFile></MediaFiles>"# + Self.tracking + Self.qrCode))
        #expect(evaluation.eligible)
        let creative = try #require(evaluation.creative)
        #expect(creative.imageURL == "https://cdn.example/poster.jpg" && creative.fromExtension == nil)
        #expect(evaluation.pixels["overlayViewDuration"]?.map(\.url) == ["https://t.example/ovd"])
        let qr = try #require(creative.qrCode)
        #expect(qr == PauseQRCode(scanURL: "https://brand.example/code", imageURL: nil, xPosition: "10.0%", yPosition: "12.5%", size: "15.0%", fromExtension: true))
    }

    @Test func aVideoOnlyExtensionLeavesANonLinearWithoutImageIneligible() {
        let evaluation = PauseFixtures.evaluation(Self.pause(
            nonLinear: "",
            extensionBody: #"<MediaFiles><MediaFile delivery="progressive" type="video/mp4"><![CDATA[https://cdn.example/cine.mp4]]></MediaFile></MediaFiles>"#))
        #expect(!evaluation.eligible)
        #expect(evaluation.causes == [.noStaticImage])
    }

    @Test func theCreativesOwnQRCodeIsRecognised() throws {
        let evaluation = PauseFixtures.evaluation(Self.pause(
            nonLinear: #"<StaticResource creativeType="image/png"><![CDATA[https://cdn.example/p.png]]></StaticResource>"#,
            extensionBody: "", creativeExtensions: Self.qrCode))
        let qr = try #require(evaluation.creative?.qrCode)
        #expect(qr.scanURL == "https://brand.example/code" && qr.size == "15.0%" && qr.fromExtension == nil)
        // Without a QR code, none is reported.
        let none = PauseFixtures.evaluation(PauseFixtures.inLine)
        #expect(none.creative != nil && none.creative?.qrCode == nil)
    }
}
