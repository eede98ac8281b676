import ConformCore
import Testing

import Trafficking

@Suite("Grammar")
struct GrammarTests {
    @Test func emptyString() {
        let analysis = TraffickingAnalyzer.analyze("")
        #expect(analysis.ruleIDs == ["PARAM-empty-input"])
        #expect(!analysis.accepted)
        #expect(analysis.format == nil && analysis.creative == nil)
        #expect(analysis.diagnostics[0].offset == 0)
        #expect(analysis.diagnostics[0].position == SourcePosition(line: 1, column: 1))
    }

    @Test(arguments: [",", ",,,", " , ,", "\u{00A0}"])
    func onlyCommasOrBlank(input: String) {
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-empty-input"])
        #expect(!analysis.accepted)
    }

    @Test func segmentsSplitAtFirstEquals() {
        let analysis = TraffickingAnalyzer.analyze(
            "icon=https://cdn.example.com/i.png?v=2,bannerTitle=a=b=c,ctaUrl=https://shop.example.com/p?a=1&b=2")
        #expect(analysis.accepted)
        let cta = try! #require(analysis.customCTA)
        #expect(cta.title == "a=b=c")
        #expect(cta.destination == "https://shop.example.com/p?a=1&b=2")
        #expect(cta.icon == "https://cdn.example.com/i.png?v=2")
        #expect(analysis.segments.map(\.key) == ["icon", "bannerTitle", "ctaUrl"])
        #expect(analysis.segments[1].valueOffset == offset(of: "a=b=c", in: analysis.input))
    }

    @Test func keyWithSpace() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.cta + ",campaign name=Spring sale")
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.customCTA?.campaign == "Spring sale")
    }

    @Test func duplicateKeyWithEqualValuesIsStillADuplicate() {
        let input = Fixture.cta + ",bannerTitle=Shoes"
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-duplicate-key"])
        #expect(!analysis.accepted)
        #expect(analysis.creative == nil)
        #expect(analysis.format == .customCTA)
        let diagnostic = analysis.diagnostics[0]
        #expect(diagnostic.offset == input.count - "bannerTitle=Shoes".count)
        #expect(diagnostic.path == "segment[4]")
        #expect(diagnostic.details["key"] == "bannerTitle")
        #expect(diagnostic.details["segment"] == "4")
        #expect(diagnostic.details["firstSegment"] == "2")
        #expect(diagnostic.message.contains("same value"))
    }

    @Test func malformedSegmentRejects() {
        let input = "icon=https://cdn.example.com/i.png,bannerTitle=Shoes, bags and more,ctaUrl=https://shop.example.com"
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-malformed-segment"])
        #expect(analysis.offsets("PARAM-malformed-segment") == [offset(of: "bags", in: input)])
        #expect(analysis.diagnostics[0].message.contains("comma"))
        #expect(analysis.segments[2].kind == .malformed)
    }

    @Test func emptyKey() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.cta + ",=x")
        #expect(analysis.ruleIDs == ["PARAM-empty-key"])
        #expect(analysis.segments.last?.kind == .emptyKey)
    }

    @Test func trailingCommaIsAWarningOnly() {
        let input = Fixture.cta + ","
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-empty-segment"])
        #expect(analysis.accepted)
        #expect(analysis.offsets("PARAM-empty-segment") == [input.count - 1])
        #expect(analysis.customCTA?.title == "Shoes")
    }

    @Test func whitespaceIsTrimmedWithAWarning() {
        let input = " icon = https://cdn.example.com/i.png , bannerTitle=Shoes,ctaUrl=https://shop.example.com "
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(Set(analysis.ruleIDs) == ["PARAM-whitespace-around"])
        #expect(analysis.offsets("PARAM-whitespace-around") == [0, offset(of: " bannerTitle", in: input), input.count - 1])
        #expect(analysis.accepted)
        #expect(analysis.customCTA?.icon == "https://cdn.example.com/i.png")
        #expect(analysis.customCTA?.destination == "https://shop.example.com")
        #expect(analysis.segments[0].key == "icon")
        #expect(analysis.segments[0].keyOffset == 1)
    }

    @Test func percentEncodingIsNotDecoded() {
        let analysis = TraffickingAnalyzer.analyze(
            "icon=https%3A%2F%2Fcdn.example.com%2Fi.png,bannerTitle=Big%20sale,ctaUrl=https://shop.example.com,campaign%20name=x")
        #expect(analysis.ruleIDs == ["PARAM-percent-encoded-url", "PARAM-percent-encoded-text", "PARAM-percent-encoded-key"])
        #expect(analysis.diagnostics[2].message.contains("'campaign name'"))
        #expect(!analysis.accepted)
    }

    @Test func nonASCIIOffsetsCountCharacters() {
        let title = "Laufschuhe für 👩‍👩‍👧 — ✨"
        let input = "bannerTitle=\(title),oops,icon=https://cdn.example.com/i.png,ctaUrl=https://shop.example.com"
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-malformed-segment"])
        #expect(analysis.offsets("PARAM-malformed-segment") == ["bannerTitle=".count + title.count + 1])
        #expect(analysis.segments[1].offset == 12 + title.count + 1)

        let ok = TraffickingAnalyzer.analyze("icon=https://cdn.example.com/i.png,bannerTitle=\(title),ctaUrl=https://shop.example.com")
        #expect(ok.accepted && ok.diagnostics.isEmpty)
        #expect(ok.customCTA?.title == title)
    }

    @Test func lineNumberGoesIntoPositions() {
        let analysis = TraffickingAnalyzer.analyze("bannerTitle=Shoes,,ctaUrl=https://shop.example.com", line: 7)
        let diagnostics = analysis.diagnostics
        #expect(diagnostics.allSatisfy { $0.position?.line == 7 })
        let empty = analysis.diagnostics(ofRule: "PARAM-empty-segment")
        #expect(empty.first?.position == SourcePosition(line: 7, column: 19))
    }

    @Test func diagnosticsAreSortedByOffset() {
        let analysis = TraffickingAnalyzer.analyze("x,ad_type=Carousel,,=1")
        let offsets = analysis.diagnostics.compactMap(\.offset)
        #expect(offsets == offsets.sorted())
        #expect(Set(analysis.ruleIDs) == ["PARAM-malformed-segment", "PARAM-ad-type-unknown", "PARAM-empty-segment", "PARAM-empty-key"])
    }
}

