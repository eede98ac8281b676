import ConformCore
import Testing

import Trafficking

@Suite("Carousel")
struct CarouselTests {
    @Test func typedCreative() {
        let input = Fixture.carousel(
            images: "https://cdn.example.com/1.jpg$https://cdn.example.com/2.jpg",
            taps: "https://shop.example.com/1$",
            extra: ",carousel_cta_text=Shop all,carousel_cta_url=https://shop.example.com,campaign name=spring,companion_schema_version=1")
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.carousel == Carousel(
            banner: "https://cdn.example.com/b.png", brandIcon: "https://cdn.example.com/l.png", title: "Shoes",
            description: "",
            images: [
                CarouselImage(position: 1, url: "https://cdn.example.com/1.jpg", tapDestination: "https://shop.example.com/1"),
                CarouselImage(position: 2, url: "https://cdn.example.com/2.jpg", tapDestination: nil),
            ],
            cta: CarouselCTA(text: "Shop all", url: "https://shop.example.com"), campaign: "spring", schemaVersion: 1))
    }

    @Test(arguments: [0, 1, 20, 21, 100])
    func imageCounts(count: Int) {
        let analysis = TraffickingAnalyzer.analyze(Fixture.carousel(images: Fixture.imageList(count)))
        switch count {
        case 0:
            #expect(analysis.ruleIDs == ["PARAM-carousel-no-usable-image"])
        case 1...20:
            #expect(analysis.diagnostics.isEmpty)
            #expect(analysis.carousel?.images.count == count)
            #expect(analysis.carousel?.images.map(\.position) == Array(1...count))
        default:
            #expect(analysis.ruleIDs == ["PARAM-carousel-too-many-images"])
            #expect(analysis.offsets("PARAM-carousel-too-many-images") == [offset(of: "https://cdn.example.com/21.jpg", in: analysis.input)])
            #expect(analysis.diagnostics[0].details["entries"] == String(count))
            #expect(analysis.creative == nil)
        }
    }

    @Test func missingImagesKey() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.carouselHead)
        #expect(analysis.ruleIDs == ["PARAM-carousel-images-required"])
    }

    @Test func blankImageEntries() {
        let input = Fixture.carousel(images: "$https://cdn.example.com/2.jpg$$https://cdn.example.com/4.jpg$")
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == Array(repeating: "PARAM-carousel-image-invalid", count: 3))
        #expect(analysis.accepted)
        #expect(analysis.carousel?.images.map(\.position) == [2, 4])
        let value = offset(of: "carousel_images=", in: input) + "carousel_images=".count
        #expect(analysis.offsets("PARAM-carousel-image-invalid") == [value, value + 31, input.count - 1])
    }

    @Test func onlyBlankImages() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.carousel(images: "$ $"))
        #expect(analysis.ruleIDs.filter { $0 == "PARAM-carousel-no-usable-image" }.count == 1)
        #expect(!analysis.accepted)
    }

    @Test func invalidImageBetweenValidOnesKeepsTapPositions() {
        let input = Fixture.carousel(
            images: "https://cdn.example.com/1.jpg$javascript:alert(1)$https://cdn.example.com/3.jpg",
            taps: "https://shop.example.com/1$https://shop.example.com/2$https://shop.example.com/3")
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-carousel-image-invalid"])
        #expect(analysis.offsets("PARAM-carousel-image-invalid") == [offset(of: "javascript:", in: input)])
        let images = try! #require(analysis.carousel?.images)
        #expect(images.map(\.position) == [1, 3])
        #expect(images.map(\.tapDestination) == ["https://shop.example.com/1", "https://shop.example.com/3"])
    }

    @Test func moreTapURLsThanImages() {
        let input = Fixture.carousel(
            images: Fixture.imageList(2),
            taps: "https://shop.example.com/1$https://shop.example.com/2$https://shop.example.com/3$https://shop.example.com/4")
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-carousel-tap-count-mismatch"])
        #expect(analysis.offsets("PARAM-carousel-tap-count-mismatch") == [offset(of: "https://shop.example.com/3", in: input)])
        #expect(analysis.carousel?.images.map(\.tapDestination) == ["https://shop.example.com/1", "https://shop.example.com/2"])
    }

    @Test func fewerTapURLsThanImages() {
        let input = Fixture.carousel(images: Fixture.imageList(3), taps: "https://shop.example.com/1")
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.ruleIDs == ["PARAM-carousel-tap-count-mismatch"])
        #expect(analysis.offsets("PARAM-carousel-tap-count-mismatch") == [offset(of: "carousel_images_urls", in: input)])
        #expect(analysis.accepted)
    }

    @Test func emptyTapListMeansNoDestinations() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.carousel(images: Fixture.imageList(3), taps: ""))
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.carousel?.images.allSatisfy { $0.tapDestination == nil } == true)
    }

    @Test func unusableTapDestination() {
        let analysis = TraffickingAnalyzer.analyze(Fixture.carousel(images: Fixture.imageList(2), taps: "shop$javascript:x"))
        #expect(analysis.ruleIDs == ["PARAM-carousel-tap-url-invalid", "PARAM-url-scheme"])
        #expect(!analysis.accepted)
    }

    @Test(arguments: [
        (",carousel_cta_text=Shop", ["PARAM-carousel-cta-pair"]),
        (",carousel_cta_url=https://shop.example.com", ["PARAM-carousel-cta-pair"]),
        (",carousel_cta_text=Shop,carousel_cta_url=", ["PARAM-carousel-cta-pair"]),
        (",carousel_cta_text=,carousel_cta_url=", []),
        (",carousel_cta_text=Shop,carousel_cta_url=myapp://x", ["PARAM-url-scheme"]),
        (",carousel_cta_text=Shop,carousel_cta_url=https://shop.example.com", []),
    ])
    func ctaPair(extra: String, rules: [String]) {
        let analysis = TraffickingAnalyzer.analyze(Fixture.carousel(images: Fixture.imageList(1), extra: extra))
        #expect(analysis.ruleIDs == rules)
        #expect(analysis.accepted == rules.isEmpty)
        if rules.isEmpty, extra.contains("https") {
            #expect(analysis.carousel?.cta == CarouselCTA(text: "Shop", url: "https://shop.example.com"))
        }
    }

    @Test func requiredKeys() {
        let analysis = TraffickingAnalyzer.analyze("ad_type=carousel")
        #expect(Set(analysis.ruleIDs) == [
            "PARAM-carousel-banner-required", "PARAM-carousel-brand-icon-required", "PARAM-carousel-title-required",
            "PARAM-carousel-description-required", "PARAM-carousel-images-required",
        ])
        #expect(analysis.diagnostics.allSatisfy { $0.offset == 0 })
        #expect(analysis.format == .carousel)
    }

    @Test func nonASCIITitle() {
        let input = Fixture.carouselHead.replacingOccurrences(of: "carousel_title=Shoes", with: "carousel_title=靴とバッグ 👟")
            + ",carousel_images=" + Fixture.imageList(1)
        let analysis = TraffickingAnalyzer.analyze(input)
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.carousel?.title == "靴とバッグ 👟")
    }
}
