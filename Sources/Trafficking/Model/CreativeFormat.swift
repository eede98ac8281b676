/// The creative formats a trafficking parameter string can describe.
///
/// The raw value is the stable format id used in reports, corpus files and JSON output.
/// Detection is explicit (see ``TraffickingAnalyzer``): a string that fits no format gets no format
/// and a `PARAM-format-undetected` or `PARAM-ad-type-unknown` diagnostic, never a guess.
public enum CreativeFormat: String, Sendable, Codable, CaseIterable, Hashable {
    /// A custom call-to-action companion: no `ad_type`, identified by `icon`/`Icon`, `bannerTitle` or `ctaUrl`.
    case customCTA
    /// A carousel companion: `ad_type=carousel`.
    case carousel
    /// An in-video takeover: `ad_type=webview` with `campaign` and `Image_url`.
    case takeoverInVideo = "takeover.inVideo"
    /// A contextual takeover (GAM native custom format): `ad_type=takeoverAds` with only `Takeover_ads_url`.
    case takeoverContextual = "takeover.contextual"
    /// Ads under a tab from GAM: `ad_type=takeoverAds` plus at least one of the tab keys
    /// (`redirection_url`, `sidelogo`, `c_title`, `thirdPartyImpression`, `thirdPartyClick`, `advertiser_name`).
    case takeoverTabGAM = "takeover.tab.gam"
    /// Ads under a tab from the details-page backend: a JSON object with `advertiserTab.adType` and `takeoverAdsUrl`.
    case takeoverTabBackend = "takeover.tab.backend"

    /// True for the four takeover variants.
    public var isTakeover: Bool {
        switch self {
        case .customCTA, .carousel: false
        case .takeoverInVideo, .takeoverContextual, .takeoverTabGAM, .takeoverTabBackend: true
        }
    }

    /// A short name for people: `custom CTA`, `carousel`, `in-video takeover`, ...
    public var displayName: String {
        switch self {
        case .customCTA: "custom CTA"
        case .carousel: "carousel"
        case .takeoverInVideo: "in-video takeover"
        case .takeoverContextual: "contextual takeover"
        case .takeoverTabGAM: "ads-under-a-tab takeover (GAM)"
        case .takeoverTabBackend: "ads-under-a-tab takeover (backend JSON)"
        }
    }
}
