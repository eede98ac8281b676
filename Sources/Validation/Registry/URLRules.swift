extension RuleFamilies {
    /// URLs: empty, whitespace, structure, scheme, https, CDATA, encoding.
    static let url: [any Rule.Type] = [
        URLCDATARule.self,
        URLCredentialsRule.self,
        URLEmptyRule.self,
        URLEscapedAmpersandRule.self,
        URLHTTPRule.self,
        URLInvalidRule.self,
        URLLocalHostRule.self,
        URLSchemeRule.self,
        URLUnencodedRule.self,
        URLWhitespaceRule.self,
    ]
}
