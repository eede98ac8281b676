import ConformCore

// Rules of the carousel format. The checks live in Analysis/CarouselAnalysis.swift.
// A required key that is missing is reported at offset 0; one that is present but empty at its key.

extension TraffickingRules {
    /// `PARAM-carousel-banner-required`
    public static let carouselBannerRequired = RuleDescription(
        id: "PARAM-carousel-banner-required",
        name: "Carousel banner required",
        summary: "A carousel has no carousel_banner, or it is empty",
        rationale: "The reference requires the collapsed-banner image URL; required image parameters must be valid.",
        fix: "Add carousel_banner=<HTTP or HTTPS image URL>.",
        severity: .error,
        specReferences: [
            .companion("Carousel", "carousel_banner | Yes | HTTP or HTTPS URL for the collapsed banner."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        invalidExamples: [
            RuleExample("↓ad_type=carousel,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
            RuleExample("ad_type=carousel,↓carousel_banner=,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-brand-icon-required`
    public static let carouselBrandIconRequired = RuleDescription(
        id: "PARAM-carousel-brand-icon-required",
        name: "Carousel brand icon required",
        summary: "A carousel has no brand_icon, or it is empty",
        rationale: "The reference requires the expanded-header icon URL; required image parameters must be valid.",
        fix: "Add brand_icon=<HTTP or HTTPS image URL>.",
        severity: .error,
        specReferences: [
            .companion("Carousel", "brand_icon | Yes | HTTP or HTTPS URL for the expanded header icon."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        invalidExamples: [
            RuleExample("↓ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brandIcon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-title-required`
    public static let carouselTitleRequired = RuleDescription(
        id: "PARAM-carousel-title-required",
        name: "Carousel title required",
        summary: "A carousel has no carousel_title, or it is empty",
        rationale: "The reference requires a non-empty carousel_title.",
        fix: "Add carousel_title=<title shown to viewers>.",
        severity: .error,
        specReferences: [.companion("Carousel", "carousel_title | Yes | Non-empty title.")],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Новинки сезона,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        invalidExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,↓carousel_title=,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
            RuleExample("↓ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-description-required`
    public static let carouselDescriptionRequired = RuleDescription(
        id: "PARAM-carousel-description-required",
        name: "Carousel description key required",
        summary: "A carousel has no carousel_description key (an empty value is fine)",
        rationale: "The reference requires the carousel_description key but allows its value to be empty.",
        fix: "Add carousel_description= (with or without a value).",
        severity: .error,
        specReferences: [
            .companion("Carousel", "the description key is required but its value can be empty."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        invalidExamples: [
            RuleExample("↓ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-images-required`
    public static let carouselImagesRequired = RuleDescription(
        id: "PARAM-carousel-images-required",
        name: "Carousel images required",
        summary: "A carousel has no carousel_images key",
        rationale: """
            The reference requires carousel_images. A key that is present but yields no usable image is \
            reported by PARAM-carousel-no-usable-image.
            """,
        fix: "Add carousel_images=<URL>$<URL>...",
        severity: .error,
        specReferences: [
            .companion("Carousel", "carousel_images | Yes | $-separated HTTP or HTTPS image URLs."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        invalidExamples: [
            RuleExample("↓ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_image=https://cdn.example.com/1.jpg"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-too-many-images`
    public static let carouselTooManyImages = RuleDescription(
        id: "PARAM-carousel-too-many-images",
        name: "More than 20 carousel images",
        summary: "carousel_images has more than 20 entries (blank and invalid entries count)",
        rationale: """
            The reference allows no more than 20 entries. The limit is on entries as written, so blank or \
            invalid entries count too. The finding points at the 21st entry.
            """,
        fix: "Keep at most 20 entries in carousel_images.",
        severity: .error,
        specReferences: [
            .companion("Carousel", "Include at least one usable image and no more than 20 entries."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://c.example.com/1$https://c.example.com/2$https://c.example.com/3$https://c.example.com/4$https://c.example.com/5$https://c.example.com/6$https://c.example.com/7$https://c.example.com/8$https://c.example.com/9$https://c.example.com/10$https://c.example.com/11$https://c.example.com/12$https://c.example.com/13$https://c.example.com/14$https://c.example.com/15$https://c.example.com/16$https://c.example.com/17$https://c.example.com/18$https://c.example.com/19$https://c.example.com/20"),
        ],
        invalidExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://c.example.com/1$https://c.example.com/2$https://c.example.com/3$https://c.example.com/4$https://c.example.com/5$https://c.example.com/6$https://c.example.com/7$https://c.example.com/8$https://c.example.com/9$https://c.example.com/10$https://c.example.com/11$https://c.example.com/12$https://c.example.com/13$https://c.example.com/14$https://c.example.com/15$https://c.example.com/16$https://c.example.com/17$https://c.example.com/18$https://c.example.com/19$https://c.example.com/20$↓https://c.example.com/21"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-image-invalid`
    public static let carouselImageInvalid = RuleDescription(
        id: "PARAM-carousel-image-invalid",
        name: "Carousel image skipped",
        summary: "An entry of carousel_images is blank or not an HTTP or HTTPS URL, so the SDK skips it",
        rationale: """
            The reference says invalid image URLs are skipped. The carousel still shows when at least one \
            usable image remains, but the skipped entry keeps its position for tap destinations, which \
            often shifts what the viewer expects. A blank entry at the end is reported at the '$' before it.
            """,
        fix: "Fix or remove the entry (and its tap destination).",
        severity: .warning,
        specReferences: [
            .companion("Carousel", "Invalid image URLs are skipped."),
            .companion("Carousel", "carousel_images | Yes | $-separated HTTP or HTTPS image URLs."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg$http://cdn.example.com/2.jpg"),
        ],
        invalidExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg$↓ftp://cdn.example.com/2.jpg$↓$https://cdn.example.com/4.jpg↓$"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-no-usable-image`
    public static let carouselNoUsableImage = RuleDescription(
        id: "PARAM-carousel-no-usable-image",
        name: "No usable carousel image",
        summary: "carousel_images is present but none of its entries is a usable HTTP or HTTPS URL",
        rationale: "The reference requires at least one usable image; with none left after skipping, the carousel is rejected.",
        fix: "Give carousel_images at least one HTTP or HTTPS image URL.",
        severity: .error,
        specReferences: [
            .companion("Carousel", "Include at least one usable image and no more than 20 entries."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=$https://cdn.example.com/2.jpg"),
        ],
        invalidExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,↓carousel_images="),
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=↓cdn.example.com/1.jpg$data:image/png;base64"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-tap-count-mismatch`
    public static let carouselTapCountMismatch = RuleDescription(
        id: "PARAM-carousel-tap-count-mismatch",
        name: "Tap destinations do not line up with images",
        summary: "carousel_images_urls has more or fewer entries than carousel_images",
        rationale: """
            Tap destinations are matched to images by their original position. Extra destinations are \
            ignored (reported at the first extra entry); missing ones leave images without a destination \
            (reported at the carousel_images_urls key). Either way the list is probably off by one. An \
            empty carousel_images_urls value means no destinations and is not reported.
            """,
        fix: "Give carousel_images_urls exactly one entry per carousel_images entry; leave an entry blank for no destination.",
        severity: .warning,
        specReferences: [
            .companion("Carousel", "carousel_images_urls | No | $-separated tap destinations matched to images by position."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg$https://cdn.example.com/2.jpg,carousel_images_urls=$https://shop.example.com/2"),
        ],
        invalidExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg,carousel_images_urls=https://shop.example.com/1$↓https://shop.example.com/2"),
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg$https://cdn.example.com/2.jpg,↓carousel_images_urls=https://shop.example.com/1"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-tap-url-invalid`
    public static let carouselTapURLInvalid = RuleDescription(
        id: "PARAM-carousel-tap-url-invalid",
        name: "Unusable tap destination",
        summary: "An entry of carousel_images_urls is not an absolute URL, so its image gets no tap destination",
        rationale: """
            The reference leaves an image without a destination when its entry is blank; an entry that is \
            not a URL at all has the same effect, but is more likely a mistake. (Unsafe schemes such as \
            javascript: are PARAM-url-scheme errors.)
            """,
        fix: "Use a full URL, or leave the entry blank on purpose.",
        severity: .warning,
        specReferences: [
            .companion("Carousel", "A blank entry in carousel_images_urls leaves the corresponding image without a tap destination."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg$https://cdn.example.com/2.jpg,carousel_images_urls=$https://shop.example.com/2"),
        ],
        invalidExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg$https://cdn.example.com/2.jpg,carousel_images_urls=↓/products/1$↓shop.example.com/2"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-carousel-cta-pair`
    public static let carouselCTAPair = RuleDescription(
        id: "PARAM-carousel-cta-pair",
        name: "Half a carousel CTA pair",
        summary: "Only one of carousel_cta_text and carousel_cta_url is given (an empty value counts as not given)",
        rationale: "The reference says to provide both or neither; half a pair cannot produce a working button.",
        fix: "Add the missing half, or remove the one that is there.",
        severity: .error,
        specReferences: [
            .companion("Carousel", "carousel_cta_text and carousel_cta_url | Optional pair | Shared action button label and HTTP or HTTPS destination. Provide both or neither."),
        ],
        validExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg,carousel_cta_text=Shop,carousel_cta_url=https://shop.example.com"),
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg"),
        ],
        invalidExamples: [
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg,↓carousel_cta_text=Shop"),
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg,carousel_cta_text=,↓carousel_cta_url=https://shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)
}