@Suite("Format detection")
struct FormatDetectionTests {
    @Test(arguments: [
        (Fixture.cta, CreativeFormat.customCTA),
        ("Icon=https://cdn.example.com/i.png", .customCTA),
        (Fixture.carousel(images: Fixture.imageList(2)), .carousel),
        ("ad_type=webview,campaign=x,Image_url=https://a.example.com", .takeoverInVideo),
        ("ad_type=takeoverAds,Takeover_ads_url=https://a.example.com", .takeoverContextual),
        ("ad_type=takeoverAds,Takeover_ads_url=https://a.example.com,c_title=x", .takeoverTabGAM),
        (#"{"advertiserTab":{"adType":"takeoverAds","takeoverAdsUrl":"https://a.example.com"}}"#, .takeoverTabBackend),
    ])
    func detects(input: String, format: CreativeFormat) {
        #expect(TraffickingAnalyzer.analyze(input).format == format)
    }

    @Test func unknownAdTypeIsNotGuessed() {
        let analysis = TraffickingAnalyzer.analyze("ad_type=Carousel," + Fixture.cta)
        #expect(analysis.format == nil)
        #expect(analysis.ruleIDs == ["PARAM-ad-type-unknown"])
        #expect(analysis.diagnostics[0].message.contains("did you mean 'carousel'"))
    }

    @Test func wrongCapitalisationOfAdType() {
        let analysis = TraffickingAnalyzer.analyze("Ad_type=carousel,carousel_title=x")
        #expect(analysis.format == nil)
        #expect(analysis.ruleIDs == ["PARAM-format-undetected", "PARAM-unknown-key"])
        #expect(analysis.diagnostics[0].message.contains("did you mean 'ad_type'"))
        #expect(analysis.diagnostics[1].message.contains("case-sensitive"))
    }

    @Test func unknownKeySuggestions() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.cta + ",Bannertitle=x,bannerDescripton=y,ctatext=z,zzz=1")
        let messages = analysis.diagnostics(ofRule: "PARAM-unknown-key").map(\.message)
        #expect(messages.count == 4)
        #expect(messages[0].contains("case-sensitive, did you mean 'bannerTitle'"))
        #expect(messages[1].contains("did you mean 'bannerDescription'"))
        #expect(messages[2].contains("did you mean 'ctaText'"))
        #expect(messages[3].contains("not a parameter of a custom CTA"))
        #expect(analysis.accepted)
    }

    @Test func keysOfAnotherFormat() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.cta + ",carousel_title=x")
        #expect(analysis.diagnostics.first?.message.contains("parameter of carousel") == true)
    }

    @Test func looksLikeParameterString() {
        #expect(TraffickingAnalyzer.looksLikeParameterString(Fixture.cta))
        #expect(TraffickingAnalyzer.looksLikeParameterString("foo=1, ad_type=carousel"))
        #expect(TraffickingAnalyzer.looksLikeParameterString(#" {"advertiserTab": {}}"#))
        #expect(!TraffickingAnalyzer.looksLikeParameterString(#"{"videos": []}"#))
        #expect(!TraffickingAnalyzer.looksLikeParameterString("a=1,b=2"))
        #expect(!TraffickingAnalyzer.looksLikeParameterString("Bannertitle=Shoes"))
        #expect(!TraffickingAnalyzer.looksLikeParameterString(""))
        #expect(!TraffickingAnalyzer.looksLikeParameterString("just some text about icons"))
    }
}
