import ConformCore
import Testing
import VAST
@testable import Profiles

/// A wrapper, and the InLine it resolves to, each with the pixels a pause ad fires.
enum PauseFixtures {
    static let inLine = """
        <VAST version="4.2">
          <Ad id="pause-1">
            <InLine>
              <AdSystem>s</AdSystem>
              <AdTitle>Pause</AdTitle>
              <Error><![CDATA[https://t.example/in/error?c=[ERRORCODE]]]></Error>
              <Impression><![CDATA[https://t.example/in/imp]]></Impression>
              <Creatives>
                <Creative id="c1">
                  <NonLinearAds>
                    <NonLinear id="nl1" width="640" height="360">
                      <StaticResource creativeType="image/png"><![CDATA[https://cdn.example/pause.png]]></StaticResource>
                      <NonLinearClickThrough><![CDATA[https://brand.example/]]></NonLinearClickThrough>
                      <NonLinearClickTracking><![CDATA[https://t.example/in/click]]></NonLinearClickTracking>
                    </NonLinear>
                    <TrackingEvents>
                      <Tracking event="creativeView"><![CDATA[https://t.example/in/view]]></Tracking>
                      <Tracking event="close"><![CDATA[https://t.example/in/close]]></Tracking>
                      <Tracking event="overlayViewDuration"><![CDATA[https://t.example/in/duration]]></Tracking>
                      <Tracking event="notUsed"><![CDATA[https://t.example/in/notused]]></Tracking>
                      <Tracking event="start"><![CDATA[https://t.example/in/start]]></Tracking>
                    </TrackingEvents>
                  </NonLinearAds>
                </Creative>
              </Creatives>
            </InLine>
          </Ad>
        </VAST>
        """

    static let wrapper = """
        <VAST version="4.2">
          <Ad id="w">
            <Wrapper>
              <AdSystem>w</AdSystem>
              <VASTAdTagURI><![CDATA[https://ads.example/pause-inline]]></VASTAdTagURI>
              <Error><![CDATA[https://t.example/w/error]]></Error>
              <Impression><![CDATA[https://t.example/w/imp]]></Impression>
              <Creatives>
                <Creative>
                  <NonLinearAds>
                    <NonLinear><NonLinearClickTracking><![CDATA[https://t.example/w/click]]></NonLinearClickTracking></NonLinear>
                    <TrackingEvents>
                      <Tracking event="creativeView"><![CDATA[https://t.example/w/view]]></Tracking>
                      <Tracking event="close"><![CDATA[https://t.example/w/close]]></Tracking>
                    </TrackingEvents>
                  </NonLinearAds>
                </Creative>
              </Creatives>
            </Wrapper>
          </Ad>
        </VAST>
        """

    static let html = """
        <VAST version="4.2"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
        <Error><![CDATA[https://t.example/html/error]]></Error>
        <Impression><![CDATA[https://t.example/html/imp]]></Impression>
        <Creatives><Creative><NonLinearAds><NonLinear><HTMLResource><![CDATA[<b>x</b>]]></HTMLResource></NonLinear></NonLinearAds></Creative></Creatives>
        </InLine></Ad></VAST>
        """

    static func evaluation(_ xml: String) -> PauseEvaluation { PauseProfile.evaluate([VASTDecoder.decode(xml).vast!]) }
}

@Suite struct PauseProfileTests {
    func urls(_ pixels: [ProfilePixel]?) -> [String] { (pixels ?? []).map(\.url) }

    @Test func eligibleInLineNamesTheCreativeAndEveryPixel() {
        let report = Profiles.evaluate(.pause, input: decode(PauseFixtures.inLine))
        #expect(report.eligible == true)
        #expect(report.verdict == "eligible: shows <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png")
        #expect(report.reasons.isEmpty)
        #expect(report.diagnostics.isEmpty)
        let pixels = report.pixels ?? [:]
        #expect(pixels.keys.sorted() == ["click", "close", "creativeView", "error", "impression", "notUsed", "overlayViewDuration"])
        #expect(urls(pixels["impression"]) == ["https://t.example/in/imp"])
        #expect(urls(pixels["creativeView"]) == ["https://t.example/in/view"])
        #expect(urls(pixels["click"]) == ["https://t.example/in/click"])
        #expect(urls(pixels["close"]) == ["https://t.example/in/close"])
        #expect(urls(pixels["overlayViewDuration"]) == ["https://t.example/in/duration"])
        #expect(urls(pixels["notUsed"]) == ["https://t.example/in/notused"])
        #expect(urls(pixels["error"]) == ["https://t.example/in/error?c=[ERRORCODE]"])
        let creative = report.pause?.creative
        #expect(creative?.clickThrough == "https://brand.example/")
        #expect(creative?.width == 640 && creative?.height == 360)
        #expect(creative?.path == "/VAST/Ad[1]/InLine/Creatives/Creative[1]/NonLinearAds/NonLinear[1]")
    }

