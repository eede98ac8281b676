extension RuleFamilies {
    /// URLs: empty, whitespace, structure, scheme, https, CDATA, encoding.
    static let url: [any Rule.Type] = [
        URLCDATARule.self,
        URLCredentialsRule.self,
        URLDoubleEncodedRule.self,
        URLEmptyRule.self,
        URLEscapedAmpersandRule.self,
        URLFragmentRule.self,
        URLHTTPRule.self,
        URLInvalidRule.self,
        URLLocalHostRule.self,
        URLPercentEncodingRule.self,
        URLPlaceholderHostRule.self,
        URLRelativeTagURIRule.self,
        URLSchemeRule.self,
        URLUnencodedRule.self,
        URLWhitespaceRule.self,
    ]
}
