import Testing
@testable import Validation

/// The AdCOM lists held as data: the values the CTV Ad Portfolio documents use are known, the lists' edges
/// are where AdCOM puts them, and only Creative Attributes has a vendor range.
@Suite struct AdCOMListsTests {
    @Test func theValuesOfTheSpecExamplesAreKnown() {
        // VAST 4.4 §3.18 writes plcmt 7; the ctv_ad_portfolio extension's examples write the others.
        for value in [5, 6, 7, 8] { #expect(AdCOMLists.plcmt.knows(value), "plcmt \(value)") }
        for value in [7, 11] { #expect(AdCOMLists.pos.knows(value), "pos \(value)") }
        for value in [1, 9, 11] { #expect(AdCOMLists.playbackmethod.knows(value), "playbackmethod \(value)") }
        for value in [19, 21, 22] { #expect(AdCOMLists.attr.knows(value), "attr \(value)") }
    }

    @Test func theListsEndWhereAdCOMEndsThem() {
        #expect(AdCOMLists.plcmt.values.keys.sorted() == [1, 2, 3, 4])
        #expect(AdCOMLists.plcmt.values[4] == "No Content/Standalone")
        #expect(!AdCOMLists.plcmt.knows(0) && !AdCOMLists.plcmt.knows(10))
        #expect(AdCOMLists.pos.values.keys.sorted() == Array(0...7) && !AdCOMLists.pos.knows(18))
        #expect(AdCOMLists.playbackmethod.values.keys.sorted() == Array(1...7) && !AdCOMLists.playbackmethod.knows(0) && !AdCOMLists.playbackmethod.knows(12))
        #expect(AdCOMLists.attr.values.keys.sorted() == Array(1...18) && !AdCOMLists.attr.knows(24))
    }

    @Test func onlyCreativeAttributesHasVendorCodes() {
        #expect(AdCOMLists.attr.knows(500) && AdCOMLists.attr.knows(731) && !AdCOMLists.attr.knows(499))
        #expect(!AdCOMLists.plcmt.knows(500) && !AdCOMLists.pos.knows(500) && !AdCOMLists.playbackmethod.knows(500))
        #expect(Set(AdCOMLists.bySignal.keys) == Set(AdCOMExtensionValueRule.signals))
        #expect(AdCOMLists.bySignal.values.map(\.name).sorted() == [
            "List: Creative Attributes", "List: Placement Positions", "List: Playback Methods", "List: Plcmt Subtypes - Video",
        ])
    }
}
