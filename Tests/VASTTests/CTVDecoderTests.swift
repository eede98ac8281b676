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
}
