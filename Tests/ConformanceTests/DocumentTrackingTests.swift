import Conformance
import Testing
import VAST

/// The tracking URLs of one document, per event name, in document order.
@Suite struct DocumentTrackingTests {
    /// Names that meet from two places (a Linear event spelt like a NonLinear one, an event without a name,
    /// two ads), empty URLs, and URLs of one name far apart.
    static let mixed = """
        <VAST version="4.2"><Error>https://e/0</Error><Ad><InLine><Impression>https://i/1</Impression><Impression></Impression>
        <Creatives><Creative><Linear><TrackingEvents><Tracking event="nonLinear:start">https://l/1</Tracking>
        <Tracking>https://l/q</Tracking><Tracking event="start">https://l/2</Tracking><Tracking event="start"></Tracking>
        <Tracking event="complete">https://l/3</Tracking><Tracking event="start">https://l/4</Tracking></TrackingEvents>
        <VideoClicks><ClickThrough>https://c/1</ClickThrough></VideoClicks></Linear></Creative>
        <Creative><NonLinearAds><TrackingEvents><Tracking event="start">https://n/1</Tracking></TrackingEvents></NonLinearAds></Creative>
        <Creative><Linear><TrackingEvents><Tracking event="nonLinear:start">https://l/5</Tracking></TrackingEvents></Linear></Creative>
        </Creatives><Error>https://e/1</Error></InLine></Ad>
        <Ad><Wrapper><Impression>https://i/2</Impression><VASTAdTagURI>https://w</VASTAdTagURI></Wrapper></Ad></VAST>
        """