    @Test func wrapperPixelsAreIncludedWithTheirHop() {
        let wrapper = VASTDecoder.decode(PauseFixtures.wrapper)
        let inLine = VASTDecoder.decode(PauseFixtures.inLine).vast!
        let report = Profiles.evaluate(.pause, input: wrapper, chain: [inLine])
        #expect(report.eligible == true)
        let pixels = report.pixels ?? [:]
        #expect(pixels["impression"]?.map { "\($0.hop) \($0.url)" } == ["0 https://t.example/w/imp", "1 https://t.example/in/imp"])
        #expect(pixels["creativeView"]?.map { "\($0.hop) \($0.url)" } == ["0 https://t.example/w/view", "1 https://t.example/in/view"])
        #expect(pixels["click"]?.map { "\($0.hop) \($0.url)" } == ["0 https://t.example/w/click", "1 https://t.example/in/click"])
        #expect(pixels["close"]?.map { "\($0.hop) \($0.url)" } == ["0 https://t.example/w/close", "1 https://t.example/in/close"])
        #expect(pixels["error"]?.map { "\($0.hop) \($0.url)" } == ["0 https://t.example/w/error", "1 https://t.example/in/error?c=[ERRORCODE]"])
        #expect(report.pause?.adHop == 1)
        #expect(report.pause?.creative?.hop == 1)
    }

    @Test func unresolvedWrapperIsNotEligibleButKeepsItsPixels() {
        let report = Profiles.evaluate(.pause, input: decode(PauseFixtures.wrapper), file: "w.xml")
        #expect(report.eligible == false)
        #expect(report.diagnostics.map(\.ruleID) == ["PROFILE-pause-wrapper-unresolved"])
        #expect(report.diagnostics.first?.file == "w.xml")
        #expect(report.verdict == "not eligible: the first ad is a <Wrapper> to https://ads.example/pause-inline; whether it shows depends on the tag it wraps (resolve the chain)")
        #expect(urls(report.pixels?["impression"]) == ["https://t.example/w/imp"])
    }

    @Test func everyReasonIsListed() {
        let xml = """
            <VAST version="4.2"><Ad id="a"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives>
            <Creative><NonLinearAds>
            <NonLinear id="h"><HTMLResource><![CDATA[<b>x</b>]]></HTMLResource></NonLinear>
            <NonLinear id="g"><StaticResource creativeType="image/gif"><![CDATA[https://cdn.example/a.gif]]></StaticResource></NonLinear>
            <NonLinear id="i"><IFrameResource><![CDATA[https://cdn.example/f.html]]></IFrameResource></NonLinear>
            <NonLinear id="v" apiFramework="VPAID"><StaticResource creativeType="application/javascript"><![CDATA[https://cdn.example/v.js]]></StaticResource></NonLinear>
            </NonLinearAds></Creative></Creatives></InLine></Ad>
            <Ad id="b"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><NonLinearAds><NonLinear><StaticResource creativeType="image/png"><![CDATA[https://cdn.example/b.png]]></StaticResource></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
            """
        let report = Profiles.evaluate(.pause, input: decode(xml))
        #expect(report.eligible == false)
        #expect(report.reasons == [
            "this <NonLinear> has only an HTMLResource; pause ads need a StaticResource of type image/png or image/jpeg",
            "this <NonLinear> has only a StaticResource of type \"image/gif\"; pause ads need a StaticResource of type image/png or image/jpeg",
            "this <NonLinear> has only an IFrameResource; pause ads need a StaticResource of type image/png or image/jpeg",
            "this <NonLinear> is a VPAID creative (apiFramework=\"VPAID\"); pause ads show static PNG or JPEG images only",
        ])
        // The second ad would be fine, but only the first ad of the response is used.
        #expect(report.diagnostics.filter { $0.ruleID == "PROFILE-pause-first-ad-only" }.map(\.position?.line) == [8])
        #expect(report.diagnostics.filter { $0.severity == .error }.count == 4)
    }

    @Test func jpgIsNotAMIMEType() {
        let report = Profiles.evaluate(.pause, input: decode(ProfileRules.pauseTag("<Creative><NonLinearAds><NonLinear><StaticResource creativeType=\"image/jpg\"><![CDATA[https://cdn.example/a.jpg]]></StaticResource></NonLinear></NonLinearAds></Creative>")))
        #expect(report.reasons == ["this <NonLinear> has only a StaticResource of type \"image/jpg\" (the MIME type of JPEG is image/jpeg); pause ads need a StaticResource of type image/png or image/jpeg"])
        let upper = Profiles.evaluate(.pause, input: decode(ProfileRules.pauseTag("<Creative><NonLinearAds><NonLinear><StaticResource creativeType=\"IMAGE/JPEG\"><![CDATA[https://cdn.example/a.jpg]]></StaticResource></NonLinear></NonLinearAds></Creative>")))
        #expect(upper.eligible == true)
    }

    @Test func noNonLinearAndNoAd() {
        let linear = Profiles.evaluate(.pause, input: decode("<VAST version=\"3.0\"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><Linear><Duration>00:00:05</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"))
        #expect(linear.verdict == "not eligible: the first ad has no <NonLinear> creative; pause ads show a NonLinear static image")
        let empty = Profiles.evaluate(.pause, input: decode("<VAST version=\"4.2\"><Error><![CDATA[https://t.example/e]]></Error></VAST>"))
        #expect(empty.eligible == false)
        #expect(empty.pixels?["error"]?.map(\.url) == ["https://t.example/e"])
        #expect(empty.diagnostics.map(\.ruleID) == ["PROFILE-pause-no-ad"])
    }

    @Test func notApplicableToVMAP() {
        let report = Profiles.evaluate(.pause, input: decode("<vmap:VMAP xmlns:vmap=\"http://www.iab.net/videosuite/vmap\" version=\"1.0\"/>"))
        #expect(report.eligible == false)
        #expect(report.verdict == "not applicable: the pause profile needs a VAST response; the input is <vmap:VMAP>")
    }
}
