import Chain
import ConformCore
import Foundation
import Testing
import VAST

/// What the inventory does with the shapes real tags have: a Creative holding a Linear and a NonLinearAds,
/// verification in `<Extension type="AdVerifications">` (before VAST 4.1), and elements the spec allows once
/// repeated. Fixture `kinds`: wrapper.xml (hop 0, NonLinear and Companion tracking, verification in an
/// Extension) → inline.xml (hop 1, one Creative with a Linear, a NonLinearAds and a second Linear).
@Suite struct TrackingKindTests {
    func report() throws -> TrackingReport {
        let ad = try Fixtures.only(try Fixtures.resolveFile("kinds/wrapper.xml"))
        #expect(ad.stop.reason == .inLine)
        return try #require(TrackingCollector().collect(ad))
    }

    func rows(_ urls: [TrackingURL]?) -> [String] {
        (urls ?? []).map { "\($0.hop) \($0.creativeType ?? "-") \($0.repeated == true ? "repeated " : "")\($0.url)" }
    }

    @Test func eachTrackerCarriesTheTypeOfItsOwnElement() throws {
        let report = try report()
        // The InLine's NonLinearAds shares a Creative with a Linear: its tracker is NonLinear, and the
        // Wrapper's NonLinear tracking joins it instead of being orphaned.
        #expect(rows(report.events["creativeView"]) == [
            "0 NonLinear https://t.example.com/nl/creativeView/w",
            "1 Linear https://t.example.com/l/creativeView/in",
            "1 NonLinear https://t.example.com/nl/creativeView/in",
        ])
        // The InLine has no Companion: the Wrapper's Companion tracking never fires and is reported.
        #expect(report.diagnostics.map(\.ruleID) == ["CHAIN-tracking-orphaned"])
        #expect(report.diagnostics.first?.message.contains("Companion") == true)
    }

    @Test func verificationInAnExtensionIsCollectedWithItsHop() throws {
        let report = try report()
        #expect(report.verification["verificationNotExecuted"]?.map { "\($0.hop) \($0.fromExtension == true) \($0.url)" } == [
            "0 true https://v.example.com/w?r=[REASON]",
            "1 true https://v.example.com/in?r=[REASON]",
        ])
        #expect(report.verification["verificationNotExecuted"]?.first?.expanded.hasPrefix("https://v.example.com/w?r=") == true)
    }

    @Test func repeatedElementsKeepTheirURLsMarked() throws {
        let report = try report()
        #expect(rows(report.events["start"]) == ["1 Linear repeated https://t.example.com/l/start/in-repeated"])
        #expect(rows(report.events["complete"]) == ["1 Linear repeated https://t.example.com/l/complete/in-repeated"])
        #expect(report.clickThrough?.url == "https://land.example.com/in")
        #expect(report.clickThrough?.repeated == nil)
        #expect(rows(report.repeatedClickThroughs) == ["1 - repeated https://land.example.com/in-repeated"])
        #expect(report.allURLs.contains { $0.url == "https://land.example.com/in-repeated" })
    }

    @Test func aTagWithoutRepeatsOrExtensionsHasNoMarks() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("merge/wrapper-1.xml"))
        let report = try #require(TrackingCollector().collect(ad))
        #expect(report.allURLs.allSatisfy { $0.repeated == nil && $0.fromExtension == nil })
        #expect(report.repeatedClickThroughs == nil)
    }
}
