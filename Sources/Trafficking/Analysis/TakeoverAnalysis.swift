import ConformCore

/// Checks of the takeover parameter strings (in-video, contextual, ads under a tab from GAM).
enum TakeoverAnalysis {
    static func run(_ context: inout AnalysisContext) -> TraffickingCreative? {
        switch context.format {
        case .takeoverInVideo: inVideo(&context)
        case .takeoverContextual: page(&context, kind: .contextual).map { .takeover(Takeover(kind: .contextual, pageURL: $0)) }
        case .takeoverTabGAM: tabGAM(&context)
        default: nil
        }
    }

    private static func inVideo(_ context: inout AnalysisContext) -> TraffickingCreative? {
        if let adType = context.field(ParameterKeys.adType) {
            context.report(
                TraffickingRules.takeoverWebviewUnconfirmed,
                """
                ad_type=webview (in-video takeover) is an Android convention; iOS handling isn't confirmed. \
                Verify that the app receives the raw traffickingParameters and renders this takeover.
                """,
                value: adType)
        }
        let campaign = context.requireValue(
            ParameterKeys.campaign, rule: TraffickingRules.takeoverRequiredKey,
            what: "The in-video takeover campaign (campaign)")
        if let campaign { context.checkText(campaign) }
        let pageURL = page(&context, kind: .inVideo)
        guard let campaign, let pageURL else { return nil }
        return .takeover(Takeover(kind: .inVideo, pageURL: pageURL, campaign: campaign.valueString))
    }

    /// The page URL (`Image_url` or `Takeover_ads_url`), required and within the takeover policy.
    private static func page(_ context: inout AnalysisContext, kind: TakeoverKind) -> String? {
        let key = kind == .inVideo ? ParameterKeys.imageURL : ParameterKeys.takeoverAdsURL
        let what = kind == .inVideo
            ? "The takeover page URL (Image_url, the page URL despite its name)"
            : "The takeover page URL (Takeover_ads_url)"
        guard let segment = context.requireValue(key, rule: TraffickingRules.takeoverRequiredKey, what: what) else {
            return nil
        }
        return context.checkURL(segment, role: .takeoverPage) ? segment.valueString : nil
    }

    private static func tabGAM(_ context: inout AnalysisContext) -> TraffickingCreative? {
        let pageURL = page(&context, kind: .tabGAM)
        var values: [String: String] = [:]
        var usable = true
        for key in ParameterKeys.tabKeys {
            guard let segment = context.field(key) else {
                context.report(
                    TraffickingRules.takeoverTabKeyMissing,
                    "The ads-under-a-tab takeover has no \(key).\(context.caseHint(for: key))", at: 0, key: key)
                continue
            }
            guard !segment.value.isEmpty else {
                context.report(
                    TraffickingRules.takeoverTabKeyMissing, "\(key) is empty in the ads-under-a-tab takeover.",
                    key: segment)
                continue
            }
            switch key {
            case ParameterKeys.redirectionURL:
                if !context.checkURL(segment, role: .destination) { usable = false }
            case ParameterKeys.sideLogo, ParameterKeys.thirdPartyImpression, ParameterKeys.thirdPartyClick:
                if !context.checkURL(segment, role: .asset) { usable = false }
            default:
                context.checkText(segment)
            }
            values[key] = segment.valueString
        }
        guard let pageURL, usable else { return nil }
        return .takeover(Takeover(
            kind: .tabGAM, pageURL: pageURL, redirectionURL: values[ParameterKeys.redirectionURL],
            sideLogo: values[ParameterKeys.sideLogo], title: values[ParameterKeys.tabTitle],
            thirdPartyImpression: values[ParameterKeys.thirdPartyImpression],
            thirdPartyClick: values[ParameterKeys.thirdPartyClick],
            advertiserName: values[ParameterKeys.advertiserName]))
    }
}
