/// A creative described by a parameter string, typed by format. Produced only for accepted strings.
///
/// JSON form: an object with one key naming the case, for example `{"carousel": {...}}`.
public enum TraffickingCreative: Sendable, Codable, Equatable {
    case customCTA(CustomCTA)
    case carousel(Carousel)
    case takeover(Takeover)

    /// The format of the creative.
    public var format: CreativeFormat {
        switch self {
        case .customCTA: .customCTA
        case .carousel: .carousel
        case .takeover(let takeover): takeover.kind.format
        }
    }

    private enum CodingKeys: String, CodingKey {
        case customCTA, carousel, takeover
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeIfPresent(CustomCTA.self, forKey: .customCTA) {
            self = .customCTA(value)
        } else if let value = try container.decodeIfPresent(Carousel.self, forKey: .carousel) {
            self = .carousel(value)
        } else if let value = try container.decodeIfPresent(Takeover.self, forKey: .takeover) {
            self = .takeover(value)
        } else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "expected one of customCTA, carousel, takeover"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .customCTA(let value): try container.encode(value, forKey: .customCTA)
        case .carousel(let value): try container.encode(value, forKey: .carousel)
        case .takeover(let value): try container.encode(value, forKey: .takeover)
        }
    }
}

/// A custom call-to-action companion: icon, title, optional description and an action button.
///
/// URLs are kept as the exact text of the parameter (trimmed of surrounding whitespace, never decoded).
public struct CustomCTA: Sendable, Codable, Equatable {
    /// The label the SDK shows when `ctaText` is absent or empty.
    public static let defaultButtonText = "Learn more"

    /// HTTP or HTTPS URL of the icon (`icon` or `Icon`).
    public var icon: String
    /// `bannerTitle`, never empty.
    public var title: String
    /// `ctaUrl`: the destination of the action button.
    public var destination: String
    /// `bannerDescription`, or `nil` when absent.
    public var description: String?
    /// The button label: `ctaText`, or ``defaultButtonText`` when absent or empty.
    public var buttonText: String
    /// True when ``buttonText`` is the default because `ctaText` was absent or empty.
    public var buttonTextIsDefault: Bool
    /// `campaign` or `campaign name`, or `nil` when neither is present.
    public var campaign: String?
    /// `companion_schema_version` (always 1 when present), or `nil` when absent.
    public var schemaVersion: Int?

    public init(
        icon: String, title: String, destination: String, description: String? = nil,
        buttonText: String = CustomCTA.defaultButtonText, buttonTextIsDefault: Bool = true,
        campaign: String? = nil, schemaVersion: Int? = nil
    ) {
        self.icon = icon
        self.title = title
        self.destination = destination
        self.description = description
        self.buttonText = buttonText
        self.buttonTextIsDefault = buttonTextIsDefault
        self.campaign = campaign
        self.schemaVersion = schemaVersion
    }
}

/// One usable carousel image and its tap destination.
public struct CarouselImage: Sendable, Codable, Equatable {
    /// 1-based position of the entry in the original `carousel_images` list (skipped entries keep their
    /// numbers, so positions can have gaps). Tap destinations are matched by this position.
    public var position: Int
    /// HTTP or HTTPS URL of the image.
    public var url: String
    /// The matching `carousel_images_urls` entry, or `nil` when it is blank, missing or unusable.
    public var tapDestination: String?

    public init(position: Int, url: String, tapDestination: String? = nil) {
        self.position = position
        self.url = url
        self.tapDestination = tapDestination
    }
}

/// The shared action button of a carousel (`carousel_cta_text` and `carousel_cta_url`).
public struct CarouselCTA: Sendable, Codable, Equatable {
    /// Button label.
    public var text: String
    /// HTTP or HTTPS destination.
    public var url: String

    public init(text: String, url: String) {
        self.text = text
        self.url = url
    }
}

/// A carousel companion (`ad_type=carousel`).
public struct Carousel: Sendable, Codable, Equatable {
    /// `carousel_banner`: HTTP or HTTPS URL of the collapsed banner.
    public var banner: String
    /// `brand_icon`: HTTP or HTTPS URL of the expanded header icon.
    public var brandIcon: String
    /// `carousel_title`, never empty.
    public var title: String
    /// `carousel_description`, possibly empty.
    public var description: String
    /// The usable images in their original order (1 to 20 of them).
    public var images: [CarouselImage]
    /// The shared action button, or `nil` when neither key of the pair is given.
    public var cta: CarouselCTA?
    /// `campaign` or `campaign name`, or `nil` when neither is present.
    public var campaign: String?
    /// `companion_schema_version` (always 1 when present), or `nil` when absent.
    public var schemaVersion: Int?

    public init(
        banner: String, brandIcon: String, title: String, description: String, images: [CarouselImage],
        cta: CarouselCTA? = nil, campaign: String? = nil, schemaVersion: Int? = nil
    ) {
        self.banner = banner
        self.brandIcon = brandIcon
        self.title = title
        self.description = description
        self.images = images
        self.cta = cta
        self.campaign = campaign
        self.schemaVersion = schemaVersion
    }
}

/// Which takeover a ``Takeover`` is.
public enum TakeoverKind: String, Sendable, Codable, CaseIterable, Hashable {
    case inVideo
    case contextual
    case tabGAM = "tab.gam"
    case tabBackend = "tab.backend"

    /// The matching creative format.
    public var format: CreativeFormat {
        switch self {
        case .inVideo: .takeoverInVideo
        case .contextual: .takeoverContextual
        case .tabGAM: .takeoverTabGAM
        case .tabBackend: .takeoverTabBackend
        }
    }
}

/// A takeover the app renders itself (the SDK does not parse these; the app does).
///
/// Fields that a variant does not use are `nil`.
public struct Takeover: Sendable, Codable, Equatable {
    public var kind: TakeoverKind
    /// The page the app loads: `Image_url` (in-video, despite its name), `Takeover_ads_url`
    /// (contextual and tab GAM) or `takeoverAdsUrl` (backend).
    public var pageURL: String
    /// `campaign` (in-video only).
    public var campaign: String?
    /// `redirection_url` (tab GAM).
    public var redirectionURL: String?
    /// `sidelogo` (tab GAM).
    public var sideLogo: String?
    /// `c_title` (tab GAM).
    public var title: String?
    /// `thirdPartyImpression` (tab GAM).
    public var thirdPartyImpression: String?
    /// `thirdPartyClick` (tab GAM).
    public var thirdPartyClick: String?
    /// `advertiser_name` (tab GAM).
    public var advertiserName: String?

    public init(
        kind: TakeoverKind, pageURL: String, campaign: String? = nil, redirectionURL: String? = nil,
        sideLogo: String? = nil, title: String? = nil, thirdPartyImpression: String? = nil,
        thirdPartyClick: String? = nil, advertiserName: String? = nil
    ) {
        self.kind = kind
        self.pageURL = pageURL
        self.campaign = campaign
        self.redirectionURL = redirectionURL
        self.sideLogo = sideLogo
        self.title = title
        self.thirdPartyImpression = thirdPartyImpression
        self.thirdPartyClick = thirdPartyClick
        self.advertiserName = advertiserName
    }
}
