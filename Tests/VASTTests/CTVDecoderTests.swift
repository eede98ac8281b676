import ConformCore
import Testing
import VAST

/// The VAST 4.4 NonLinear forms: Duration, MediaFiles (MediaFile and InteractiveCreativeFile),
/// NonLinearCustomClick, and Icons under NonLinearAds, decoded into the model and not left as unknown nodes.
@Suite struct CTVDecoderTests {
    static let pause = """
        <VAST version="4.4"><Ad id="p"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative id="c">
        <NonLinearAds>
        <NonLinear id="nl" width="1920" height="1080"><Duration>00:00:15.500</Duration>
        <MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.example/cine.mp4]]></MediaFile>
        <InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="false"><![CDATA[https://cdn.example/simid.html]]></InteractiveCreativeFile>
        </MediaFiles>
        <NonLinearCustomClick id="qr"><![CDATA[https://t.example/custom]]></NonLinearCustomClick>
        </NonLinear>
        <Icons><Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top">
        <StaticResource creativeType="image/png"><![CDATA[https://cdn.example/i.png]]></StaticResource>
        <IconViewTracking><![CDATA[https://t.example/iconview]]></IconViewTracking></Icon></Icons>
        </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func theNonLinearFormsOfVAST44AreDecoded() throws {
        let vast = try #require(VASTDecoder.decode(Self.pause).vast)
        #expect(vast.version == .v4_4)
        #expect(vast.unknownNodes.isEmpty, "\(vast.unknownNodes)")
        let creative = try #require(vast.ads.first?.inLine?.creatives.first)
        let nonLinearAds = try #require(creative.nonLinearAds)
        let nonLinear = try #require(nonLinearAds.nonLinears.first)
        #expect(nonLinear.duration?.value?.milliseconds == 15_500)
        #expect(nonLinear.durationPosition?.line == 3)
        #expect(nonLinear.mediaFiles.map(\.url.value) == ["https://cdn.example/cine.mp4"])
        #expect(nonLinear.mediaFiles.first?.type == "video/mp4" && nonLinear.mediaFiles.first?.width?.value == 1920)
        #expect(nonLinear.interactiveCreativeFiles.map(\.apiFramework) == ["SIMID"])
        #expect(nonLinear.interactiveCreativeFiles.first?.variableDuration?.value == false)
        #expect(nonLinear.mediaFilesPosition?.line == 4)
        #expect(nonLinear.customClicks.map(\.value) == ["https://t.example/custom"])
        #expect(nonLinear.source == .native)
        #expect(nonLinearAds.icons.map(\.program) == ["AdChoices"])
        #expect(nonLinearAds.icons.first?.viewTrackings.map(\.value) == ["https://t.example/iconview"])
        #expect(creative.allIcons.count == 1)
    }

    @Test func fourFourIsAKnownVersionAndItsPatchLevelsToo() {
        #expect(VASTVersion(declared: "4.4") == .v4_4)
        #expect(VASTVersion(declared: "4.4.0") == .v4_4)
        #expect(VASTVersion(declared: "4.5") == nil)
        #expect(VASTVersion.latest == .v4_4 && VASTVersion.v4_3 < .v4_4)
        #expect(VASTVersion.v4_0.andLater.contains(.v4_4))
        // 4.4 adds no tracking event and no macro to 4.3.
        #expect(TrackingEvents.names(for: .v4_4) == TrackingEvents.names(for: .v4_3))
        #expect(TrackingEvents.names(for: .v4_4).contains("overlayViewDuration"))
        #expect(MacroCatalog.all.allSatisfy { $0.since <= .v4_3 })
    }

    /// The VAST 2.0 to 4.3 form: an `Extension type="ctv_ad_portfolio"` with the document's own structure.
    static let extensionForm = """
        <VAST version="2.0"><Ad id="p"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives>
        <Creative id="a"><CompanionAds/></Creative>
        <Creative id="b"><NonLinearAds><NonLinear><StaticResource creativeType="image/png"><![CDATA[https://cdn.example/f.png]]></StaticResource></NonLinear></NonLinearAds></Creative>
        </Creatives><Extensions>
        <Extension type="other"><Duration>00:00:09</Duration></Extension>
        <Extension type="ctv_ad_portfolio"><CreativeId>b</CreativeId><plcmt>5</plcmt><Duration>00:00:30</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720"><![CDATA[https://cdn.example/cine.mp4]]></MediaFile>
        <InteractiveCreativeFile type="text/html" apiFramework="SIMID"><![CDATA[https://cdn.example/simid.html]]></InteractiveCreativeFile></MediaFiles>
        <TrackingEvents><Tracking event="overlayViewDuration"><![CDATA[https://t.example/ovd]]></Tracking></TrackingEvents>
        <NonLinearClickTracking id="c"><![CDATA[https://t.example/click]]></NonLinearClickTracking>
        <NonLinearCustomClick id="qr"><![CDATA[https://t.example/custom]]></NonLinearCustomClick>
        <Icons><Icon program="AdChoices"><IconViewTracking><![CDATA[https://t.example/iconview]]></IconViewTracking></Icon></Icons>
        <AdParameters><![CDATA[{"layout":"frame"}]]></AdParameters>
        <CreativeExtensions><CreativeExtension type="tl_qrcode"><QrCodeScanUrl><![CDATA[https://brand.example/code]]></QrCodeScanUrl></CreativeExtension></CreativeExtensions>
        </Extension></Extensions></InLine></Ad></VAST>
        """

    @Test func theExtensionFormIsDecodedIntoTheNonLinearModel() throws {
        let decoded = VASTDecoder.decode(Self.extensionForm)
        let vast = try #require(decoded.vast)
        let body = try #require(vast.ads.first?.inLine)
        #expect(body.ctvAdPortfolios.count == 1, "only the ctv_ad_portfolio extension is read")
        let portfolio = try #require(body.ctvAdPortfolios.first)
        #expect(portfolio.creativeId?.value == "b")
        #expect(portfolio.creative(in: body)?.id == "b")
        #expect(portfolio.position.line == 6)
        let nonLinear = try #require(portfolio.nonLinear)
        #expect(nonLinear.source == .ctvAdPortfolioExtension)
        #expect(nonLinear.duration?.value?.milliseconds == 30_000)
        #expect(nonLinear.mediaFiles.map(\.url.value) == ["https://cdn.example/cine.mp4"])
        #expect(nonLinear.mediaFiles.first?.height?.value == 720)
        #expect(nonLinear.interactiveCreativeFiles.map(\.apiFramework) == ["SIMID"])
        #expect(nonLinear.clickTrackings.map(\.value) == ["https://t.example/click"])
        #expect(nonLinear.customClicks.map(\.value) == ["https://t.example/custom"])
        #expect(nonLinear.adParameters != nil)
        #expect(portfolio.nonLinearAds.trackingEvents.map(\.event) == ["overlayViewDuration"])
        #expect(portfolio.nonLinearAds.icons.map(\.program) == ["AdChoices"])
        #expect(portfolio.creativeExtensions.map(\.type) == ["tl_qrcode"])
        // The native NonLinear is untouched, and the extension's content adds no decoding findings.
        #expect(body.creatives[1].nonLinearAds?.nonLinears.first?.source == .native)
        #expect(vast.unknownNodes.isEmpty, "\(vast.unknownNodes)")
    }

    @Test func withoutCreativeIdTheExtensionAppliesToTheOnlyNonLinearCreative() throws {
        let one = try #require(VASTDecoder.decode("""
            <VAST version="3.0"><Ad><InLine><Creatives><Creative id="l"><Linear/></Creative><Creative id="n"><NonLinearAds><NonLinear/></NonLinearAds></Creative></Creatives>
            <Extensions><Extension type="ctv_ad_portfolio"><plcmt>6</plcmt></Extension></Extensions></InLine></Ad></VAST>
            """).vast?.ads.first?.inLine)
        #expect(one.ctvAdPortfolios.first?.creative(in: one)?.id == "n")
        let two = try #require(VASTDecoder.decode("""
            <VAST version="3.0"><Ad><InLine><Creatives><Creative id="m"><NonLinearAds><NonLinear/></NonLinearAds></Creative><Creative id="n"><NonLinearAds><NonLinear/></NonLinearAds></Creative></Creatives>
            <Extensions><Extension type="ctv_ad_portfolio"><CreativeId>x</CreativeId></Extension><Extension type="ctv_ad_portfolio"/></Extensions></InLine></Ad></VAST>
            """).vast?.ads.first?.inLine)
        #expect(two.ctvAdPortfolios.count == 2)
        #expect(two.ctvAdPortfolios.allSatisfy { $0.creative(in: two) == nil })
    }
}
