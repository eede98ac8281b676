extension RuleFamilies {
    /// What the directive comments of a tag say about themselves.
    static let directives: [any Rule.Type] = [
        DirectiveInvalidRule.self,
        DirectiveUnusedRule.self,
    ]
}
