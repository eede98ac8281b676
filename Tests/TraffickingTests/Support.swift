import ConformCore
import Foundation
import Trafficking

/// Shared strings and helpers for the trafficking tests.
enum Fixture {
    static let cta = "icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"
    static let carouselHead = "ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description="

    /// A carousel whose `carousel_images` value is `images` (and, when given, whose tap list is `taps`).
    static func carousel(images: String, taps: String? = nil, extra: String = "") -> String {
        var result = carouselHead + ",carousel_images=" + images
        if let taps { result += ",carousel_images_urls=" + taps }
        return result + extra
    }

    /// `count` distinct image URLs joined with `$`.
    static func imageList(_ count: Int) -> String {
        (1...max(count, 1)).prefix(count).map { "https://cdn.example.com/\($0).jpg" }.joined(separator: "$")
    }
}

extension ParameterAnalysis {
    /// The rule ids of all diagnostics, in order.
    var ruleIDs: [String] { diagnostics.map(\.ruleID) }

    /// The offsets of the diagnostics of one rule.
    func offsets(_ ruleID: String) -> [Int] { diagnostics(ofRule: ruleID).compactMap(\.offset) }

    var carousel: Carousel? {
        if case .carousel(let value) = creative { return value }
        return nil
    }

    var customCTA: CustomCTA? {
        if case .customCTA(let value) = creative { return value }
        return nil
    }

    var takeover: Takeover? {
        if case .takeover(let value) = creative { return value }
        return nil
    }
}

/// The character offset of the first occurrence of `needle` in `haystack`.
func offset(of needle: String, in haystack: String) -> Int {
    guard let range = haystack.range(of: needle) else { return -1 }
    return haystack.distance(from: haystack.startIndex, to: range.lowerBound)
}
