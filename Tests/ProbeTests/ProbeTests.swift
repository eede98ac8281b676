import Chain
import ConformCore
import Foundation
import Testing
import VAST
@testable import Probe

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// The generated assets of the probe corpus cases (scripts/gen-probe-assets.py).
let assets = packageRoot.appendingPathComponent("Corpus/probe/assets")

func asset(_ name: String) throws -> Data { try Data(contentsOf: assets.appendingPathComponent(name)) }

/// Serves a map of URLs and counts the requests.
final class CountingFetcher: Fetcher, @unchecked Sendable {
    let base: CorpusFetcher
    private let lock = NSLock()
    private(set) var requests: [String] = []

    init(_ entries: [String: CorpusFetcher.Entry]) {
        base = CorpusFetcher(entries: entries, baseDirectory: assets, policy: FetchPolicy())
    }

    func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
        lock.withLock { requests.append(uri.absoluteString) }
        return try base.fetch(uri, referrer: referrer)
    }
}

/// Media facts given by the test, per container, instead of ffprobe's.
struct FixedInspector: MediaInspector {
    var facts: [MediaType.Container: MediaFacts]
    func inspect(_ data: Data, container: MediaType.Container) -> MediaInspection {
        facts[container].map { .facts($0) } ?? .unreadable("no facts for \(container.rawValue)")
    }
}

func tag(_ body: String) -> VASTDocument {
    VASTDecoder.decode(Data("""
        <VAST version="4.2"><Ad id="1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
        <Impression>https://t.example.com/imp</Impression><Creatives>
        \(body)
        </Creatives></InLine></Ad></VAST>
        """.utf8)).vast!
}

@Suite struct AssetCollectorTests {
    @Test func listsEveryAssetWithItsElementPositionAndHop() {
        let document = tag("""
            <Creative><Linear><Duration>00:00:02</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="160" height="120" bitrate="30" codec="avc1.42E01E">https://cdn.example.com/a.mp4</MediaFile>
            <Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080">https://cdn.example.com/m.mp4</Mezzanine>
            <InteractiveCreativeFile type="application/javascript" apiFramework="SIMID">https://cdn.example.com/i.js</InteractiveCreativeFile>
            <ClosedCaptionFiles><ClosedCaptionFile type="text/vtt" language="en">https://cdn.example.com/c.vtt</ClosedCaptionFile></ClosedCaptionFiles>
            </MediaFiles><Icons><Icon program="AdChoices" width="20" height="20"><StaticResource creativeType="image/png">https://cdn.example.com/icon.png</StaticResource></Icon></Icons>
            <TrackingEvents><Tracking event="start">https://t.example.com/start</Tracking></TrackingEvents></Linear></Creative>
            <Creative><CompanionAds><Companion width="300" height="250"><StaticResource creativeType="image/png">https://cdn.example.com/c.png</StaticResource>
            <IFrameResource>https://cdn.example.com/c.html</IFrameResource><HTMLResource><![CDATA[<p>x</p>]]></HTMLResource></Companion></CompanionAds></Creative>
            """)
        let found = AssetCollector.assets(in: document, file: "tag.xml", hop: 2)
        #expect(found.map(\.label) == ["MediaFile", "Mezzanine", "InteractiveCreativeFile", "ClosedCaptionFile", "Icon StaticResource",
                                       "Companion StaticResource", "Companion IFrameResource"])
        #expect(found.allSatisfy { $0.hop == 2 && $0.file == "tag.xml" })
        let media = found[0]
        #expect(media.role == .media && media.width == 160 && media.height == 120 && media.bitrate == 30 && media.durationMs == 2000)
        #expect(media.codec == "avc1.42E01E" && media.position.line == 4)
        #expect(found[3].language == "en" && found[3].role == .caption)
        #expect(found[5].width == 300 && found[5].sizeIsSlot)
        // Pixels are listed apart, and never as assets.
        let pixels = AssetCollector.pixels(in: document, file: "tag.xml")
        #expect(pixels.map(\.element) == ["Impression", "Tracking"])
        #expect(!found.contains { $0.url.hasPrefix("https://t.example.com") })
    }
}

