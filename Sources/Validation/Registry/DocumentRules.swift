extension RuleFamilies {
    /// Document shape: root, version, Ad / InLine / Wrapper structure, required children.
    static let document: [any Rule.Type] = [
        InLineAdSystemRule.self,
        RootVersionRule.self,
    ]
}
