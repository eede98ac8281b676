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
