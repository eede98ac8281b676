import ConformCore
import Testing
import VAST
@testable import Profiles

/// The screensaver, overlay, squeezeback and in-scene profiles: the unit signalled by plcmt, the asset a CTV
/// player takes (SIMID, MediaFile, StaticResource fallback; native 4.4 form or ctv_ad_portfolio extension), the
/// duration handling and the events fired, on the examples of the VAST 4.4 text and of the extension document
/// (written anew) and on the edges between them.
@Suite struct CTVUnitProfileTests {
    static func evaluate(_ xml: String, _ name: ProfileName, options: ProfileOptions = ProfileOptions(), chain: [String] = []) -> ProfileReport {
        Profiles.evaluate(name, input: decode(xml), options: options, chain: chain.compactMap { decode($0).vast })
    }

    /// A 4.4 overlay in the manner of the spec's §3.12 example: a WebM lower third with a Duration, quartile
    /// tracking and the AdCOM signals as Extensions.
    static let overlay44 = """
        <VAST version="4.4"><Ad id="ov"><InLine><AdSystem>s</AdSystem><AdTitle>Overlay</AdTitle>\
        <Error><![CDATA[https://t.example/err]]></Error><Impression><![CDATA[https://t.example/imp]]></Impression>\
        <Creatives><Creative id="cr"><NonLinearAds><NonLinear id="nl" width="1920" height="324"><Duration>00:00:12</Duration>\
        <MediaFiles><MediaFile delivery="progressive" type="video/webm" width="1920" height="324"><![CDATA[https://cdn.example/lower-third.webm]]></MediaFile></MediaFiles>\
        <NonLinearClickThrough><![CDATA[https://brand.example/]]></NonLinearClickThrough>\
        <NonLinearClickTracking><![CDATA[https://t.example/click]]></NonLinearClickTracking></NonLinear>\
        <TrackingEvents><Tracking event="creativeView"><![CDATA[https://t.example/cv]]></Tracking>\
        <Tracking event="start"><![CDATA[https://t.example/start]]></Tracking>\
        <Tracking event="midpoint"><![CDATA[https://t.example/mid]]></Tracking>\
        <Tracking event="complete"><![CDATA[https://t.example/complete]]></Tracking>\
        <Tracking event="close"><![CDATA[https://t.example/close]]></Tracking>\
        <Tracking event="overlayViewDuration"><![CDATA[https://t.example/ovd]]></Tracking></TrackingEvents>\
        </NonLinearAds></Creative></Creatives>\
        <Extensions><Extension type="plcmt" ext="adcom"><plcmt>7</plcmt></Extension></Extensions></InLine></Ad></VAST>
        """

    /// A 2.0 response with the ctv_ad_portfolio extension: `native` is the NonLinear's content, `body` the extension's.
    static func extensionForm(native: String, body: String, tracking: String = "") -> String {
        """
        <VAST version="2.0"><Ad id="x"><InLine><AdSystem>s</AdSystem><AdTitle>CTV</AdTitle>\
        <Impression><![CDATA[https://t.example/imp]]></Impression><Creatives><Creative id="c">\
        <NonLinearAds><TrackingEvents><Tracking event="creativeView"><![CDATA[https://t.example/cv]]></Tracking>\(tracking)</TrackingEvents>\
        <NonLinear id="nl" width="1920" height="1080">\(native)</NonLinear></NonLinearAds></Creative></Creatives>\
        <Extensions><Extension type="ctv_ad_portfolio"><CreativeId>c</CreativeId>\(body)</Extension></Extensions></InLine></Ad></VAST>
        """
    }

    static let fallbackPNG = #"<StaticResource creativeType="image/png"><![CDATA[https://cdn.example/fallback.png]]></StaticResource>"#

    @Test func theSpecsOverlayShowsItsVideoForItsDurationWithEveryEvent() throws {
        let report = Self.evaluate(Self.overlay44, .overlay)
        #expect(report.eligible == true, "\(report.reasons)")
        let detail = try #require(report.ctv)
        #expect(detail.unit == .overlay && detail.plcmt == 7)
        #expect(detail.asset?.kind == .video && detail.asset?.url == "https://cdn.example/lower-third.webm" && detail.asset?.element == "MediaFile")
        #expect(detail.durationSeconds == 12)
        #expect(detail.events == ["impression", "creativeView", "start", "midpoint", "complete", "click", "close", "overlayViewDuration"])
        #expect(report.verdict == "eligible: shows MediaFile video/webm https://cdn.example/lower-third.webm for 00:00:12.000")
        #expect(report.diagnostics.isEmpty)
    }

    @Test func anotherUnitRefusesTheOverlayAndFiresOnlyItsError() throws {
        for name in [ProfileName.screensaver, .squeezeback, .inScene] {
            let report = Self.evaluate(Self.overlay44, name)
            #expect(report.eligible == false)
            #expect(report.ctv?.causes == ["unit-mismatch"])
            #expect(report.ctv?.events == ["error"])
            #expect(report.pixels?["impression"] == [])
            #expect(report.diagnostics.map(\.ruleID) == ["PROFILE-ctv-unit-mismatch"])
            #expect(report.diagnostics.first?.message.contains("names the Overlay unit") == true)
        }
    }

