import ConformCore

// Rules for parameters that custom CTA and carousel share. The checks live in
// Analysis/SharedFieldChecks.swift.

extension TraffickingRules {
    /// `PARAM-campaign-alias-mismatch`
    public static let campaignAliasMismatch = RuleDescription(
        id: "PARAM-campaign-alias-mismatch",
        name: "campaign and campaign name differ",
        summary: "Both campaign and campaign name are present with different values",
        rationale: """
            campaign and campaign name are aliases; the reference requires equal values when both are \
            present, since the SDK cannot tell which name to put in presentation events. An empty value \
            differs from a non-empty one.
            """,
        fix: "Keep one of the two keys, or give both the same value.",
        severity: .error,
        specReferences: [
            .companion(
                "Custom CTA",
                "campaign or campaign name | No | Campaign name included in presentation events. If both aliases are present, their values must match."),
            .companion(
                "Carousel",
                "campaign or campaign name | No | Campaign name included in presentation events. If both aliases are present, their values must match."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,campaign=spring,campaign name=spring"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,campaign name=spring"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,campaign=spring,↓campaign name=Spring"),
            RuleExample("ad_type=carousel,campaign name=,carousel_banner=https://cdn.example.com/b.png,brand_icon=https://cdn.example.com/l.png,carousel_title=Shoes,carousel_description=,carousel_images=https://cdn.example.com/1.jpg,↓campaign=spring"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-schema-version-unsupported`
    public static let schemaVersionUnsupported = RuleDescription(
        id: "PARAM-schema-version-unsupported",
        name: "Unsupported companion_schema_version",
        summary: "companion_schema_version is present with a value other than exactly 1",
        rationale: """
            The reference supports only schema version 1. The value is compared as written: '01', '1.0' \
            and an empty value are not '1'. Leave the key out to use the current schema.
            """,
        fix: "Write companion_schema_version=1 or remove the key.",
        severity: .error,
        specReferences: [
            .companion("Custom CTA", "companion_schema_version | No | Schema version. The only supported value is 1."),
            .companion("Carousel", "companion_schema_version | No | Schema version. The only supported value is 1."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,companion_schema_version=1"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,companion_schema_version=↓2"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,companion_schema_version=↓01"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,↓companion_schema_version="),
        ],
        schemaBasis: .traffickingParameters)
}
