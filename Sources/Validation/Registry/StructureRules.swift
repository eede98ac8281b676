extension RuleFamilies {
    /// Structure: repeated and misplaced content (duplicate impressions and verifications, extensions), media-file
    /// readiness, companion click ids, closed captions.
    static let structure: [any Rule.Type] = [
        ClickThroughTrackedRule.self,
        ClosedCaptionAttributesRule.self,
        CompanionClickTrackingIDRule.self,
        ExtensionCDATARule.self,
        ExtensionVASTElementRule.self,
        ImpressionDuplicateRule.self,
        InteractiveCreativeVPAIDRule.self,
        MediaFileHTTPSRule.self,
        MediaFileReadyToServeRule.self,
        MezzanineRecommendedRule.self,
        StaticResourceClickThroughRule.self,
        VerificationInExtensionRule.self,
        VerificationParametersCDATARule.self,
        VerificationResourceDuplicateRule.self,
        VerificationVendorDuplicateRule.self,
    ]
}
