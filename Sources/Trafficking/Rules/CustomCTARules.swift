import ConformCore

// Rules of the custom CTA format. The checks live in Analysis/CustomCTAAnalysis.swift.
// A required key that is missing is reported at offset 0; one that is present but empty at its key.

extension TraffickingRules {
    /// `PARAM-cta-icon-required`
    public static let ctaIconRequired = RuleDescription(
        id: "PARAM-cta-icon-required",
        name: "Custom CTA icon required",
        summary: "A custom CTA has neither icon nor Icon, or the icon value is empty",
        rationale: "The reference requires an icon for a custom CTA; without it the creative is rejected.",
        fix: "Add icon=<HTTP or HTTPS URL of the icon>.",
        severity: .error,
        specReferences: [
            .companion("Custom CTA", "A custom CTA requires an icon, title, and action URL."),
            .companion("Custom CTA", "icon or Icon | Yes | HTTP or HTTPS URL for the icon."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
            RuleExample("Icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("↓bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
            RuleExample("↓ICON=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
            RuleExample("bannerTitle=Shoes,↓icon=,ctaUrl=https://shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-cta-icon-alias-mismatch`
    public static let ctaIconAliasMismatch = RuleDescription(
        id: "PARAM-cta-icon-alias-mismatch",
        name: "icon and Icon differ",
        summary: "Both icon and Icon are present with different values",
        rationale: """
            icon and Icon are aliases; the reference requires equal values when both are present. The \
            finding points at the later of the two.
            """,
        fix: "Keep one of the two keys, or give both the same URL.",
        severity: .error,
        specReferences: [
            .companion("Custom CTA", "If both aliases are present, their values must match."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,Icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,↓Icon=https://cdn.example.com/I.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
            RuleExample("Icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,↓icon="),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-cta-title-required`
    public static let ctaTitleRequired = RuleDescription(
        id: "PARAM-cta-title-required",
        name: "Custom CTA title required",
        summary: "A custom CTA has no bannerTitle, or it is empty",
        rationale: "The reference requires a non-empty bannerTitle for a custom CTA.",
        fix: "Add bannerTitle=<title shown to viewers>.",
        severity: .error,
        specReferences: [.companion("Custom CTA", "bannerTitle | Yes | Non-empty title.")],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Laufschuhe für alle 👟,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("↓icon=https://cdn.example.com/i.png,ctaUrl=https://shop.example.com,Bannertitle=Shoes"),
            RuleExample("icon=https://cdn.example.com/i.png,↓bannerTitle= ,ctaUrl=https://shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-cta-url-required`
    public static let ctaURLRequired = RuleDescription(
        id: "PARAM-cta-url-required",
        name: "Custom CTA destination required",
        summary: "A custom CTA has no ctaUrl, or it is empty",
        rationale: "The reference requires an action URL (ctaUrl) for a custom CTA.",
        fix: "Add ctaUrl=<destination URL>.",
        severity: .error,
        specReferences: [
            .companion("Custom CTA", "A custom CTA requires an icon, title, and action URL."),
            .companion("Custom CTA", "ctaUrl | Yes | Destination URL."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("↓icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaURL=https://shop.example.com"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,↓ctaUrl="),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-cta-text-empty`
    public static let ctaTextEmpty = RuleDescription(
        id: "PARAM-cta-text-empty",
        name: "Empty ctaText",
        summary: "ctaText is present but empty",
        rationale: """
            The SDK shows 'Learn more' when the ad does not specify ctaText. Whether an empty value counts \
            as 'not specified' or produces an empty button is not documented, so conform assumes the \
            default label and warns.
            """,
        fix: "Give ctaText a label, or remove the key to get 'Learn more'.",
        severity: .warning,
        specReferences: [
            .companion("Custom CTA", "If the ad doesn't specify ctaText, the SDK displays “Learn more.”"),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,ctaText=Shop now"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,↓ctaText="),
        ],
        schemaBasis: .traffickingParameters)
}
