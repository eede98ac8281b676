import ConformCore

/// The parameter names of the reference, with their exact capitalisation, and lookups over them.
///
/// Keys are case-sensitive: `bannerTitle` is a key, `Bannertitle` is not. `icon`/`Icon` and
/// `campaign`/`campaign name` are the only aliases the reference defines.
enum ParameterKeys {
    static let adType = "ad_type"

    // Custom CTA
    static let iconLower = "icon"
    static let iconUpper = "Icon"
    static let bannerTitle = "bannerTitle"
    static let ctaUrl = "ctaUrl"
    static let bannerDescription = "bannerDescription"
    static let ctaText = "ctaText"

    // Shared by custom CTA and carousel
    static let campaign = "campaign"
    static let campaignName = "campaign name"
    static let schemaVersion = "companion_schema_version"

    // Carousel
    static let carouselBanner = "carousel_banner"
    static let brandIcon = "brand_icon"
    static let carouselTitle = "carousel_title"
    static let carouselDescription = "carousel_description"
    static let carouselImages = "carousel_images"
    static let carouselImagesURLs = "carousel_images_urls"
    static let carouselCTAText = "carousel_cta_text"
    static let carouselCTAURL = "carousel_cta_url"

    // Takeovers
    static let imageURL = "Image_url"
    static let takeoverAdsURL = "Takeover_ads_url"
    static let redirectionURL = "redirection_url"
    static let sideLogo = "sidelogo"
    static let tabTitle = "c_title"
    static let thirdPartyImpression = "thirdPartyImpression"
    static let thirdPartyClick = "thirdPartyClick"
    static let advertiserName = "advertiser_name"

    /// `ad_type` values and the format each selects (`takeoverAds` needs the tab keys to decide).
    static let adTypeValues = ["carousel", "webview", "takeoverAds"]

    /// Keys whose presence (without `ad_type`) identifies a custom CTA.
    static let customCTADetection = [iconLower, iconUpper, bannerTitle, ctaUrl]

    /// Keys that turn a `takeoverAds` string from contextual into ads under a tab.
    static let tabKeys = [redirectionURL, sideLogo, tabTitle, thirdPartyImpression, thirdPartyClick, advertiserName]

    static let customCTAKeys = [
        iconLower, iconUpper, bannerTitle, ctaUrl, bannerDescription, ctaText, campaign, campaignName, schemaVersion,
    ]
    static let carouselKeys = [
        adType, carouselBanner, brandIcon, carouselTitle, carouselDescription, carouselImages, carouselImagesURLs,
        carouselCTAText, carouselCTAURL, campaign, campaignName, schemaVersion,
    ]
    static let inVideoKeys = [adType, campaign, imageURL]
    static let contextualKeys = [adType, takeoverAdsURL]
    static let tabGAMKeys = [adType, takeoverAdsURL] + tabKeys

    /// The keys a format reads.
    static func keys(for format: CreativeFormat) -> [String] {
        switch format {
        case .customCTA: customCTAKeys
        case .carousel: carouselKeys
        case .takeoverInVideo: inVideoKeys
        case .takeoverContextual: contextualKeys
        case .takeoverTabGAM: tabGAMKeys
        case .takeoverTabBackend: []
        }
    }

    /// Every key of every format, each once, in a stable order.
    static let all: [String] = {
        var seen = Set<String>()
        var result: [String] = []
        for key in [adType] + customCTAKeys + carouselKeys + inVideoKeys + tabGAMKeys where seen.insert(key).inserted {
            result.append(key)
        }
        return result
    }()

    static let allSet = Set(all)

    /// The formats that read `key`, in declaration order.
    static func formats(using key: String) -> [CreativeFormat] {
        CreativeFormat.allCases.filter { keys(for: $0).contains(key) }
    }

    /// A known key prepared for suggestion lookups.
    struct Candidate: Sendable {
        let key: String
        /// The key lower-cased, as UTF-8 bytes.
        let lowered: [UInt8]
    }

    private static func candidates(_ keys: [String]) -> [Candidate] {
        keys.map { Candidate(key: $0, lowered: Array($0.lowercased().utf8)) }
    }

    /// Candidates in preference order: the format's own keys first, then every key.
    private static let candidatesByFormat: [CreativeFormat: [Candidate]] = Dictionary(
        uniqueKeysWithValues: CreativeFormat.allCases.map { ($0, candidates(keys(for: $0) + all)) })
    private static let allCandidates = candidates(all)

    /// A known key that `key` was probably meant to be.
    ///
    /// Prefers keys of `format`; finds a key that differs only in capitalisation (`caseOnly`), or
    /// else one within two edits (ignoring case). Keys shorter than 3 or longer than 40 characters get
    /// no edit-distance suggestion, which keeps the work per key small and bounded.
    static func suggestion(for key: String, preferring format: CreativeFormat?) -> (key: String, caseOnly: Bool)? {
        let candidates = format.flatMap { candidatesByFormat[$0] } ?? allCandidates
        let lowered = Array(key.lowercased().utf8)
        if let match = candidates.first(where: { $0.lowered == lowered && $0.key != key }) {
            return (match.key, true)
        }
        guard lowered.count >= 3, lowered.count <= 40 else { return nil }
        var best: (key: String, distance: Int)?
        for candidate in candidates where candidate.key != key && abs(candidate.lowered.count - lowered.count) <= 2 {
            let distance = Levenshtein.distance(lowered, candidate.lowered, limit: 2)
            if distance <= 2, distance < (best?.distance ?? Int.max) {
                best = (candidate.key, distance)
            }
        }
        return best.map { ($0.key, false) }
    }
}
