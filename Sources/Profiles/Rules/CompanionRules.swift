import ConformCore

extension ProfileRules {
    static let companionEntries: [Entry] = {
        func with(_ settings: [String]) -> ProfileOptions {
            var options = ProfileOptions()
            for setting in settings { options = (try? options.applying(setting)) ?? options }
            return options
        }
        return [
            Entry(rule: companionParametersRejected, profile: .companion, exampleOptions: ProfileOptions()),
            Entry(rule: companionNoDisplay, profile: .companion, exampleOptions: ProfileOptions()),
            Entry(rule: companionFormatDisabled, profile: .companion, exampleOptions: with(["formats=standard"])),
            Entry(rule: companionCarouselLandscape, profile: .companion, exampleOptions: with(["orientation=landscape"])),
            Entry(rule: companionImageFailed, profile: .companion, exampleOptions: with(["failed-images=https://cdn.example/icon.png"])),
            Entry(rule: companionNativeSlotUnavailable, profile: .companion, exampleOptions: with(["platform=tvOS"])),
            Entry(rule: companionTakeoverAppOwned, profile: .companion, exampleOptions: ProfileOptions()),
            Entry(rule: companionWrapperUnresolved, profile: .companion, exampleOptions: ProfileOptions()),
        ]
    }()

    /// A linear ad with `parameters` (may be empty) and `companions` (may be empty).
    static func companionTag(parameters: String, companions: String = "", marked: Bool = false) -> String {
        let adParameters = parameters.isEmpty ? "" : "\n\(marked ? "↓" : "")<AdParameters><![CDATA[\(parameters)]]></AdParameters>"
        let companionCreative = companions.isEmpty ? "" : "<Creative>\(companions)</Creative>"
        return "<VAST version=\"4.2\"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative><Linear><Duration>00:00:15</Duration>\(adParameters)</Linear></Creative>\(companionCreative)</Creatives></InLine></Ad></VAST>"
    }

    static let ctaParameters = "icon=https://cdn.example/icon.png,bannerTitle=Spring sale,ctaUrl=https://shop.example/?a=1&b=2"
    static let carouselParameters = "ad_type=carousel,carousel_banner=https://cdn.example/banner.png,brand_icon=https://cdn.example/brand.png,carousel_title=New range,carousel_description=,carousel_images=https://cdn.example/1.png$https://cdn.example/2.png"
    static let banner320 = "<CompanionAds><Companion width=\"320\" height=\"50\"><StaticResource creativeType=\"image/png\"><![CDATA[https://cdn.example/320x50.png]]></StaticResource></Companion></CompanionAds>"

