import ConformCore
import Foundation
import Testing

import Trafficking

/// Megabyte-sized inputs finish in bounded time. The bound is generous (debug builds, loaded CI machines);
/// quadratic work on a 1 MB string would take minutes, not seconds.
@Suite("Large inputs")
struct PerformanceTests {
    static let megabyte = 1 << 20
    static let limit: Duration = .seconds(60)

    static func time(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        return clock.measure(body)
    }

    @Test func oneMegabyteTitle() {
        let input = "icon=https://cdn.example.com/i.png,bannerTitle=" + String(repeating: "Schuhe für alle ", count: megabyteChunks(16)) + "!"
            + ",ctaUrl=https://shop.example.com,oops"
        var analysis: ParameterAnalysis?
        let elapsed = Self.time { analysis = TraffickingAnalyzer.analyze(input) }
        #expect(elapsed < Self.limit)
        #expect(analysis?.ruleIDs == ["PARAM-malformed-segment"])
        #expect(analysis?.offsets("PARAM-malformed-segment") == [input.count - 4])
    }

    @Test func oneMegabyteOfSegments() {
        // ~100,000 unknown keys, every one reported.
        var input = Fixture.cta
        var index = 0
        while input.utf8.count < Self.megabyte {
            input += ",key\(index)=v"
            index += 1
        }
        var analysis: ParameterAnalysis?
        let elapsed = Self.time { analysis = TraffickingAnalyzer.analyze(input) }
        #expect(elapsed < Self.limit)
        #expect(analysis?.diagnostics.count == index)
        #expect(analysis?.accepted == true)
    }

    @Test func oneMegabyteOfDuplicatesAndCommas() {
        let input = String(repeating: "bannerTitle=x,,", count: Self.megabyte / 15)
        var analysis: ParameterAnalysis?
        let elapsed = Self.time { analysis = TraffickingAnalyzer.analyze(input) }
        #expect(elapsed < Self.limit)
        #expect(analysis?.diagnostics(ofRule: "PARAM-duplicate-key").count == Self.megabyte / 15 - 1)
    }

    @Test func oneMegabyteOfImages() {
        let images = String(repeating: "https://cdn.example.com/i.jpg$", count: Self.megabyte / 30)
        let input = Fixture.carousel(images: images, taps: String(repeating: "x$", count: 1000))
        var analysis: ParameterAnalysis?
        let elapsed = Self.time { analysis = TraffickingAnalyzer.analyze(input) }
        #expect(elapsed < Self.limit)
        #expect(analysis?.diagnostics(ofRule: "PARAM-carousel-too-many-images").count == 1)
    }

    @Test func oneMegabyteJSON() {
        let padding = String(repeating: "\"k\": 1, ", count: Self.megabyte / 8)
        let input = "{" + padding + #""advertiserTab": {"adType": "takeoverAds", "takeoverAdsUrl": "http://a.example.com"}}"#
        var analysis: ParameterAnalysis?
        let elapsed = Self.time { analysis = TraffickingAnalyzer.analyze(input) }
        #expect(elapsed < Self.limit)
        #expect(analysis?.ruleIDs == ["PARAM-takeover-url-policy"])
    }

    private func megabyteChunks(_ chunk: Int) -> Int { Self.megabyte / chunk }
}
