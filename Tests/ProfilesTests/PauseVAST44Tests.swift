import ConformCore
import Testing
import VAST
@testable import Profiles

/// The pause profile on VAST 4.4 pause ads, whose NonLinear may carry its image, video or SIMID file in
/// `<MediaFiles>` (§3.12.3). The pause player shows static PNG or JPEG images only.
@Suite struct PauseVAST44Tests {
    static func pause(_ mediaFiles: String, duration: String = "") -> String {
        """
        <VAST version="4.4"><Ad id="p44"><InLine><AdSystem>s</AdSystem><AdTitle>Pause</AdTitle>\
        <Impression><![CDATA[https://t.example/imp]]></Impression><Creatives><Creative id="c">\
        <NonLinearAds><NonLinear id="nl44" width="1920" height="1080">\(duration)<MediaFiles>\(mediaFiles)</MediaFiles></NonLinear>\
        <TrackingEvents><Tracking event="creativeView"><![CDATA[https://t.example/cv]]></Tracking>\
        <Tracking event="start"><![CDATA[https://t.example/start]]></Tracking></TrackingEvents>\
        </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    @Test func anImageMediaFileIsShown() throws {
        let evaluation = PauseFixtures.evaluation(Self.pause(#"<MediaFile delivery="progressive" type="image/jpeg" width="1920" height="1080"><![CDATA[https://cdn.example/p.jpg]]></MediaFile>"#))
        #expect(evaluation.eligible)
        let creative = try #require(evaluation.creative)
        #expect(creative.element == "MediaFile" && creative.imageURL == "https://cdn.example/p.jpg" && creative.creativeType == "image/jpeg")
        #expect(evaluation.verdict == "eligible: shows <NonLinear id=\"nl44\"> MediaFile image/jpeg https://cdn.example/p.jpg")
        #expect(evaluation.pixels["creativeView"]?.map(\.url) == ["https://t.example/cv"])
    }

    @Test func theImageIsPreferredToAVideoOfTheSameNonLinear() throws {
        let evaluation = PauseFixtures.evaluation(Self.pause("""
            <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.example/c.mp4]]></MediaFile>\
            <MediaFile delivery="progressive" type="image/png" width="1920" height="1080"><![CDATA[https://cdn.example/p.png]]></MediaFile>
            """, duration: "<Duration>00:00:10</Duration>"))
        #expect(evaluation.eligible && evaluation.creative?.imageURL == "https://cdn.example/p.png")
    }

    @Test func aVideoCinemagraphOrASIMIDFileAloneIsNotShown() {
        let video = PauseFixtures.evaluation(Self.pause(#"<MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.example/c.mp4]]></MediaFile>"#, duration: "<Duration>00:00:10</Duration>"))
        #expect(!video.eligible)
        #expect(video.causes == [.noStaticImage])
        #expect(video.reasons.first?.contains("a video MediaFile of type \"video/mp4\" (a cinemagraph)") == true, "\(video.reasons)")
        #expect(video.reasons.first?.contains("a StaticResource or MediaFile of type image/png or image/jpeg") == true)
        let simid = PauseFixtures.evaluation(Self.pause(#"<InteractiveCreativeFile type="text/html" apiFramework="SIMID"><![CDATA[https://cdn.example/s.html]]></InteractiveCreativeFile>"#))
        #expect(!simid.eligible)
        #expect(simid.reasons.first?.contains("an InteractiveCreativeFile (SIMID)") == true, "\(simid.reasons)")
    }

    @Test func aStaticResourceKeepsItsVerdictWithoutTheElementName() {
        let evaluation = PauseFixtures.evaluation(PauseFixtures.inLine)
        #expect(evaluation.creative?.element == nil)
        #expect(evaluation.verdict == "eligible: shows <NonLinear id=\"nl1\"> image/png https://cdn.example/pause.png")
    }
}