extension AssetCollectorTests {
    @Test func listsNonLinearIconFrameAndVerificationAssets() {
        let document = VASTDecoder.decode(Data("""
            <VAST version="4.2"><Ad id="1"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression>https://t.example.com/imp</Impression>
            <AdVerifications><Verification vendor="v"><JavaScriptResource apiFramework="omid" browserOptional="true">https://v.example.com/omid.js</JavaScriptResource></Verification></AdVerifications>
            <Creatives><Creative><Linear><Duration>00:00:02</Duration><MediaFiles></MediaFiles>
            <Icons><Icon program="AdChoices" width="20" height="20"><IFrameResource>https://cdn.example.com/icon.html</IFrameResource></Icon></Icons></Linear></Creative>
            <Creative><NonLinearAds><NonLinear width="300" height="50"><StaticResource creativeType="image/png">https://cdn.example.com/nl.png</StaticResource>
            <IFrameResource>https://cdn.example.com/nl.html</IFrameResource></NonLinear>
            <TrackingEvents><Tracking event="creativeView">https://t.example.com/view</Tracking></TrackingEvents></NonLinearAds></Creative>
            </Creatives></InLine></Ad></VAST>
            """.utf8)).vast!
        let found = AssetCollector.assets(in: document, file: "tag.xml")
        #expect(found.map(\.label) == ["Verification JavaScriptResource", "Icon IFrameResource", "NonLinear StaticResource", "NonLinear IFrameResource"])
        #expect(found.map(\.role) == [.script, .page, .image, .page])
        #expect(found[2].width == 300 && found[2].height == 50 && found[2].sizeIsSlot)
        #expect(AssetCollector.pixels(in: document, file: "tag.xml").map(\.element) == ["Impression", "Tracking"])
    }
}

extension AssetCollectorTests {
    @Test func listsWhatAnHTMLResourceLoads() {
        let document = tag("""
            <Creative><CompanionAds><Companion width="300" height="250"><HTMLResource><![CDATA[<div><IMG class="a" SRC="https://cdn.example.com/h.png">
            <script src='https://cdn.example.com/s.js?a=1&amp;b=2'></script><img src="relative.png"><a href="https://landing.example.com/">go</a>
            <iframe src=https://cdn.example.com/f.html></iframe></div>]]></HTMLResource></Companion></CompanionAds></Creative>
            """)
        let found = AssetCollector.assets(in: document, file: "tag.xml")
        #expect(found.map(\.url) == ["https://cdn.example.com/h.png", "https://cdn.example.com/s.js?a=1&b=2", "https://cdn.example.com/f.html"])
        #expect(found.map(\.role) == [.image, .script, .page])
        #expect(found.allSatisfy { $0.label == "Companion HTMLResource" && $0.position.line == 3 && $0.width == nil })
        #expect(AssetCollector.htmlSources("<p>no sources</p>").isEmpty)
    }
}

@Suite struct MediaTypeTests {
    @Test func sniffsTheGeneratedAssets() throws {
        #expect(MediaType.sniff(try asset("right.mp4")) == .mp4)
        #expect(MediaType.sniff(try asset("wrong-type.webm")) == .webm)
        #expect(MediaType.sniff(try asset("companion.png")) == .png)
        #expect(MediaType.sniff(try asset("companion.jpg")) == .jpeg)
        #expect(MediaType.sniff(try asset("captions.vtt")) == .webvtt)
        #expect(MediaType.sniff(try asset("captions-en.ttml")) == .ttml)
        #expect(MediaType.sniff(Data("<!DOCTYPE html><html></html>".utf8)) == .html)
        #expect(MediaType.container(of: "Video/MP4; codecs=\"avc1\"") == .mp4)
        #expect(MediaType.container(of: "application/octet-stream") == nil)
    }

