import ConformCore
import Trafficking

/// The registry: every rule conform runs, sorted by type name. A test checks that every `*Rule.swift`
/// under `Rules/` is listed here.
public enum AllRules {
    public static let types: [any Rule.Type] = [
        InLineAdSystemRule.self,
        NotWellFormedRule.self,
        RootVersionRule.self,
    ]

    /// Descriptions of every rule: VAST, VMAP and XML rules, then the trafficking-parameter rules.
    public static var descriptions: [RuleDescription] {
        types.map { $0.description } + TraffickingRulesCatalog.all
    }

    /// Looks up a rule description by id (or deprecated alias).
    public static func description(for id: String) -> RuleDescription? {
        descriptions.first { $0.id == id || $0.deprecatedAliases.contains(id) }
    }
}

/// The trafficking-parameter rules, when the Trafficking module provides them.
enum TraffickingRulesCatalog {
    static var all: [RuleDescription] { [] }
}
