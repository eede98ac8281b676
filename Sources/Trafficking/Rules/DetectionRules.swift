import ConformCore

// Rules about which format a string describes. The checks live in Analysis/FormatDetection.swift.

extension TraffickingRules {
    /// `PARAM-ad-type-unknown`
    public static let adTypeUnknown = RuleDescription(
        id: "PARAM-ad-type-unknown",
        name: "Unknown ad_type",
        summary: "ad_type has a value that names no known format (carousel, webview, takeoverAds)",
        rationale: """
            ad_type selects the format: carousel for a carousel, webview for an in-video takeover and \
            takeoverAds for contextual and ads-under-a-tab takeovers. Values are case-sensitive. A custom \
            CTA has no ad_type at all. conform does not guess a format for an unknown value. The same \
            rule covers advertiserTab.adType in the backend JSON form.
            """,
        fix: "Use ad_type=carousel, ad_type=webview or ad_type=takeoverAds, or remove ad_type for a custom CTA.",
        severity: .error,
        specReferences: [
            .companion("Carousel", "Set ad_type=carousel to identify a carousel."),
            .takeoverKeys,
        ],
        validExamples: [
            RuleExample("ad_type=webview,campaign=spring,Image_url=https://ads.example.com/t"),
            RuleExample("ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t"),
        ],
        invalidExamples: [
            RuleExample("ad_type=↓Carousel,carousel_banner=https://cdn.example.com/b.png"),
            RuleExample("↓ad_type=,icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
            RuleExample(#"{"advertiserTab":{"adType":↓"banner","takeoverAdsUrl":"https://ads.example.com/t"}}"#),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-format-undetected`
    public static let formatUndetected = RuleDescription(
        id: "PARAM-format-undetected",
        name: "No format detected",
        summary: "The string has neither ad_type nor any custom CTA key, so no format applies",
        rationale: """
            A carousel or takeover is identified by ad_type; a custom CTA by icon, Icon, bannerTitle or \
            ctaUrl. Without them the SDK and the app display nothing. conform reports this instead of \
            guessing, and points out keys that differ from these only in capitalisation.
            """,
        fix: "Add ad_type (carousel, webview or takeoverAds) or the custom CTA keys.",
        severity: .error,
        specReferences: [
            .companion("Carousel", "Set ad_type=carousel to identify a carousel."),
            .companion("Custom CTA", "A custom CTA requires an icon, title, and action URL."),
        ],
        validExamples: [
            RuleExample("bannerTitle=Shoes"),
            RuleExample("ad_type=carousel"),
        ],
        invalidExamples: [
            RuleExample("↓Ad_type=carousel,carousel_banner=https://cdn.example.com/b.png"),
            RuleExample("↓bannerDescription=Fast,ctaText=Buy"),
            RuleExample(#"↓{"advertiser":{"adType":"takeoverAds"}}"#),
        ],
        schemaBasis: .traffickingParameters)
}
