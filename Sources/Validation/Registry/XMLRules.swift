extension RuleFamilies {
    /// XML well-formedness and safety findings.
    static let xml: [any Rule.Type] = [
        NotWellFormedRule.self,
    ]
}
