import ConformCore

/// The rules of the trafficking-parameter layer: every diagnostic the analyzer emits has the id of one
/// of these descriptions.
///
/// Each description carries valid examples (which must not produce a diagnostic of the rule) and
/// invalid examples whose `↓` markers sit at the character offsets where the rule's diagnostics must
/// point. Examples are evaluated with ``examplePolicy``.
public enum TraffickingRules {
    /// Every rule, sorted by id.
    public static let all: [RuleDescription] = [
        // Grammar
        emptyInput, emptySegment, malformedSegment, emptyKey, duplicateKey, whitespaceAround,
        percentEncodedKey, percentEncodedText, percentEncodedURL, unknownKey,
        // Format detection
        adTypeUnknown, formatUndetected,
        // URLs
        urlInvalid, urlScheme, urlAppScheme, urlPolicy,
        // Shared by custom CTA and carousel
        campaignAliasMismatch, schemaVersionUnsupported,
        // Custom CTA
        ctaIconRequired, ctaIconAliasMismatch, ctaTitleRequired, ctaURLRequired, ctaTextEmpty,
        // Carousel
        carouselBannerRequired, carouselBrandIconRequired, carouselTitleRequired, carouselDescriptionRequired,
        carouselImagesRequired, carouselTooManyImages, carouselImageInvalid, carouselNoUsableImage,
        carouselTapCountMismatch, carouselTapURLInvalid, carouselCTAPair,
        // Takeovers
        takeoverRequiredKey, takeoverTabKeyMissing, takeoverURLPolicy, takeoverJSONInvalid,
        takeoverWebviewUnconfirmed,
    ].sorted { $0.id < $1.id }

    /// The rule with `id`, if any.
    public static func rule(id: String) -> RuleDescription? {
        all.first { $0.id == id }
    }

    /// The URL policy under which the rule examples are written: the default policy, with destinations
    /// and takeover pages restricted to hosts under `example.com` (so `PARAM-url-policy` can be shown).
    public static let examplePolicy = URLPolicy(allowedHosts: ["example.com"])
}

extension SchemaBasis {
    /// The basis of every trafficking-parameter rule: its subject is a comma-separated key=value string, not
    /// XML, so no VAST XSD can describe it.
    static let traffickingParameters = SchemaBasis.outsideVASTSchemas(
        "the rule checks a trafficking-parameter string (comma-separated key=value pairs), not XML; it rests on the companion ads and trafficking parameters reference, and on conform's stated conventions where that reference is silent.")
}

extension SpecReference {
    /// A quote of the companion ads and trafficking parameters reference.
    static func companion(_ section: String, _ quote: String) -> SpecReference {
        SpecReference(document: .companionAds, section: section, quote: quote)
    }

    /// A conform convention: a decision where the reference is silent.
    static func convention(_ quote: String) -> SpecReference {
        SpecReference(document: .conform, section: "Trafficking parameter strings", quote: quote)
    }

    static let grammar = companion(
        "Supply creative parameters",
        "The SDK reads in-house creatives from comma-separated key=value parameters.")
    static let splitAtFirstEquals = companion(
        "Supply creative parameters",
        "The parser splits each segment at its first =, so URL query strings are preserved.")
    static let malformedRejects = companion(
        "Supply creative parameters", "A malformed segment or duplicate key rejects the creative.")
    static let exactNames = companion(
        "Supply creative parameters", "Use the parameter names and capitalization shown below.")
    static let takeoverKeys = companion(
        "Implement takeover ads in the application",
        "The takeover design uses different metadata for each type.")
    static let destinationPolicy = companion(
        "Implement takeover ads in the application",
        "Validate destination URLs according to your app's security policy before loading or opening them.")
}
