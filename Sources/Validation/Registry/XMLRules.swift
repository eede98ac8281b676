extension RuleFamilies {
    /// XML well-formedness and safety findings.
    static let xml: [any Rule.Type] = [
        DTDPresentRule.self,
        EntityExpansionRule.self,
        EntityReferenceRule.self,
        InputTooLargeRule.self,
        NamespaceErrorRule.self,
        NotWellFormedRule.self,
    ]
}
