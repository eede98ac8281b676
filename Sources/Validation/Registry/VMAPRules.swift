extension RuleFamilies {
    /// VMAP 1.0 playlists: root, ad breaks, ad sources, tracking (embedded VAST is checked by the VAST rules).
    static let vmap: [any Rule.Type] = [
        AdBreakBreakTypeRule.self,
        AdBreakBreakTypeValueRule.self,
        AdBreakMultipleAdSourceRule.self,
        AdBreakTimeOffsetRule.self,
        AdBreakUnknownChildRule.self,
        AdSourceContentRule.self,
        AdSourceUnknownChildRule.self,
        AdTagURIEmptyRule.self,
        BreakIdDuplicateRule.self,
        CDATARequiredRule.self,
        PositionalOffsetMixedRule.self,
        RepeatAfterConflictRule.self,
        TemplateTypeRule.self,
        TemplateTypeValueRule.self,
        VASTAdDataRootRule.self,
        VMAPNamespaceRule.self,
        VMAPRepeatAfterFormatRule.self,
        VMAPRootUnknownChildRule.self,
        VMAPRootVersionRule.self,
        VMAPRootVersionValueRule.self,
        VMAPTimeOffsetFormatRule.self,
        VMAPTrackingEventValueRule.self,
        VMAPTrackingEventsUnknownChildRule.self,
        VMAPUnknownAttributeRule.self,
    ]
}
