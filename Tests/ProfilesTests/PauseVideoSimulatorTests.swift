import ConformCore
import Testing
import VAST
@testable import Profiles

/// A video pause ad (a VAST 4.4 cinemagraph, or one in the ctv_ad_portfolio extension) under a player that plays
/// it (`--play-video`): start as it shows, the quartiles of its Duration while the pause lasts, none after a
/// dismissal; the reference player shows the poster and fires no time-based event.
@Suite struct PauseVideoSimulatorTests {
    /// A 4.4 pause creative with a poster StaticResource and a 20-second video MediaFile, with quartile tracking.
    static let native44 = """
        <VAST version="4.4"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>Cinemagraph</AdTitle>\
        <Impression><![CDATA[https://t.example/imp]]></Impression><Creatives><Creative id="c"><NonLinearAds>\
        <NonLinear id="nl" width="1920" height="1080"><StaticResource creativeType="image/jpeg"><![CDATA[https://cdn.example/poster.jpg]]></StaticResource>\
        <Duration>00:00:20</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.example/loop.mp4]]></MediaFile></MediaFiles></NonLinear>\
        <TrackingEvents><Tracking event="creativeView"><![CDATA[https://t.example/cv]]></Tracking>\
        <Tracking event="start"><![CDATA[https://t.example/start]]></Tracking>\
        <Tracking event="firstQuartile"><![CDATA[https://t.example/q1]]></Tracking>\
        <Tracking event="midpoint"><![CDATA[https://t.example/mid]]></Tracking>\
        <Tracking event="thirdQuartile"><![CDATA[https://t.example/q3]]></Tracking>\
        <Tracking event="complete"><![CDATA[https://t.example/complete]]></Tracking>\
        <Tracking event="close"><![CDATA[https://t.example/close]]></Tracking></TrackingEvents>\
        </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
        """

    static func lines(_ xml: String, _ timeline: String, playsVideo: Bool?, chain: [String] = []) throws -> [String] {
        let evaluation = PauseProfile.evaluate(([xml] + chain).compactMap { VASTDecoder.decode($0).vast })
        let ad = ScheduledPauseAd(name: "ad 1", evaluation: evaluation, playsVideo: playsVideo)
        return PauseSimulator.run(timeline: try PauseTimelineEvent.parse(timeline), ads: [ad]).steps.map { step in
            "\(secondsText(step.time)) \(step.event)" + (step.pixels.isEmpty ? "" : " [" + step.pixels.map(\.url).joined(separator: ",") + "]")
        }
    }

    @Test func theVideoFiresItsQuartilesDuringThePause() throws {
        let evaluation = PauseProfile.evaluate([try #require(VASTDecoder.decode(Self.native44).vast)])
        let video = try #require(evaluation.video)
        #expect(video.url == "https://cdn.example/loop.mp4" && video.durationSeconds == 20 && video.fromExtension == nil)
        #expect(try Self.lines(Self.native44, "play@0,pause@10,resume@40,pause@50,close@53", playsVideo: true) == [
            "0.000 play",
            "10.000 pause",
            "11.000 eligible [https://t.example/imp,https://t.example/cv,https://t.example/start]",
            "16.000 firstQuartile [https://t.example/q1]",
            "21.000 midpoint [https://t.example/mid]",
            "26.000 thirdQuartile [https://t.example/q3]",
            "31.000 complete [https://t.example/complete]",
            "40.000 resume",
            "50.000 pause",
            "51.000 eligible",
            "53.000 close",
        ])
    }

    @Test func aDismissalStopsTheQuartilesAndATieFiresTheQuartileFirst() throws {
        #expect(try Self.lines(Self.native44, "play@0,pause@10,close@21,resume@25", playsVideo: true) == [
            "0.000 play",
            "10.000 pause",
            "11.000 eligible [https://t.example/imp,https://t.example/cv,https://t.example/start]",
            "16.000 firstQuartile [https://t.example/q1]",
            "21.000 midpoint [https://t.example/mid]",
            "21.000 close [https://t.example/close]",
            "25.000 resume",
        ])
        #expect(try Self.lines(Self.native44, "play@0,pause@10,seek@14", playsVideo: true) == [
            "0.000 play",
            "10.000 pause",
            "11.000 eligible [https://t.example/imp,https://t.example/cv,https://t.example/start]",
            "14.000 seek",
            "14.000 seek",
        ])
    }

    @Test func theReferencePlayerShowsThePosterWithoutTimeBasedEvents() throws {
        #expect(try Self.lines(Self.native44, "play@0,pause@10,resume@40", playsVideo: nil) == [
            "0.000 play",
            "10.000 pause",
            "11.000 eligible [https://t.example/imp,https://t.example/cv]",
            "40.000 resume",
        ])
    }

    @Test func theExtensionsVideoAndTheWrappersQuartilesJoin() throws {
        let inLine = """
            <VAST version="2.0"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression><![CDATA[https://t.example/imp]]></Impression>\
            <Creatives><Creative id="c"><NonLinearAds><NonLinear><StaticResource creativeType="image/png"><![CDATA[https://cdn.example/p.png]]></StaticResource></NonLinear>\
            <TrackingEvents><Tracking event="midpoint"><![CDATA[https://t.example/in-mid]]></Tracking></TrackingEvents></NonLinearAds></Creative></Creatives>\
            <Extensions><Extension type="ctv_ad_portfolio"><CreativeId>c</CreativeId><Duration>00:00:08</Duration>\
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.example/ext.mp4]]></MediaFile></MediaFiles>\
            <TrackingEvents><Tracking event="complete"><![CDATA[https://t.example/ext-complete]]></Tracking></TrackingEvents></Extension></Extensions></InLine></Ad></VAST>
            """
        let wrapper = """
            <VAST version="3.0"><Ad><Wrapper><AdSystem>w</AdSystem><VASTAdTagURI><![CDATA[https://a.example/in]]></VASTAdTagURI>\
            <Impression><![CDATA[https://t.example/w-imp]]></Impression><Creatives><Creative><NonLinearAds><TrackingEvents>\
            <Tracking event="midpoint"><![CDATA[https://t.example/w-mid]]></Tracking></TrackingEvents></NonLinearAds></Creative></Creatives></Wrapper></Ad></VAST>
            """
        #expect(try Self.lines(wrapper, "play@0,pause@2", playsVideo: true, chain: [inLine]) == [
            "0.000 play",
            "2.000 pause",
            "3.000 eligible [https://t.example/w-imp,https://t.example/imp]",
            "5.000 firstQuartile",
            "7.000 midpoint [https://t.example/w-mid,https://t.example/in-mid]",
            "9.000 thirdQuartile",
            "11.000 complete [https://t.example/ext-complete]",
        ])
    }

    @Test func noDurationNoVideo() throws {
        let xml = Self.native44.replacingOccurrences(of: "<Duration>00:00:20</Duration>", with: "")
        let evaluation = PauseProfile.evaluate([try #require(VASTDecoder.decode(xml).vast)])
        #expect(evaluation.eligible && evaluation.video == nil)
        #expect(try Self.lines(xml, "play@0,pause@10", playsVideo: true) == [
            "0.000 play", "10.000 pause", "11.000 eligible [https://t.example/imp,https://t.example/cv]",
        ])
    }
}