    @Test func noPlcmtMeansTheRequestedUnit() throws {
        let xml = Self.overlay44.replacingOccurrences(of: #"<Extensions><Extension type="plcmt" ext="adcom"><plcmt>7</plcmt></Extension></Extensions>"#, with: "")
        let report = Self.evaluate(xml, .inScene)
        #expect(report.eligible == true)
        #expect(report.ctv?.plcmt == nil)
        #expect(report.reasons.first == "the ad signals no plcmt: the player takes it for the In-Scene unit it requested")
    }

    @Test func aStaticScreensaverFromTheExtensionHasAnUnknownDurationAndNoFinding() throws {
        // The extension document's static screensaver, in other words: a JPEG both as the native fallback and as
        // the extension's MediaFile, plcmt 6, overlayViewDuration in the extension.
        let xml = Self.extensionForm(
            native: #"<StaticResource creativeType="image/jpeg"><![CDATA[https://cdn.example/idle.jpg]]></StaticResource>"#,
            body: #"<plcmt>6</plcmt><pos>7</pos><MediaFiles><MediaFile delivery="progressive" type="image/jpeg" width="1920" height="1080"><![CDATA[https://cdn.example/idle-ext.jpg]]></MediaFile></MediaFiles><TrackingEvents><Tracking event="overlayViewDuration"><![CDATA[https://t.example/ovd]]></Tracking></TrackingEvents>"#,
            tracking: #"<Tracking event="close"><![CDATA[https://t.example/close]]></Tracking>"#)
        let report = Self.evaluate(xml, .screensaver)
        #expect(report.eligible == true, "\(report.reasons)")
        let asset = try #require(report.ctv?.asset)
        #expect(asset.kind == .image && asset.url == "https://cdn.example/idle-ext.jpg" && asset.fromExtension == true)
        #expect(report.ctv?.durationSeconds == nil)
        #expect(report.ctv?.durationHandling?.hasPrefix("the duration is unknown: the static image stays") == true)
        #expect(report.ctv?.events == ["impression", "creativeView", "close", "overlayViewDuration"])
        #expect(report.diagnostics.isEmpty)
    }

    @Test func aSIMIDSqueezebackRunsItsInteractiveFileOrFallsBack() throws {
        let xml = Self.extensionForm(
            native: Self.fallbackPNG,
            body: #"<plcmt>8</plcmt><Duration>00:00:30</Duration><MediaFiles><InteractiveCreativeFile type="text/html" apiFramework="SIMID" variableDuration="false"><![CDATA[https://cdn.example/frame.html]]></InteractiveCreativeFile></MediaFiles>"#,
            tracking: #"<Tracking event="interactiveStart"><![CDATA[https://t.example/is]]></Tracking><Tracking event="complete"><![CDATA[https://t.example/complete]]></Tracking>"#)
        let simid = Self.evaluate(xml, .squeezeback)
        #expect(simid.eligible == true)
        #expect(simid.ctv?.asset?.kind == .interactive && simid.ctv?.asset?.element == "InteractiveCreativeFile" && simid.ctv?.asset?.fromExtension == true)
        #expect(simid.ctv?.durationSeconds == 30)
        #expect(simid.ctv?.events == ["impression", "creativeView", "interactiveStart", "complete"])

        let noSIMID = Self.evaluate(xml, .squeezeback, options: ProfileOptions(simid: false))
        #expect(noSIMID.eligible == true)
        #expect(noSIMID.ctv?.asset?.kind == .image && noSIMID.ctv?.asset?.element == "StaticResource")
        #expect(noSIMID.ctv?.durationSeconds == 30, "the extension's Duration still times the unit")
        #expect(noSIMID.ctv?.events == ["impression", "creativeView", "complete"], "no interactiveStart without the interactive file")
        #expect(noSIMID.reasons.contains { $0.contains("is not executed: the player does not run SIMID") })
    }

    @Test func theNative44FormComesBeforeTheExtension() throws {
        let xml = Self.extensionForm(
            native: #"<MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080"><![CDATA[https://cdn.example/native.png]]></MediaFile></MediaFiles>"#,
            body: #"<MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080"><![CDATA[https://cdn.example/ext.png]]></MediaFile></MediaFiles>"#)
            .replacingOccurrences(of: "version=\"2.0\"", with: "version=\"4.4\"")
        let report = Self.evaluate(xml, .overlay)
        #expect(report.ctv?.asset?.url == "https://cdn.example/native.png" && report.ctv?.asset?.fromExtension == nil)
    }

    @Test func aVideoWithoutDurationShowsButItsTimeBasedEventsNeverFire() throws {
        let xml = Self.overlay44.replacingOccurrences(of: "<Duration>00:00:12</Duration>", with: "")
        let report = Self.evaluate(xml, .overlay)
        #expect(report.eligible == true)
        #expect(report.ctv?.durationSeconds == nil)
        #expect(report.ctv?.events == ["impression", "creativeView", "click", "close", "overlayViewDuration"])
        #expect(report.pixels?["midpoint"] == [])
        let finding = try #require(report.diagnostics.first)
        #expect(report.diagnostics.map(\.ruleID) == ["PROFILE-ctv-duration-missing"])
        #expect(finding.message.contains("a video creative is time-based media") && finding.message.contains("complete, midpoint, start"))
    }

    @Test func aStaticImageNeedsADurationOnlyInTheUnitsThatShareTheScreen() throws {
        let xml = Self.extensionForm(native: Self.fallbackPNG, body: "")
        for name in [ProfileName.screensaver, .overlay] {
            #expect(Self.evaluate(xml, name).diagnostics.isEmpty, "\(name)")
        }
        for name in [ProfileName.squeezeback, .inScene] {
            let report = Self.evaluate(xml, name)
            #expect(report.eligible == true)
            #expect(report.diagnostics.map(\.ruleID) == ["PROFILE-ctv-duration-missing"], "\(name)")
        }
    }

    @Test func wrapperTrackingJoinsWithItsHop() throws {
        let wrapper = """
            <VAST version="3.0"><Ad><Wrapper><AdSystem>w</AdSystem><VASTAdTagURI><![CDATA[https://ads.example/inline]]></VASTAdTagURI>\
            <Impression><![CDATA[https://t.example/w-imp]]></Impression><Creatives><Creative><NonLinearAds>\
            <TrackingEvents><Tracking event="close"><![CDATA[https://t.example/w-close]]></Tracking></TrackingEvents>\
            <NonLinear><NonLinearClickTracking><![CDATA[https://t.example/w-click]]></NonLinearClickTracking></NonLinear>\
            </NonLinearAds></Creative></Creatives></Wrapper></Ad></VAST>
            """
        let unresolved = Self.evaluate(wrapper, .overlay)
        #expect(unresolved.eligible == false && unresolved.ctv?.causes == ["wrapper-unresolved"])
        #expect(unresolved.diagnostics.map(\.ruleID) == ["PROFILE-ctv-wrapper-unresolved"])

        let report = Self.evaluate(wrapper, .overlay, chain: [Self.overlay44])
        #expect(report.eligible == true)
        #expect(report.pixels?["impression"]?.map { "\($0.hop) \($0.url)" } == ["0 https://t.example/w-imp", "1 https://t.example/imp"])
        #expect(report.pixels?["close"]?.map { "\($0.hop) \($0.url)" } == ["0 https://t.example/w-close", "1 https://t.example/close"])
        #expect(report.pixels?["click"]?.map(\.url) == ["https://t.example/w-click", "https://t.example/click"])
        #expect(report.ctv?.asset?.hop == 1)
    }

    @Test func nothingRenderableGivesOneCausePerReason() throws {
        let audio = Self.extensionForm(native: #"<HTMLResource><![CDATA[<p>x</p>]]></HTMLResource>"#,
                                       body: #"<MediaFiles><MediaFile delivery="progressive" type="audio/mp4" width="0" height="0"><![CDATA[https://cdn.example/a.m4a]]></MediaFile></MediaFiles>"#)
        let report = Self.evaluate(audio, .overlay)
        #expect(report.eligible == false && report.ctv?.causes == ["no-renderable-asset"])
        #expect(report.verdict.contains("a MediaFile of type \"audio/mp4\" (NonLinearAds are not for audio), an HTMLResource"))

        let noAd = Self.evaluate(#"<VAST version="4.4"><Error><![CDATA[https://t.example/e]]></Error></VAST>"#, .screensaver)
        #expect(noAd.ctv?.causes == ["no-ad"] && noAd.ctv?.events == ["error"])

        let linear = Self.evaluate(#"<VAST version="4.4"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><Linear><Duration>00:00:05</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>"#, .squeezeback)
        #expect(linear.ctv?.causes == ["no-nonlinear"] && linear.ctv?.events == [])

        let vmap = Self.evaluate(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"/>"#, .inScene)
        #expect(vmap.eligible == false && vmap.ctv?.causes == ["not-vast"])
        #expect(vmap.diagnostics.map(\.ruleID) == ["PROFILE-input-not-applicable"])
    }

    @Test func theUnitOfEachPlcmtValue() {
        #expect(CTVUnit.allCases.map(\.plcmt) == [5, 6, 7, 8, 9])
        #expect(CTVUnit(plcmt: 1) == nil && CTVUnit(plcmt: 10) == nil)
        #expect(CTVUnit.allCases.filter(\.staticImageMayOmitDuration) == [.pause, .screensaver, .overlay])
        #expect(ProfileName.allCases.compactMap(CTVUnitProfile.unit(of:)) == [.screensaver, .overlay, .squeezeback, .inScene])
    }
}
