import ConformCore

// Rules of the takeover formats (in-video, contextual, ads under a tab from GAM or the backend).
// The checks live in Analysis/TakeoverAnalysis.swift and Analysis/BackendJSONAnalysis.swift.

extension TraffickingRules {
    /// `PARAM-takeover-required-key`
    public static let takeoverRequiredKey = RuleDescription(
        id: "PARAM-takeover-required-key",
        name: "Takeover key required",
        summary: "A takeover lacks a key its variant needs (campaign and Image_url; Takeover_ads_url; advertiserTab.adType and takeoverAdsUrl), or it is empty",
        rationale: """
            The reference lists the keys of each takeover variant. Without the page URL there is nothing \
            to load, and the in-video takeover's campaign identifies it in the ad lifecycle. A missing key \
            is reported at offset 0, an empty one at its key.
            """,
        fix: "Add the missing key with a value.",
        severity: .error,
        specReferences: [
            .companion("Implement takeover ads in the application", "In-video | VAST traffickingParameters | ad_type=webview, campaign, and Image_url (the page URL despite its name)."),
            .companion("Implement takeover ads in the application", "Contextual | GAM native custom format | ad_type=takeoverAds and Takeover_ads_url."),
            .companion("Implement takeover ads in the application", "Ads under a tab, backend | Details-page backend data | advertiserTab.adType and takeoverAdsUrl in the iOS model."),
        ],
        validExamples: [
            RuleExample("ad_type=webview,campaign=spring,Image_url=https://ads.example.com/t"),
            RuleExample("ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t"),
            RuleExample(#"{"advertiserTab":{"adType":"takeoverAds","takeoverAdsUrl":"https://ads.example.com/t"}}"#),
        ],
        invalidExamples: [
            RuleExample("↓ad_type=webview,campaign=spring,image_url=https://ads.example.com/t"),
            RuleExample("ad_type=webview,↓campaign=,Image_url=https://ads.example.com/t"),
            RuleExample("↓ad_type=takeoverAds,Takeover_ads_URL=https://ads.example.com/t"),
            RuleExample(#"{↓"advertiserTab":{"adType":"takeoverAds"}}"#),
            RuleExample(#"{"advertiserTab":{"adType":"takeoverAds",↓"takeOverAdsUrl":"https://ads.example.com/t"}}"#),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-takeover-tab-key-missing`
    public static let takeoverTabKeyMissing = RuleDescription(
        id: "PARAM-takeover-tab-key-missing",
        name: "Ads-under-a-tab key missing",
        summary: "A GAM ads-under-a-tab takeover lacks one of its keys (redirection_url, sidelogo, c_title, thirdPartyImpression, thirdPartyClick, advertiser_name), or it is empty",
        rationale: """
            The reference lists eight keys for ads under a tab from GAM but does not say which the app \
            can do without. conform requires Takeover_ads_url (an error when missing) and warns for each \
            other missing or empty key, since the tab then renders without a logo, title, click-through \
            or third-party tracking. Any of these keys turns ad_type=takeoverAds into this variant; with \
            none of them the string is a contextual takeover.
            """,
        fix: "Add the missing keys, or remove the tab keys for a contextual takeover.",
        severity: .warning,
        specReferences: [
            .companion("Implement takeover ads in the application", "Ads under a tab, GAM | GAM native custom format | ad_type=takeoverAds, Takeover_ads_url, redirection_url, sidelogo, c_title, thirdPartyImpression, thirdPartyClick, and advertiser_name."),
        ],
        validExamples: [
            RuleExample("ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t,redirection_url=https://shop.example.com,sidelogo=https://cdn.example.com/s.png,c_title=Shoes,thirdPartyImpression=https://t.example.com/i,thirdPartyClick=https://t.example.com/c,advertiser_name=Acme"),
        ],
        invalidExamples: [
            RuleExample("↓ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t,redirection_url=https://shop.example.com,sidelogo=https://cdn.example.com/s.png,c_title=Shoes,↓thirdPartyClick=,advertiser_name=Acme"),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-takeover-url-policy`
    public static let takeoverURLPolicy = RuleDescription(
        id: "PARAM-takeover-url-policy",
        name: "Takeover page outside the URL policy",
        summary: "A takeover page URL (Image_url, Takeover_ads_url, takeoverAdsUrl) uses a scheme or host the URL policy does not allow; by default only HTTPS",
        rationale: """
            The app loads the takeover page in its own WebView, and the reference asks apps to validate \
            such URLs against their security policy before loading them. The default policy allows only \
            HTTPS pages (on any host); the examples also restrict hosts to example.com.
            """,
        fix: "Serve the takeover page over HTTPS from an allowed host.",
        severity: .error,
        specReferences: [.destinationPolicy],
        validExamples: [
            RuleExample("ad_type=webview,campaign=spring,Image_url=https://ads.example.com/t?x=1&y=2"),
        ],
        invalidExamples: [
            RuleExample("ad_type=webview,campaign=spring,Image_url=↓http://ads.example.com/t"),
            RuleExample("ad_type=takeoverAds,Takeover_ads_url=↓https://ads.example.net/t"),
            RuleExample(#"{"advertiserTab":{"adType":"takeoverAds","takeoverAdsUrl":↓"ftp://ads.example.com/t"}}"#),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-takeover-json-invalid`
    public static let takeoverJSONInvalid = RuleDescription(
        id: "PARAM-takeover-json-invalid",
        name: "Backend takeover data is not valid",
        summary: "Input that starts with '{' is not a JSON object, or advertiserTab, adType or takeoverAdsUrl has the wrong type",
        rationale: """
            The backend form of ads under a tab is JSON: an object whose advertiserTab object has adType \
            and takeoverAdsUrl strings (takeoverAdsUrl may also sit at the top level). Text that cannot be \
            decoded this way cannot be rendered.
            """,
        fix: "Send a JSON object such as {\"advertiserTab\": {\"adType\": \"takeoverAds\", \"takeoverAdsUrl\": \"https://...\"}}.",
        severity: .error,
        specReferences: [
            .companion("Implement takeover ads in the application", "Ads under a tab, backend | Details-page backend data | advertiserTab.adType and takeoverAdsUrl in the iOS model."),
        ],
        validExamples: [
            RuleExample(#"{"advertiserTab":{"adType":"takeoverAds","takeoverAdsUrl":"https://ads.example.com/t"}}"#),
        ],
        invalidExamples: [
            RuleExample(#"↓{"advertiserTab":{"adType":"takeoverAds","takeoverAdsUrl":"https://ads.example.com/t"}"#),
            RuleExample(#"{"advertiserTab":↓"takeoverAds"}"#),
            RuleExample(#"{"advertiserTab":{"adType":"takeoverAds","takeoverAdsUrl":↓42}}"#),
        ],
        schemaBasis: .traffickingParameters)

    /// `PARAM-takeover-webview-unconfirmed`
    public static let takeoverWebviewUnconfirmed = RuleDescription(
        id: "PARAM-takeover-webview-unconfirmed",
        name: "ad_type=webview is an Android convention",
        summary: "An in-video takeover (ad_type=webview) was found; its iOS handling is not confirmed",
        rationale: """
            The reference identifies ad_type=webview as an Android convention and notes that iOS handling \
            isn't confirmed, and that the ad model must expose the raw traffickingParameters to the app. \
            This is a reminder to verify the integration, not a defect of the string.
            """,
        fix: "Verify that the iOS app reads traffickingParameters and handles ad_type=webview.",
        severity: .info,
        specReferences: [
            .companion("Implement takeover ads in the application", "The design identifies ad_type=webview as an Android convention and notes that iOS handling isn't confirmed."),
        ],
        validExamples: [
            RuleExample("ad_type=takeoverAds,Takeover_ads_url=https://ads.example.com/t"),
        ],
        invalidExamples: [
            RuleExample("ad_type=↓webview,campaign=spring,Image_url=https://ads.example.com/t"),
        ],
        schemaBasis: .traffickingParameters)
}
