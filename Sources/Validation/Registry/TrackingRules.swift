extension RuleFamilies {
    /// Tracking events: names per version and parent, offsets, coverage, duplicates.
    static let tracking: [any Rule.Type] = [
        TrackingCompanionEventRule.self,
        TrackingDuplicateURLRule.self,
        TrackingEndCardCloseLinearRule.self,
        TrackingEventPresentRule.self,
        TrackingEventRemovedRule.self,
        TrackingEventValueRule.self,
        TrackingInteractiveStartRule.self,
        TrackingLinearCoverageRule.self,
        TrackingNonLinearEventRule.self,
        TrackingOffsetEventRule.self,
        TrackingOffsetParentRule.self,
        TrackingProgressOffsetRule.self,
        TrackingQuartileGapsRule.self,
        TrackingSharedURLRule.self,
        TrackingSkipWithoutSkipoffsetRule.self,
        TrackingVerificationEventRule.self,
        TrackingVerificationNotExecutedParentRule.self,
    ]
}
