import ConformCore
import Trafficking

/// The registry: every rule conform runs. Each family lists its rules in its own file under
/// `Registry/`; a test checks that every `*Rule.swift` under `Rules/` is listed, and that ids are unique.
public enum AllRules {
    public static let types: [any Rule.Type] = (
        RuleFamilies.xml + RuleFamilies.document
            + RuleFamilies.tracking + RuleFamilies.url + RuleFamilies.macro + RuleFamilies.identity
    ).sorted { String(describing: $0) < String(describing: $1) }

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

/// One list per rule family, each in its own file, so families grow without touching each other.
enum RuleFamilies {}
