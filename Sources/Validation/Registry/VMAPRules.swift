extension RuleFamilies {
    /// VMAP 1.0 playlists: root, ad breaks, ad sources, tracking (embedded VAST is checked by the VAST rules).
    static let vmap: [any Rule.Type] = [
        VMAPNamespaceRule.self,
        VMAPRepeatAfterFormatRule.self,
        VMAPTimeOffsetFormatRule.self,
    ]
}