    @Test func readsImageSizesFromTheirHeaders() throws {
        #expect(ImageSize.read(try asset("companion.png")) == ImageSize(width: 300, height: 250))
        #expect(ImageSize.read(try asset("companion.jpg")) == ImageSize(width: 300, height: 250))
        #expect(ImageSize.read(try asset("companion-small.png")) == ImageSize(width: 150, height: 100))
        #expect(ImageSize.read(Data([0x89, 0x50, 0x4E, 0x47])) == nil)
        // GIF: logical screen size, little-endian.
        #expect(ImageSize.read(Data("GIF89a".utf8) + Data([0x2C, 0x01, 0xFA, 0x00])) == ImageSize(width: 300, height: 250))
    }

    @Test func checksCaptionFiles() throws {
        #expect(CaptionFacts.read(try asset("captions.vtt")) == CaptionFacts(format: .webvtt))
        #expect(CaptionFacts.read(try asset("broken.vtt")).problem?.contains("cue timing") == true)
        #expect(CaptionFacts.read(try asset("captions-en.ttml")) == CaptionFacts(format: .ttml, language: "en"))
        #expect(CaptionFacts.read(Data("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8)) == CaptionFacts(format: .srt))
        #expect(CaptionFacts.read(Data("<tt><p>".utf8)).problem?.contains("not well-formed") == true)
        #expect(CaptionFacts.read(Data("WEBVTTX\n".utf8)).problem != nil)
    }

    @Test func readsFFProbeJSONAndDeclaredCodecs() {
        let json = Data("""
            {"streams":[{"codec_type":"video","codec_name":"h264","width":160,"height":120,"avg_frame_rate":"10/1"},
                        {"codec_type":"audio","codec_name":"aac"},
                        {"codec_type":"video","codec_name":"png","disposition":{"attached_pic":1}}],
             "format":{"format_name":"mov,mp4,m4a,3gp,3g2,mj2","duration":"2.000000","bit_rate":"28504"}}
            """.utf8)
        let facts = MediaFacts.fromFFProbe(json)
        #expect(facts == MediaFacts(formatName: "mov,mp4,m4a,3gp,3g2,mj2", durationMs: 2000, bitrateKbps: 29, videoCodec: "h264",
                                    width: 160, height: 120, frameRate: 10, audioCodec: "aac"))
        #expect(MediaFacts.fromFFProbe(Data("not json".utf8)) == nil)
        let declared = MediaFacts.declaredCodecs("avc1.42E01E, mp4a.40.2")
        #expect(declared.video == ["h264"] && declared.audio == ["aac"])
        #expect(MediaFacts.declaredCodecs("hvc1.1.6.L93.B0").video == ["hevc"])
    }

    @Test func readsBothFrameRates() {
        func facts(_ average: String, _ base: String) -> MediaFacts? {
            MediaFacts.fromFFProbe(Data("""
                {"streams":[{"codec_type":"video","codec_name":"h264","avg_frame_rate":"\(average)","r_frame_rate":"\(base)"}],"format":{}}
                """.utf8))
        }
        #expect(facts("20/1", "30/1")?.frameRate == 20 && facts("20/1", "30/1")?.baseFrameRate == 30)
        // An unknown average ("0/0") falls back on the base rate; neither known leaves both unset.
        #expect(facts("0/0", "25/1")?.frameRate == 25)
        #expect(facts("0/0", "0/0")?.frameRate == nil && facts("0/0", "0/0")?.baseFrameRate == nil)
        #expect(abs((facts("30000/1001", "30000/1001")?.frameRate ?? 0) - 29.97) < 0.01)
    }

    @Test func judgesOnlyClearFrameRateFaults() {
        func problem(_ average: Double?, _ base: Double?, video: Bool = true) -> String? {
            MediaFacts(videoCodec: video ? "h264" : nil, frameRate: average, baseFrameRate: base).frameRateProblem
        }
        // Constant rates in the usual range, NTSC rates, and an interlaced stream's field rate are fine.
        for rate in [10, 23.976, 25, 29.97, 30, 50, 59.94, 60, 120] { #expect(problem(rate, rate) == nil, "\(rate)") }
        #expect(problem(25, 50) == nil)
        #expect(problem(29.9, 30) == nil, "within the 5% tolerance")
        #expect(problem(30, nil) == nil, "no base rate: nothing says the rate varies")
        // Clear faults.
        #expect(problem(20, 30)?.contains("variable frame rate: its frames average 20 fps against a base rate of 30 fps") == true)
        #expect(problem(2, 2)?.contains("plays at 2 fps, outside 10 fps to 120 fps") == true)
        #expect(problem(240, 240)?.contains("outside") == true)
        #expect(problem(nil, nil) == "has no readable frame rate")
        // Audio has no frame rate to judge.
        #expect(problem(nil, nil, video: false) == nil)
    }
}

