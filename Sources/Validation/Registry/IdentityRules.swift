extension RuleFamilies {
    /// Identity: AdServingId, UniversalAdId, ids and sequences, required elements, icons, deprecations.
    static let identity: [any Rule.Type] = [
        AdIdDuplicateRule.self,
        AdSequenceDuplicateRule.self,
        AdSequenceGapRule.self,
        AdSequenceMixedRule.self,
        AdSequencePositiveRule.self,
        AdServingIdDuplicateRule.self,
        AdServingIdEmptyRule.self,
        AdServingIdFormatRule.self,
        AdServingIdInPixelsRule.self,
        ClickTrackingDuplicateRule.self,
        CreativeSequenceDuplicateRule.self,
        ErrorDuplicateRule.self,
        UniversalAdIdMultipleRule.self,
        UniversalAdIdRegistryDuplicateRule.self,
        UniversalAdIdUnknownRule.self,
        UniversalAdIdValueRemovedRule.self,
    ]
}
