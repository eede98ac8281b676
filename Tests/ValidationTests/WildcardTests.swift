import ConformCore
import Testing

/// The one wildcard matcher, as rule-id patterns, case filters and configuration globs use it.
struct WildcardTests {
    @Test func starAndQuestionMark() {
        #expect(Wildcard.matches("VAST-4.*-icon-*", "VAST-4.1-icon-offset"))
        #expect(Wildcard.matches("*", ""))
        #expect(Wildcard.matches("a*b*c", "axxbyyc"))
        #expect(Wildcard.matches("a*b*c", "abc"))
        #expect(!Wildcard.matches("a*b*c", "axxbyy"))
        #expect(Wildcard.matches("a?c", "abc"))
        #expect(!Wildcard.matches("a?c", "ac"))
        #expect(!Wildcard.matches("abc", "abcd"), "a pattern matches the text whole")
        #expect(Wildcard.matches("*-id", "VAST-4.0-companion-clicktracking-id"))
        #expect(!Wildcard.matches("*-id", "VAST-4.0-companion-clicktracking-ids"))
        // Backtracking past a false start.
        #expect(Wildcard.matches("*aab", "aaab"))
    }

    @Test func theSeparatorBoundsBothWildcards() {
        #expect(Wildcard.matches("*.vmap", "a.vmap", separator: "/"))
        #expect(!Wildcard.matches("*.vmap", "dir/a.vmap", separator: "/"))
        #expect(!Wildcard.matches("a?b", "a/b", separator: "/"))
        #expect(Wildcard.matches("a?b", "a/b"))
        #expect(Wildcard.matches("*", "x/y"), "without a separator, * crosses anything")
    }
}

/// The one edit distance, with and without its early give-up.
struct LevenshteinTests {
    @Test func distancesAndTheLimit() {
        #expect(Levenshtein.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(Levenshtein.distance(Array("flaw"), Array("lawn")) == 2)
        #expect(Levenshtein.distance(Array(""), Array("abc")) == 3)
        #expect(Levenshtein.distance(Array("kitten"), Array("sitting"), limit: 3) == 3)
        #expect(Levenshtein.distance(Array("kitten"), Array("sitting"), limit: 2) == 3, "over the limit: limit + 1")
        #expect(Levenshtein.distance(Array("bannerTitle".utf8), Array("bannertitle".utf8), limit: 2) == 1)
    }
}