@Suite struct AssetProberTests {
    static let right = MediaFacts(durationMs: 2000, bitrateKbps: 29, videoCodec: "h264", width: 160, height: 120, frameRate: 10,
                                  baseFrameRate: 10, audioCodec: "aac")

    func findings(_ body: String, _ entries: [String: CorpusFetcher.Entry], facts: MediaFacts = right,
                  options: AssetProber.Options = AssetProber.Options()) -> [String] {
        let prober = AssetProber(fetcher: CountingFetcher(entries), inspector: FixedInspector(facts: [.mp4: facts, .webm: facts]), options: options)
        let document = tag(body)
        return prober.probe(AssetCollector.assets(in: document, file: "tag.xml")).diagnostics.map(\.ruleID)
    }

    func linear(_ media: String, duration: String = "00:00:02") -> String {
        "<Creative><Linear><Duration>\(duration)</Duration><MediaFiles>\(media)</MediaFiles></Linear></Creative>"
    }

    let mp4 = #"<MediaFile delivery="progressive" type="video/mp4" width="160" height="120" bitrate="30" codec="avc1.42E01E,mp4a.40.2">https://cdn.example.com/a.mp4</MediaFile>"#

    @Test func aMatchingAssetHasNoFinding() {
        #expect(findings(linear(mp4), ["https://cdn.example.com/a.mp4": .file("right.mp4")]) == [])
    }

    @Test func eachMismatchHasItsRule() {
        let url = "https://cdn.example.com/a.mp4"
        #expect(findings(linear(mp4), [url: .status(404)]) == [ProbeRuleID.notFound])
        #expect(findings(linear(mp4), [url: .timeout]) == [ProbeRuleID.timeout])
        #expect(findings(linear(mp4), [url: .redirect(to: url, count: 6)]) == [ProbeRuleID.redirectLimit])
        #expect(findings(linear(mp4), [url: .redirect(to: "file:///etc/passwd", count: 1)]) == [ProbeRuleID.refused])
        #expect(findings(linear(mp4), [url: .file("wrong-type.webm")]) == [ProbeRuleID.wrongType])
        #expect(findings(linear(mp4), [url: .body(Data("<html><body>gone</body></html>".utf8))]) == [ProbeRuleID.wrongType])
        var facts = Self.right
        facts.width = 320
        facts.height = 240
        #expect(findings(linear(mp4), [url: .file("right.mp4")], facts: facts) == [ProbeRuleID.dimensions])
        facts = Self.right
        facts.durationMs = 6000
        #expect(findings(linear(mp4), [url: .file("right.mp4")], facts: facts) == [ProbeRuleID.duration])
        // Within the stated tolerance of 1 s: no finding.
        facts.durationMs = 2900
        #expect(findings(linear(mp4), [url: .file("right.mp4")], facts: facts) == [])
        facts = Self.right
        facts.bitrateKbps = 400
        #expect(findings(linear(mp4), [url: .file("right.mp4")], facts: facts) == [ProbeRuleID.bitrate])
        // Without bitrate, minBitrate to maxBitrate (each widened by the tolerance).
        let range = #"<MediaFile delivery="progressive" type="video/mp4" width="160" height="120" minBitrate="20" maxBitrate="40">https://cdn.example.com/a.mp4</MediaFile>"#
        #expect(findings(linear(range), [url: .file("right.mp4")], facts: facts) == [ProbeRuleID.bitrate])
        facts.bitrateKbps = 45
        #expect(findings(linear(range), [url: .file("right.mp4")], facts: facts) == [])
        facts = Self.right
        facts.videoCodec = "hevc"
        #expect(findings(linear(mp4), [url: .file("right.mp4")], facts: facts) == [ProbeRuleID.codec])
        facts = Self.right
        facts.audioCodec = nil
        #expect(findings(linear(mp4), [url: .file("right.mp4")], facts: facts) == [ProbeRuleID.noAudio])
        facts = Self.right
        facts.frameRate = 20
        facts.baseFrameRate = 30
        #expect(findings(linear(mp4), [url: .file("right.mp4")], facts: facts) == [ProbeRuleID.frameRate])
    }