    /// VAST 4.4: the Icons of a NonLinearAds and a NonLinearCustomClick are listed under names of their own,
    /// apart from a Linear's icons.
    @Test func nonLinearIconsAndCustomClicksOfVAST44AreListed() throws {
        let vast = try #require(VASTDecoder.decode("""
            <VAST version="4.4"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon><IconViewTracking>https://li/v</IconViewTracking></Icon></Icons></Linear></Creative>
            <Creative><NonLinearAds><NonLinear><NonLinearCustomClick>https://n/custom</NonLinearCustomClick></NonLinear>
            <Icons><Icon><IconClicks><IconClickThrough>https://ni/through</IconClickThrough><IconClickTracking>https://ni/click</IconClickTracking></IconClicks>
            <IconViewTracking>https://ni/v</IconViewTracking></Icon></Icons></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
            """).vast)
        let tracking = DocumentTracking.collect(vast)
        #expect(tracking["iconViewTracking"]?.map(\.url) == ["https://li/v"])
        #expect(tracking["nonLinear:iconViewTracking"]?.map(\.url) == ["https://ni/v"])
        #expect(tracking["nonLinear:iconClickThrough"]?.map(\.url) == ["https://ni/through"])
        #expect(tracking["nonLinear:iconClickTracking"]?.map(\.url) == ["https://ni/click"])
        #expect(tracking["nonLinearCustomClick"]?.map(\.url) == ["https://n/custom"])
    }

    /// The CTV Ad Portfolio extension (VAST 2.0 to 4.3): its tracking is listed under the NonLinear names,
    /// after the native URLs, each marked fromExtension.
    @Test func ctvAdPortfolioExtensionTrackingIsListed() throws {
        let vast = try #require(VASTDecoder.decode("""
            <VAST version="2.0"><Ad><InLine><Creatives><Creative><NonLinearAds><TrackingEvents><Tracking event="creativeView">https://n/cv</Tracking></TrackingEvents>
            <NonLinear/></NonLinearAds></Creative></Creatives><Extensions>
            <Extension type="ctv_ad_portfolio"><TrackingEvents><Tracking event="overlayViewDuration">https://x/ovd</Tracking><Tracking event="creativeView">https://x/cv</Tracking></TrackingEvents>
            <NonLinearClickTracking>https://x/click</NonLinearClickTracking>
            <Icons><Icon><IconViewTracking>https://x/iv</IconViewTracking></Icon></Icons></Extension>
            <Extension type="other"><TrackingEvents><Tracking event="start">https://o/s</Tracking></TrackingEvents></Extension>
            </Extensions></InLine></Ad></VAST>
            """).vast)
        let tracking = DocumentTracking.collect(vast)
        #expect(tracking["nonLinear:overlayViewDuration"]?.map(\.url) == ["https://x/ovd"])
        #expect(tracking["nonLinear:creativeView"]?.map(\.url) == ["https://n/cv", "https://x/cv"])
        #expect(tracking["nonLinear:creativeView"]?.map(\.fromExtension) == [nil, true])
        #expect(tracking["nonLinearClickTracking"]?.map(\.url) == ["https://x/click"])
        #expect(tracking["nonLinear:iconViewTracking"]?.first?.fromExtension == true)
        #expect(tracking["nonLinear:start"] == nil && tracking["start"] == nil)
    }

    @Test func namesMeetingFromTwoPlacesKeepDocumentOrder() throws {
        let vast = try #require(VASTDecoder.decode(Self.mixed).vast)
        let tracking = DocumentTracking.collect(vast)
        #expect(tracking["nonLinear:start"]?.map(\.url) == ["https://l/1", "https://n/1", "https://l/5"])
        #expect(tracking["start"]?.map(\.url) == ["https://l/2", "https://l/4"])
        #expect(tracking["?"]?.map(\.url) == ["https://l/q"])
        #expect(tracking["impression"]?.map(\.url) == ["https://i/1", "https://i/2"])
        #expect(tracking["error"]?.map(\.url) == ["https://e/0", "https://e/1"])
        #expect(tracking["clickThrough"]?.map(\.url) == ["https://c/1"])
        #expect(Set(tracking.keys) == ["nonLinear:start", "start", "?", "complete", "impression", "error", "clickThrough"])
    }
}

/// Elements the spec allows once, repeated: their URLs are listed after the others of their event, marked.
@Suite struct DocumentTrackingRepeatTests {
    static let repeated = """
        <VAST version="4.2"><Ad><InLine><Creatives><Creative>
        <Linear><TrackingEvents><Tracking event="start">https://l/1</Tracking></TrackingEvents>
        <TrackingEvents><Tracking event="start">https://l/2</Tracking></TrackingEvents>
        <VideoClicks><ClickThrough>https://c/1</ClickThrough><ClickThrough>https://c/2</ClickThrough></VideoClicks>
        <VideoClicks><ClickTracking>https://k/2</ClickTracking></VideoClicks></Linear>
        <Linear><TrackingEvents><Tracking event="start">https://l/3</Tracking></TrackingEvents>
        <VideoClicks><ClickThrough>https://c/3</ClickThrough></VideoClicks></Linear>
        <NonLinearAds><TrackingEvents><Tracking event="start">https://n/1</Tracking></TrackingEvents></NonLinearAds>
        <NonLinearAds><TrackingEvents><Tracking event="start">https://n/2</Tracking></TrackingEvents></NonLinearAds>
        </Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func everyURLIsListedAndTheRepeatsAreMarked() throws {
        let vast = try #require(VASTDecoder.decode(Self.repeated).vast)
        let tracking = DocumentTracking.collect(vast)
        func rows(_ event: String) -> [String] { (tracking[event] ?? []).map { ($0.repeated == true ? "r " : "") + $0.url } }
        #expect(rows("start") == ["https://l/1", "r https://l/2", "r https://l/3"])
        #expect(rows("clickThrough") == ["https://c/1", "r https://c/2", "r https://c/3"])
        #expect(rows("clickTracking") == ["r https://k/2"])
        #expect(rows("nonLinear:start") == ["https://n/1", "r https://n/2"])
    }

    @Test func aDocumentWithoutRepeatsHasNoMarks() throws {
        let vast = try #require(VASTDecoder.decode(DocumentTrackingTests.mixed).vast)
        #expect(DocumentTracking.collect(vast).values.joined().allSatisfy { $0.repeated == nil })
    }
}