    public static let companionParametersRejected = RuleDescription(
        id: "PROFILE-companion-parameters-rejected",
        name: "Companion parameters rejected",
        summary: "custom CTA or carousel parameters the SDK rejects leave the ad without an in-house creative",
        rationale: "A malformed segment, a duplicate key or a missing required parameter rejects the creative; the presentation then falls back to the native slot or shows nothing. Warning: the trafficked creative will not display.",
        fix: "Fix the parameter string: key=value segments separated by commas, each key once, every required parameter present and valid.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .companionAds, section: "Supply creative parameters", quote: "A malformed segment or duplicate key rejects the creative."),
        ],
        validExamples: [
            RuleExample(companionTag(parameters: ctaParameters)),
        ],
        invalidExamples: [
            RuleExample(companionTag(parameters: ctaParameters + ",bannerTitle=Again", companions: banner320, marked: true)),
            RuleExample(companionTag(parameters: "ad_type=carousel,carousel_banner=https://cdn.example/b.png", marked: true)),
        ],
        schemaBasis: .profile(.companionAds))

    public static let companionNoDisplay = RuleDescription(
        id: "PROFILE-companion-no-display",
        name: "Companion presentation displays nothing",
        summary: "without an eligible in-house creative, the native slot needs a Companion of exactly the slot size",
        rationale: "The native IMA slot is a fallback of fixed size (320x50 by default here); a companion of any other size does not fill it, so the container stays empty. Warning: the companion inventory is wasted.",
        fix: "Add a <Companion> of exactly the slot size (320x50 on iPhone, 728x90 on iPad), or custom CTA or carousel parameters.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .companionAds, section: "Supported companion formats", quote: "Use the native slot as a fallback for ads without an eligible in-house creative when the .standard format is enabled and a fixed size is configured."),
        ],
        validExamples: [
            RuleExample(companionTag(parameters: "", companions: banner320)),
            RuleExample(companionTag(parameters: ctaParameters)),
        ],
        invalidExamples: [
            RuleExample(companionTag(parameters: "", companions: "\n↓<CompanionAds><Companion width=\"300\" height=\"250\"><StaticResource creativeType=\"image/png\"><![CDATA[https://cdn.example/mpu.png]]></StaticResource></Companion></CompanionAds>")),
        ],
        schemaBasis: .profile(.companionAds))

    public static let companionFormatDisabled = RuleDescription(
        id: "PROFILE-companion-format-disabled",
        name: "Companion format not enabled",
        summary: "the parameters describe a format the presentation's configuration does not enable",
        rationale: "CompanionConfiguration.formats decides which formats can display; a custom CTA or carousel that is not enabled falls back to the native slot. Info: it depends on the app's configuration (the examples enable only the standard format).",
        fix: "Enable the format in CompanionConfiguration(formats:), or expect the native-slot fallback.",
        severity: .info,
        specReferences: [
            SpecReference(document: .companionAds, section: "Configure creatives and handle actions", quote: "formats | .standard, .carousel, and .customCTA | Creative formats the presentation can render."),
        ],
        validExamples: [
            RuleExample(companionTag(parameters: "", companions: banner320)),
        ],
        invalidExamples: [
            RuleExample(companionTag(parameters: ctaParameters, companions: banner320, marked: true)),
        ],
        schemaBasis: .profile(.companionAds))

    public static let companionCarouselLandscape = RuleDescription(
        id: "PROFILE-companion-carousel-landscape",
        name: "Carousel outside portrait",
        summary: "a carousel is portrait-only and switches to the native slot in landscape or fullscreen",
        rationale: "Carousels are eligible only in portrait; in landscape the presentation uses the native slot when one is available, else nothing. Info: it depends on orientation (the examples run in landscape).",
        fix: "Also traffic a Companion of the slot size so landscape viewers see the native slot.",
        severity: .info,
        specReferences: [
            SpecReference(document: .companionAds, section: "Supported companion formats", quote: "Carousels switch to the native slot in landscape when it is available."),
        ],
        validExamples: [
            RuleExample(companionTag(parameters: ctaParameters)),
        ],
        invalidExamples: [
            RuleExample(companionTag(parameters: carouselParameters, companions: banner320, marked: true)),
        ],
        schemaBasis: .profile(.companionAds))

    public static let companionImageFailed = RuleDescription(
        id: "PROFILE-companion-image-failed",
        name: "Required companion image fails",
        summary: "when a required custom CTA or carousel image fails to load, the presentation falls back to the native slot",
        rationale: "A creative that cannot load its required image is not shown; the presentation emits assetFailed and uses the native slot when it is configured. Info: it reports a what-if (the examples assume https://cdn.example/icon.png fails).",
        fix: "Host the images on a reliable CDN over HTTPS, and traffic a Companion of the slot size as the fallback.",
        severity: .info,
        specReferences: [
            SpecReference(document: .companionAds, section: "Supported companion formats", quote: "If a required carousel or CTA image fails to load, the presentation also falls back to the native slot when those settings are in place."),
        ],
        validExamples: [
            RuleExample(companionTag(parameters: "icon=https://cdn.example/other.png,bannerTitle=Hi,ctaUrl=https://shop.example/")),
        ],
        invalidExamples: [
            RuleExample(companionTag(parameters: ctaParameters, companions: banner320, marked: true)),
        ],
        schemaBasis: .profile(.companionAds))

    public static let companionNativeSlotUnavailable = RuleDescription(
        id: "PROFILE-companion-native-slot-unavailable",
        name: "No native slot on tvOS",
        summary: "on tvOS the native IMA companion slot is unavailable and the presentation reports capabilityLimited",
        rationale: "prepareSlots returns an empty array on tvOS, so IMA companions never display there; only in-house creatives can. Info: the examples run on tvOS.",
        fix: "For tvOS audiences, traffic custom CTA or carousel parameters instead of relying on IMA companions.",
        severity: .info,
        specReferences: [
            SpecReference(document: .companionAds, section: "Manage the presentation lifecycle", quote: "On tvOS, native IMA companion slots aren't available: prepareSlots(_:) returns an empty array and the presentation emits a capabilityLimited event."),
        ],
        validExamples: [
            RuleExample("<VAST version=\"4.2\"/>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad>\n↓<InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Creatives><Creative>\(banner320)</Creative></Creatives></InLine></Ad></VAST>"),
        ],
        schemaBasis: .profile(.companionAds))

    public static let companionTakeoverAppOwned = RuleDescription(
        id: "PROFILE-companion-takeover-app-owned",
        name: "Takeover parameters are the app's",
        summary: "takeover parameters are not a presentation format: the app parses and renders the takeover",
        rationale: "The SDK does not parse takeover parameters or create a takeover WebView; ad_type=webview is an Android convention whose iOS handling is not confirmed. Info: the report lists what the app must do.",
        fix: "Make sure the app reads the raw traffickingParameters, parses the takeover fields by key, validates the URL and owns the WebView.",
        severity: .info,
        specReferences: [
            SpecReference(document: .companionAds, section: "Implement takeover ads in the application", quote: "Takeover ads are not a CompanionPresentation format. The app must interpret the ad metadata and own takeover rendering"),
        ],
        validExamples: [
            RuleExample(companionTag(parameters: ctaParameters)),
        ],
        invalidExamples: [
            RuleExample(companionTag(parameters: "ad_type=webview,campaign=spring,Image_url=https://promo.example/page?x=1", companions: banner320, marked: true)),
        ],
        schemaBasis: .profile(.companionAds))

    public static let companionWrapperUnresolved = RuleDescription(
        id: "PROFILE-companion-wrapper-unresolved",
        name: "Companion decision behind a Wrapper",
        summary: "a Wrapper's companions and parameters come from the tag it wraps, so the decision needs the resolved chain",
        rationale: "The presentation decides on the ad as played, after wrapper resolution. Warning: conform cannot decide for an unresolved Wrapper.",
        fix: "Resolve the chain and evaluate the InLine response.",
        severity: .warning,
        specReferences: [
            SpecReference(document: .companionAds, section: "Connect the presenter to an ad player", quote: "Pass the presenter to the ad integration that delivers the companion ads."),
        ],
        validExamples: [
            RuleExample(companionTag(parameters: ctaParameters)),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad>\n↓<Wrapper><AdSystem>s</AdSystem><VASTAdTagURI><![CDATA[https://ads.example/next]]></VASTAdTagURI></Wrapper></Ad></VAST>"),
        ],
        schemaBasis: .profile(.companionAds))
}
