extension RuleFamilies {
    /// Identity and structure: AdServingId, UniversalAdId, ids and sequences, required elements, verification, icons, deprecations.
    static let identity: [any Rule.Type] = [
        AdServingIdDuplicateRule.self,
        AdServingIdEmptyRule.self,
        AdServingIdPresentRule.self,
        UniversalAdIdContentRule.self,
        UniversalAdIdMultipleRule.self,
        UniversalAdIdPresentRule.self,
        UniversalAdIdRegistryRule.self,
        UniversalAdIdValueRemovedRule.self,
        UniversalAdIdValueRule.self,
    ]
}
