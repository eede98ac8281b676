extension RuleFamilies {
    /// Identity and structure: AdServingId, UniversalAdId, ids and sequences, required elements, verification, icons, deprecations.
    static let identity: [any Rule.Type] = [
        AdIdDuplicateRule.self,
        AdSequenceDuplicateRule.self,
        AdSequenceMixedRule.self,
        AdSequencePositiveRule.self,
        AdServingIdDuplicateRule.self,
        AdServingIdEmptyRule.self,
        ClosedCaptionAttributesRule.self,
        CompanionClickTrackingIDRule.self,
        CreativeSequenceDuplicateRule.self,
        ImpressionDuplicateRule.self,
        InteractiveCreativeAPIFrameworkRule.self,
        InteractiveCreativeSIMIDTypeRule.self,
        MediaFileHTTPSRule.self,
        MezzanineRecommendedRule.self,
        UniversalAdIdMultipleRule.self,
        UniversalAdIdValueRemovedRule.self,
        VPAIDDeprecatedRule.self,
        VerificationInExtensionRule.self,
        VerificationParametersCDATARule.self,
        VerificationVendorDomainRule.self,
        VerificationVendorDuplicateRule.self,
        WrapperClickThroughRule.self,
    ]
}