    @Test func httpsRedirectingToHTTPIsADowngrade() {
        let https = #"<MediaFile delivery="progressive" type="video/mp4" width="160" height="120">https://cdn.example.com/a.mp4</MediaFile>"#
        #expect(findings(linear(https), ["https://cdn.example.com/a.mp4": .redirect(to: "http://edge.example.com/a.mp4", count: 1),
                                         "http://edge.example.com/a.mp4": .file("right.mp4")]) == [ProbeRuleID.httpsDowngrade])
    }

    @Test func imagesAndCaptionsAreCheckedAgainstTheTag() {
        let companion = """
            <Creative><CompanionAds><Companion width="300" height="250"><StaticResource creativeType="image/png">https://cdn.example.com/c.png</StaticResource></Companion>
            <Companion width="150" height="125"><StaticResource creativeType="image/png">https://cdn.example.com/retina.png</StaticResource></Companion>
            <Companion width="300" height="250"><StaticResource creativeType="image/jpeg">https://cdn.example.com/c.jpg</StaticResource></Companion></CompanionAds></Creative>
            """
        // The small image in a 300x250 slot is wrong; a 300x250 image in a 150x125 slot is a 2x rendition.
        // An icon's image against the icon's size (or a multiple of it).
        let icons = """
            <Creative><Linear><Duration>00:00:02</Duration><MediaFiles></MediaFiles><Icons>
            <Icon program="AdChoices" width="300" height="250"><StaticResource creativeType="image/png">https://cdn.example.com/i1.png</StaticResource></Icon>
            <Icon program="AdChoices" width="150" height="125"><StaticResource creativeType="image/png">https://cdn.example.com/i2.png</StaticResource></Icon>
            <Icon program="AdChoices" width="300" height="250"><StaticResource creativeType="image/png">https://cdn.example.com/i3.png</StaticResource></Icon>
            </Icons></Linear></Creative>
            """
        #expect(findings(icons, ["https://cdn.example.com/i1.png": .file("companion.png"), "https://cdn.example.com/i2.png": .file("companion.png"),
                                 "https://cdn.example.com/i3.png": .file("companion-small.png")]) == [ProbeRuleID.dimensions])
        #expect(findings(companion, ["https://cdn.example.com/c.png": .file("companion-small.png"),
                                     "https://cdn.example.com/retina.png": .file("companion.png"),
                                     "https://cdn.example.com/c.jpg": .file("companion.jpg")]) == [ProbeRuleID.dimensions])
        let captions = linear(mp4 + """
            <ClosedCaptionFiles><ClosedCaptionFile type="text/vtt" language="en">https://cdn.example.com/b.vtt</ClosedCaptionFile>
            <ClosedCaptionFile type="application/ttml+xml" language="fr">https://cdn.example.com/c.ttml</ClosedCaptionFile>
            <ClosedCaptionFile type="text/vtt" language="en">https://cdn.example.com/ok.vtt</ClosedCaptionFile></ClosedCaptionFiles>
            """)
        #expect(findings(captions, ["https://cdn.example.com/a.mp4": .file("right.mp4"), "https://cdn.example.com/b.vtt": .file("broken.vtt"),
                                    "https://cdn.example.com/c.ttml": .file("captions-en.ttml"),
                                    "https://cdn.example.com/ok.vtt": .file("captions.vtt")]).sorted()
                == [ProbeRuleID.captionLanguage, ProbeRuleID.captionMalformed])
    }

    @Test func anHTMLResourcesImageThatIsGoneIsNotFound() {
        let companion = """
            <Creative><CompanionAds><Companion width="300" height="250"><HTMLResource><![CDATA[<img src="https://cdn.example.com/gone.png"><img src="https://cdn.example.com/c.png">]]></HTMLResource></Companion></CompanionAds></Creative>
            """
        #expect(findings(companion, ["https://cdn.example.com/gone.png": .status(404), "https://cdn.example.com/c.png": .file("companion.png")])
                == [ProbeRuleID.notFound])
    }

    @Test func eachURLIsRequestedOncePerRun() {
        let fetcher = CountingFetcher(["https://cdn.example.com/a.mp4": .file("right.mp4")])
        let prober = AssetProber(fetcher: fetcher, inspector: FixedInspector(facts: [.mp4: Self.right]), options: .init(jobs: 4))
        let twice = tag(linear(mp4 + mp4))
        let first = prober.probe(AssetCollector.assets(in: twice, file: "a.xml"))
        let second = prober.probe(AssetCollector.assets(in: twice, file: "b.xml"))
        #expect(first.assets.count == 2 && second.assets.count == 2)
        #expect(fetcher.requests == ["https://cdn.example.com/a.mp4"])
        #expect(prober.answers.computed == 1)
    }

    @Test func macrosAreFilledBeforeTheRequestAndFindingsNameTheWrittenURL() {
        let fetcher = CountingFetcher(["https://cdn.example.com/a.mp4?cb=42&ts=2026-01-01T00:00:00.000Z": .status(404)])
        let prober = AssetProber(fetcher: fetcher, options: .init(macros: ["CACHEBUSTING": "42"]))
        let written = ["https://cdn.example.com/a.mp4?cb=[CACHEBUSTING]&ts=[TIMESTAMP]",
                       "https://cdn.example.com/a.mp4?cb=%%CACHEBUSTING%%&ts=%%TIMESTAMP%%"]
        let media = written.map { #"<MediaFile delivery="progressive" type="video/mp4" width="1" height="1"><![CDATA[\#($0)]]></MediaFile>"# }
        let report = prober.probe(AssetCollector.assets(in: tag(linear(media.joined())), file: "t.xml"))
        // Both spellings fill to one URL, requested once: the given value, and the catalogue's sample for the rest.
        #expect(fetcher.requests == ["https://cdn.example.com/a.mp4?cb=42&ts=2026-01-01T00:00:00.000Z"])
        #expect(report.diagnostics.map(\.ruleID) == [ProbeRuleID.notFound, ProbeRuleID.notFound])
        #expect(zip(report.diagnostics, written).allSatisfy { $0.message.contains($1) && $0.details["url"] == $1 })
        #expect(report.diagnostics.allSatisfy { $0.details["requested"] == fetcher.requests.first })
    }

    @Test func aSessionCacheIsBoundedInSizeAndTime() {
        /// A clock the test moves.
        final class Clock: @unchecked Sendable {
            let start = ContinuousClock.now
            var offset: Duration = .zero
            var now: ContinuousClock.Instant { start + offset }
        }
        let clock = Clock()
        let cache = ProbeCache<Int>(limit: 2, lifetime: .seconds(60), now: { clock.now })
        var made = 0
        func value(_ key: String) -> Int { cache.value(key) { made += 1; return made } }
        #expect(value("a") == 1 && value("a") == 1 && value("b") == 2)
        // A third key drops the oldest.
        #expect(value("c") == 3 && cache.count == 2)
        #expect(value("b") == 2 && value("a") == 4)
        // Past its lifetime a value is computed again.
        clock.offset = .seconds(61)
        #expect(value("a") == 5)
        // Forgotten, too.
        cache.forget(["a"])
        #expect(value("a") == 6 && cache.computed == 6)
    }

    @Test func refreshRequestsAgainWhatTheCacheHolds() {
        let fetcher = CountingFetcher(["https://cdn.example.com/a.mp4": .file("right.mp4")])
        let answers = ProbeCache<AssetAnswer>(limit: 8, lifetime: .seconds(300))
        let assets = AssetCollector.assets(in: tag(linear(mp4)), file: "a.xml")
        func probe(refresh: Bool) {
            _ = AssetProber(fetcher: fetcher, inspector: FixedInspector(facts: [.mp4: Self.right]), options: .init(refresh: refresh),
                            answers: answers).probe(assets)
        }
        probe(refresh: false)
        probe(refresh: false)
        #expect(fetcher.requests.count == 1)
        probe(refresh: true)
        #expect(fetcher.requests.count == 2)
    }

    @Test func requestsRunAtMostJobsAtOnceOverEveryCall() {
        /// Answers after 30 ms, so that requests overlap.
        struct SlowFetcher: Fetcher {
            func fetch(_ uri: URL, referrer: URL?) throws(FetchError) -> FetchedDocument {
                usleep(30_000)
                throw .httpStatus(uri: uri.absoluteString, code: 404)
            }
        }
        let prober = AssetProber(fetcher: SlowFetcher(), options: .init(jobs: 3))
        let media = (1...8).map { #"<MediaFile delivery="progressive" type="video/mp4" width="1" height="1">https://cdn.example.com/\#($0).mp4</MediaFile>"# }
        // Two tags probed at once, as check does with several inputs: still three requests at a time.
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let half = media[(index * 4)..<(index * 4 + 4)].joined()
            let report = prober.probe(AssetCollector.assets(in: tag(linear(half)), file: "t\(index).xml"))
            #expect(report.diagnostics.map(\.ruleID) == Array(repeating: ProbeRuleID.notFound, count: 4))
        }
        #expect(prober.slots.peak[AssetProber.slotKey] == 3)
        #expect(prober.answers.computed == 8)
    }

    @Test func aRelativeURLIsRefusedWithoutARequest() {
        let fetcher = CountingFetcher([:])
        let report = AssetProber(fetcher: fetcher).probe(AssetCollector.assets(in: tag(linear(
            #"<MediaFile delivery="progressive" type="video/mp4" width="1" height="1">ad.mp4</MediaFile>"#)), file: "t.xml"))
        #expect(report.diagnostics.map(\.ruleID) == [ProbeRuleID.refused])
        #expect(fetcher.requests.isEmpty)
    }

    @Test func withoutAnInspectorMediaIsNotInspectedAndTheAnswerStillChecked() {
        let prober = AssetProber(fetcher: CountingFetcher(["https://cdn.example.com/a.mp4": .file("wrong-type.webm")]))
        let report = prober.probe(AssetCollector.assets(in: tag(linear(mp4)), file: "tag.xml"))
        #expect(report.diagnostics.map(\.ruleID) == [ProbeRuleID.wrongType])
        #expect(report.mediaUnavailable != nil)
    }

    @Test func pixelsAreNeverRequestedOnlyResolvedWhenAsked() {
        struct Resolver: HostResolver {
            func resolves(_ host: String) -> Bool { host != "t.example.com" }
        }
        let fetcher = CountingFetcher([:])
        let document = tag("")
        let pixels = AssetCollector.pixels(in: document, file: "tag.xml")
        let quiet = AssetProber(fetcher: fetcher, resolver: Resolver()).probe([], pixels: pixels)
        #expect(quiet.diagnostics.isEmpty && quiet.pixels == 1)
        let asked = AssetProber(fetcher: fetcher, resolver: Resolver(), options: .init(resolvePixels: true)).probe([], pixels: pixels)
        #expect(asked.diagnostics.map(\.ruleID) == [ProbeRuleID.pixelHost])
        #expect(fetcher.requests.isEmpty)
    }

    @Test func everyRuleIsDescribedWithAReference() {
        let ids = ProbeRules.all.map(\.id)
        #expect(Set(ids).count == ids.count && ids.allSatisfy { $0.hasPrefix("PROBE-") })
        for rule in ProbeRules.all {
            #expect(!rule.specReferences.isEmpty && rule.specReferences.allSatisfy { !$0.quote.isEmpty }, "\(rule.id)")
        }
    }
}
