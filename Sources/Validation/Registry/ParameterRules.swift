extension RuleFamilies {
    /// Trafficking-parameter strings found inside VAST (AdParameters).
    static let parameters: [any Rule.Type] = [
        AdParametersTraffickingRule.self,
    ]
}
