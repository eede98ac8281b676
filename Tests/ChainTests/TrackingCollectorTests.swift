import Chain
import ConformCore
import Foundation
import Testing
import VAST

/// Each merge rule pinned by an exact URL list (with hops) from the `merge` fixture:
/// wrapper-1.xml (hop 0) → wrapper-2.xml (hop 1) → inline.xml (hop 2).
@Suite struct TrackingCollectorTests {
    func mergeReport(macros: [String: String] = [:]) throws -> TrackingReport {
        let chain = try Fixtures.resolveFile("merge/wrapper-1.xml")
        let ad = try Fixtures.only(chain)
        #expect(ad.stop.reason == .inLine)
        return try #require(TrackingCollector(macros: macros).collect(ad))
    }

    func pairs(_ urls: [TrackingURL]?) -> [String] {
        (urls ?? []).map { "\($0.hop) \($0.url)" }
    }

    @Test func everyHopsImpressionsFire() throws {
        let report = try mergeReport()
        #expect(pairs(report.impression) == [
            "0 https://t.example.com/imp/w1",
            "1 https://t.example.com/imp/w2a",
            "1 https://t.example.com/imp/w2b",
            "2 https://t.example.com/imp/in",
        ])
    }

    @Test func everyHopsErrorURLsFireWithTheCodeFilled() throws {
        let report = try mergeReport()
        #expect(pairs(report.error) == [
            "0 https://t.example.com/err/w1?code=[ERRORCODE]",
            "1 https://t.example.com/err/w2",
            "2 https://t.example.com/err/in?code=[ERRORCODE]",
        ])
        #expect(report.error.map(\.expanded) == [
            "https://t.example.com/err/w1?code=900",
            "https://t.example.com/err/w2",
            "https://t.example.com/err/in?code=900",
        ])
        let overridden = try mergeReport(macros: ["ERRORCODE": "405"])
        #expect(overridden.error.first?.expanded == "https://t.example.com/err/w1?code=405")
    }

    @Test func wrapperLinearTrackingJoinsTheInLinesLinear() throws {
        let report = try mergeReport()
        #expect(pairs(report.events["start"]) == [
            "0 https://t.example.com/start/w1",
            "1 https://t.example.com/start/w2",
            "2 https://t.example.com/start/in",
        ])
        #expect(pairs(report.events["complete"]) == ["0 https://t.example.com/complete/w1"])
        #expect(pairs(report.events["firstQuartile"]) == ["2 https://t.example.com/firstQuartile/in"])
        #expect(report.events["progress"]?.map(\.offset) == ["00:00:05"])
        #expect(report.events["start"]?.allSatisfy { $0.creativeType == "Linear" } == true)
    }

    @Test func wrapperNonLinearTrackingJoinsTheInLinesNonLinear() throws {
        let report = try mergeReport()
        #expect(pairs(report.events["creativeView"]) == [
            "0 https://t.example.com/nlview/w1",
            "2 https://t.example.com/nlview/in",
        ])
        #expect(report.events["creativeView"]?.allSatisfy { $0.creativeType == "NonLinear" } == true)
        #expect(pairs(report.nonLinearClickTracking) == [
            "0 https://t.example.com/nlclick/w1",
            "2 https://t.example.com/nlclick/in",
        ])
    }

    @Test func theClickThroughClosestToTheInLineWins() throws {
        let report = try mergeReport()
        #expect(report.clickThrough?.url == "https://advertiser.example.com/in")
        #expect(report.clickThrough?.hop == 2)
        // Without one in the InLine, the nearest Wrapper's wins (wrapper-b at hop 1, not wrapper-a at hop 0).
        let ad = try Fixtures.only(try Fixtures.resolveFile("merge-click/wrapper-a.xml"))
        let fallback = try #require(TrackingCollector().collect(ad))
        #expect(fallback.clickThrough?.url == "https://advertiser.example.com/b")
        #expect(fallback.clickThrough?.hop == 1)
    }

    @Test func clickTrackingAndCustomClicksAccumulate() throws {
        let report = try mergeReport()
        #expect(pairs(report.clickTracking) == [
            "0 https://t.example.com/click/w1",
            "1 https://t.example.com/click/w2",
            "2 https://t.example.com/click/in",
        ])
        #expect(pairs(report.customClick) == ["0 https://t.example.com/custom/w1"])
    }

    @Test func iconTrackingAccumulates() throws {
        let report = try mergeReport()
        #expect(pairs(report.iconViewTracking) == [
            "0 https://t.example.com/iconview/w1",
            "2 https://t.example.com/iconview/in",
        ])
        #expect(pairs(report.iconClickTracking) == ["0 https://t.example.com/iconclick/w1"])
    }

    @Test func viewableImpressionAndVerificationTrackingAccumulate() throws {
        let report = try mergeReport()
        #expect(pairs(report.viewableImpression["viewable"]) == [
            "0 https://t.example.com/view/w1",
            "2 https://t.example.com/view/in",
        ])
        #expect(pairs(report.verification["verificationNotExecuted"]) == [
            "0 https://t.example.com/verif/w1?reason=[REASON]",
        ])
        #expect(report.verification["verificationNotExecuted"]?.first?.expanded == "https://t.example.com/verif/w1?reason=1")
    }

    @Test func everyURLKeepsItsProvenance() throws {
        let report = try mergeReport()
        let first = try #require(report.impression.first)
        #expect(first.document == Fixtures.url("merge/wrapper-1.xml").path)
        #expect(first.position == SourcePosition(line: 7, column: 7))
        #expect(first.path == "/VAST/Ad[1]/Wrapper/Impression[1]")
        let last = try #require(report.impression.last)
        #expect(last.document == Fixtures.url("merge/inline.xml").path)
        #expect(last.position == SourcePosition(line: 7, column: 7))
        #expect(report.diagnostics.isEmpty)
    }

    /// The CTV Ad Portfolio extension (VAST 2.0 to 4.3): its tracking, clicks and icon tracking join the
    /// NonLinear's across the chain, with their hop, each marked fromExtension.
    @Test func ctvAdPortfolioExtensionTrackingJoinsTheNonLinearAcrossTheChain() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("ctv-extension/wrapper.xml"))
        let report = try #require(TrackingCollector().collect(ad))
        #expect(pairs(report.events["overlayViewDuration"]) == [
            "0 https://t.example.com/ovd/w",
            "1 https://t.example.com/ovd/in",
        ])
        #expect(report.events["overlayViewDuration"]?.allSatisfy { $0.fromExtension == true && $0.creativeType == "NonLinear" } == true)
        #expect(pairs(report.events["creativeView"]) == ["1 https://t.example.com/cv/in", "1 https://t.example.com/cv/ext"])
        #expect(report.events["creativeView"]?.map(\.fromExtension) == [nil, true])
        #expect(pairs(report.nonLinearClickTracking) == ["1 https://t.example.com/click/ext"])
        #expect(pairs(report.iconViewTracking) == ["1 https://t.example.com/icon/ext"])
        let inLineURL = try #require(report.events["overlayViewDuration"]?.last)
        #expect(inLineURL.document == Fixtures.url("ctv-extension/inline.xml").path)
        #expect(inLineURL.path == "/VAST/Ad[1]/InLine/Extensions/Extension[1]/TrackingEvents/Tracking[1]")
        #expect(report.diagnostics.isEmpty)
    }

    @Test func wrapperCompanionTrackingJoinsTheInLinesCompanions() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("companions/wrapper.xml"))
        let report = try #require(TrackingCollector().collect(ad))
        #expect(pairs(report.events["creativeView"]) == [
            "0 https://t.example.com/companion/view/wrapper",
            "1 https://t.example.com/companion/view/inline",
        ])
        #expect(report.events["creativeView"]?.allSatisfy { $0.creativeType == "Companion" } == true)
        #expect(pairs(report.companionClickTracking) == [
            "0 https://t.example.com/companion/click/wrapper",
            "1 https://t.example.com/companion/click/inline",
        ])
        // The wrapper's NonLinear tracking has no NonLinear creative to join in the InLine.
        #expect(report.diagnostics.map(\.ruleID) == ["CHAIN-tracking-orphaned"])
        #expect(!report.allURLs.contains { $0.url.contains("nonlinear") })
    }

    @Test func wrapperTrackingIsSharedByEveryAdOfAPod() throws {
        let chain = try Fixtures.resolveFile("pod/wrapper-allow.xml")
        let reports = TrackingCollector().collect(chain)
        #expect(reports.map(\.ad) == ["1/1", "1/2", "1/3"])
        for (index, report) in reports.enumerated() {
            #expect(pairs(report.impression) == [
                "0 https://t.example.com/imp/wrapper-allow",
                "1 https://t.example.com/imp/pod-\(index + 1)",
            ])
            #expect(pairs(report.events["start"]) == ["0 https://t.example.com/start/wrapper"])
        }
    }

    @Test func urlsInvalidAfterExpansionAreFindings() throws {
        let ad = try Fixtures.only(try Fixtures.resolveFile("invalid/bad-tracking.xml"))
        let report = try #require(TrackingCollector().collect(ad))
        #expect(report.impression.map(\.url) == [
            "https://t.example.com/imp/bad-tracking",
            "https://t.example.com/imp?x=[NOT_A_MACRO]",
            "javascript:alert(1)",
        ])
        #expect(report.diagnostics.map(\.ruleID) == ["CHAIN-tracking-url-invalid", "CHAIN-tracking-url-invalid"])
        #expect(report.diagnostics.map(\.position) == [SourcePosition(line: 9, column: 7), SourcePosition(line: 10, column: 7)])
    }

    @Test func macrosExpandInBothFormsWithOverrides() {
        let collector = TrackingCollector(macros: ["CACHEBUSTING": "42"])
        #expect(collector.expand("https://t.example.com/p?cb=[CACHEBUSTING]&t=%%TIMESTAMP%%")
                == "https://t.example.com/p?cb=42&t=2026-01-01T00:00:00.000Z")
        #expect(TrackingCollector.problem(with: "https://t.example.com/p?cb=42") == nil)
        #expect(TrackingCollector.problem(with: "ftp://t.example.com/p") != nil)
    }

    @Test func adsThatDidNotReachAnInLineHaveNoReport() throws {
        let chain = try Fixtures.resolveFile("missing/wrapper.xml")
        #expect(TrackingCollector().collect(chain).isEmpty)
    }
}
