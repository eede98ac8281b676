import ConformCore

// Rules about the shape of a parameter string: segments, keys, whitespace, encoding.
// The checks live in Analysis/ParameterStringAnalysis.swift.

extension TraffickingRules {
    /// `PARAM-empty-input`
    public static let emptyInput = RuleDescription(
        id: "PARAM-empty-input",
        name: "Empty parameter string",
        summary: "The string has no parameters at all (it is empty, blank or only commas)",
        rationale: """
            Every format has required keys, so a string without any segment cannot describe a creative. \
            A blank string usually means the ad server's macro or custom field was never filled in.
            """,
        fix: "Traffic the creative's parameters, for example icon=...,bannerTitle=...,ctaUrl=....",
        severity: .error,
        specReferences: [.grammar],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("↓"),
            RuleExample("↓  "),
            RuleExample("↓,,"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-empty-segment`
    public static let emptySegment = RuleDescription(
        id: "PARAM-empty-segment",
        name: "Empty segment",
        summary: "Two commas in a row, or a leading or trailing comma, leave an empty segment",
        rationale: """
            The reference does not say how an empty segment is read. A parser that drops empty pieces \
            ignores it; one that treats it as a segment without '=' rejects the creative. conform reports \
            it as a warning, ignores the segment and reads the rest, and points at the comma that \
            creates it (for a trailing comma) or at the segment itself.
            """,
        fix: "Remove the extra comma.",
        severity: .warning,
        specReferences: [
            .grammar,
            .convention("An empty or blank segment is ignored with a warning."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com↓,"),
            RuleExample("icon=https://cdn.example.com/i.png,↓,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
            RuleExample("↓,icon=https://cdn.example.com/i.png,bannerTitle=Shoes,↓ ,ctaUrl=https://shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-malformed-segment`
    public static let malformedSegment = RuleDescription(
        id: "PARAM-malformed-segment",
        name: "Segment without '='",
        summary: "A segment has no '=', so it is not a key=value pair",
        rationale: """
            The reference says a malformed segment rejects the creative. The most common cause is a comma \
            inside a value (a title such as 'Shoes, bags'): the comma ends the segment and the rest of the \
            value becomes a segment of its own. Parameter values cannot contain commas.
            """,
        fix: "Write every segment as key=value and remove commas from values.",
        severity: .error,
        specReferences: [.malformedRejects, .grammar],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes and bags,ctaUrl=https://shop.example.com"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=a=b,ctaUrl=https://shop.example.com?a=1&b=2"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes, ↓bags,ctaUrl=https://shop.example.com"),
            RuleExample("↓icon https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-empty-key`
    public static let emptyKey = RuleDescription(
        id: "PARAM-empty-key",
        name: "Empty key",
        summary: "A segment starts with '=' (its key is empty)",
        rationale: """
            A segment without a key cannot be matched to any parameter; the reference counts it as a \
            malformed segment, which rejects the creative.
            """,
        fix: "Put the parameter name before '=', or remove the segment.",
        severity: .error,
        specReferences: [.malformedRejects],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,↓=https://shop.example.com"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes, ↓=x,ctaUrl=https://shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-duplicate-key`
    public static let duplicateKey = RuleDescription(
        id: "PARAM-duplicate-key",
        name: "Duplicate key",
        summary: "The same key appears more than once, even with the same value",
        rationale: """
            The reference says a duplicate key rejects the creative, whatever the values. Aliases such as \
            icon and Icon are different keys and are checked by their own rules.
            """,
        fix: "Keep one segment per key.",
        severity: .error,
        specReferences: [.malformedRejects],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,Icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,↓bannerTitle=Shoes"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,↓ctaUrl=https://shop.example.com/b,↓ctaUrl="),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-whitespace-around`
    public static let whitespaceAround = RuleDescription(
        id: "PARAM-whitespace-around",
        name: "Whitespace around a key or value",
        summary: "A key or value has spaces (or other whitespace) before or after it",
        rationale: """
            Keys are matched exactly, so a parser that does not trim reads ' bannerTitle' as an unknown \
            key and a URL with a trailing space as an invalid URL. conform trims keys and values for \
            the remaining checks and warns once per segment, at the first surrounding whitespace. \
            Spaces inside a key (campaign name) or inside a value are not affected.
            """,
        fix: "Remove the spaces around ',' and '='.",
        severity: .warning,
        specReferences: [
            .exactNames,
            .convention("Whitespace around keys and values is trimmed with a warning."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=New shoes,ctaUrl=https://shop.example.com,campaign name=spring sale"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,↓ bannerTitle = Shoes,ctaUrl=https://shop.example.com"),
            RuleExample("icon=https://cdn.example.com/i.png↓ ,bannerTitle=Shoes,ctaUrl=https://shop.example.com,bannerDescription=↓ "),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-percent-encoded-key`
    public static let percentEncodedKey = RuleDescription(
        id: "PARAM-percent-encoded-key",
        name: "Percent-encoded key",
        summary: "A key contains a percent-escape such as %20, so it does not match any parameter name",
        rationale: """
            Parameter strings are not percent-decoded: keys must be written exactly as the reference \
            spells them. 'campaign%20name' is not 'campaign name'. Usually an ad server or a spreadsheet \
            encoded the whole string.
            """,
        fix: "Write the key unencoded (campaign name, not campaign%20name).",
        severity: .warning,
        specReferences: [
            .exactNames,
            .convention("Parameter strings are read literally; nothing is percent-decoded."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,campaign name=spring"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,campaign↓%20name=spring"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-percent-encoded-text`
    public static let percentEncodedText = RuleDescription(
        id: "PARAM-percent-encoded-text",
        name: "Percent-escape in displayed text",
        summary: "A title, description, button label or campaign name contains a percent-escape such as %20",
        rationale: """
            Values are not percent-decoded, so 'Summer%20sale' is shown to viewers exactly like that. \
            Ad-server macros such as %%CAMPAIGN%% are not escapes and are not reported.
            """,
        fix: "Write the text unencoded.",
        severity: .warning,
        specReferences: [
            .grammar,
            .convention("Parameter strings are read literally; nothing is percent-decoded."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=50% off,ctaUrl=https://shop.example.com?q=a%20b"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=%%TITLE%%,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Summer↓%20sale,ctaUrl=https://shop.example.com"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,ctaText=Buy↓%C3%A9"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-percent-encoded-url`
    public static let percentEncodedURL = RuleDescription(
        id: "PARAM-percent-encoded-url",
        name: "Percent-encoded URL",
        summary: "A URL value is percent-encoded as a whole (https%3A%2F%2F...)",
        rationale: """
            The SDK and the app read values literally; an encoded URL has no scheme and cannot be loaded \
            or opened. This usually comes from an escaping ad-server macro (an _ESC variant) or from \
            copying an encoded tracking URL.
            """,
        fix: "Traffic the plain URL (use the unescaped macro variant).",
        severity: .error,
        specReferences: [
            .companion("Custom CTA", "icon or Icon | Yes | HTTP or HTTPS URL for the icon."),
            .convention("Parameter strings are read literally; nothing is percent-decoded."),
        ],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com/?next=https%3A%2F%2Fa.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=↓https%3A%2F%2Fshop.example.com"),
            RuleExample("icon=↓HTTPS%3a%2f%2fcdn.example.com%2Fi.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-unknown-key`
    public static let unknownKey = RuleDescription(
        id: "PARAM-unknown-key",
        name: "Unknown key",
        summary: "A key is not a parameter of the detected format (often a capitalisation mistake)",
        rationale: """
            Keys are case-sensitive and must be written as the reference spells them: 'Bannertitle' or \
            'Ad_type' are ignored, which typically leaves a required parameter missing. The warning \
            suggests the intended key when one differs only in capitalisation or by one or two letters, \
            and names the format a key belongs to when it is used in the wrong format.
            """,
        fix: "Use the exact parameter name, or remove the key.",
        severity: .warning,
        specReferences: [.exactNames],
        validExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,campaign name=spring"),
            RuleExample("Icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com"),
        ],
        invalidExamples: [
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,↓BannerDescription=Fast"),
            RuleExample("icon=https://cdn.example.com/i.png,bannerTitle=Shoes,ctaUrl=https://shop.example.com,↓carousel_title=Shoes,↓utm=1"),
        ],
        schemaBasis: .traffickingParameters)
}
