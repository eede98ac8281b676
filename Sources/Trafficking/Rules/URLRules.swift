import ConformCore

// Rules about URL values. The checks live in Analysis/URLChecks.swift.

extension TraffickingRules {
    /// `PARAM-url-invalid`
    public static let urlInvalid = RuleDescription(
        id: "PARAM-url-invalid",
        name: "Not a usable URL",
        summary: "A URL value is not an absolute URL (no scheme, no host, spaces or forbidden characters)",
        rationale: """
            Image, destination, tracking and takeover URLs are loaded or opened as they are, without a \
            base URL to resolve against, so relative or protocol-relative references, bare host names and \
            URLs with spaces fail. Invalid entries of carousel_images and carousel_images_urls have their \
            own warnings because the SDK skips them.
            """,
        fix: "Use a full URL such as https://cdn.example.com/icon.png.",
        severity: .error,
        specReferences: [
            .companion("Custom CTA", "icon or Icon | Yes | HTTP or HTTPS URL for the icon."),
            .companion("Carousel", "carousel_banner | Yes | HTTP or HTTPS URL for the collapsed banner."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com:8443/a?b=1#c"),
        ],
        invalidExamples: [
            RuleExample("icon=↓//cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=↓shop.example.com"),
            RuleExample("icon=↓https://cdn.example.com/new icon.png,bannerTitle=Shoes,ctaUrl=↓https:/shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-url-scheme`
    public static let urlScheme = RuleDescription(
        id: "PARAM-url-scheme",
        name: "URL scheme not allowed here",
        summary: "An image, tracking or carousel CTA URL is not HTTP or HTTPS, or any URL uses javascript:, data:, vbscript: or file:",
        rationale: """
            The reference requires HTTP or HTTPS for the icon, the carousel banner, brand icon, images and \
            the carousel CTA destination. Scripts and inline data (javascript:, vbscript:, data:) and local \
            files (file:) are never acceptable destinations or pages, whatever the app's handler does.
            """,
        fix: "Use an https:// URL.",
        severity: .error,
        specReferences: [
            .companion("Custom CTA", "icon or Icon | Yes | HTTP or HTTPS URL for the icon."),
            .companion(
                "Carousel",
                "carousel_cta_text and carousel_cta_url | Optional pair | Shared action button label and HTTP or HTTPS destination."),
            .destinationPolicy,
        ],
        validExamples: [
            RuleExample("icon=http://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=myapp://product/1"),
        ],
        invalidExamples: [
            RuleExample("icon=↓ftp://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=↓javascript:alert(1)"),
            RuleExample("icon=↓data:image/png;base64,AAAA,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-url-app-scheme`
    public static let urlAppScheme = RuleDescription(
        id: "PARAM-url-app-scheme",
        name: "Destination needs an app action handler",
        summary: "A destination uses a scheme other than HTTP or HTTPS (an app link, mailto:, tel:, ...)",
        rationale: """
            Without a CompanionActions handler the SDK opens only HTTP and HTTPS destinations. Other \
            schemes work only when the app's handler processes them, which conform cannot see. List the \
            scheme in the URL policy's allowed schemes to state that the app handles it.
            """,
        fix: "Use an HTTP or HTTPS destination, or make sure the app's CompanionActions handler handles the scheme and allow it in the URL policy.",
        severity: .warning,
        specReferences: [
            .companion(
                "Custom CTA",
                "If you don't provide a CompanionActions handler, the SDK opens HTTP and HTTPS destinations with UIApplication. Provide a handler to process app-specific actions or other URL schemes."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=↓myapp://product/42"),
            RuleExample("ad_type=carousel,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg$https://cdn.example.com/2.jpg,carousel_images_urls=https://shop.example.com/1$↓tel:+15550100"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-url-policy`
    public static let urlPolicy = RuleDescription(
        id: "PARAM-url-policy",
        name: "Destination outside the URL policy",
        summary: "An HTTP(S) destination uses a scheme or host that the configured URL policy does not allow",
        rationale: """
            The reference asks apps to validate destination URLs against their security policy before \
            opening them. The policy lists the allowed schemes and, optionally, hosts (a host is allowed \
            when it equals an entry or is a subdomain of it). The default policy allows HTTP and HTTPS \
            on any host; these examples use a policy that allows only hosts under example.com.
            """,
        fix: "Use a destination on an allowed host and scheme, or update the URL policy.",
        severity: .error,
        specReferences: [.destinationPolicy],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=↓https://shop.example.org"),
            RuleExample("ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t,redirection_url=↓https://evil.test/x,sidelogo=https://cdn.example.com/s.png,c_title=Shoes,thirdPartyImpression=https://t.example.com/i,thirdPartyClick=https://t.example.com/c,advertiser_name=Acme"),
        ],
        schemaBasis: .traffickingParameters)
}
