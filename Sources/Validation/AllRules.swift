import ConformCore
import Chain
import Trafficking

/// The registry: every rule conform runs. Each family lists its rules in its own file under
/// `Registry/`; a test checks that every `*Rule.swift` under `Rules/` is listed, and that ids are unique.
public enum AllRules {
    /// Concatenated, not sorted: sorting by type name needs runtime reflection, which costs more
    /// than a whole check of one tag. Findings are sorted, so the order of rules never shows.
    public static let types: [any Rule.Type] = families.flatMap(\.rules)

    /// The families, each named by the folder under `Rules/` that holds its rules' files (a test holds
    /// every rule file to its family's folder).
    static let families: [(folder: String, rules: [any Rule.Type])] = [
        ("XML", RuleFamilies.xml), ("Document", RuleFamilies.document), ("Children", RuleFamilies.children),
        ("Structure", RuleFamilies.structure), ("Values", RuleFamilies.values), ("VMAP", RuleFamilies.vmap),
        ("Parameters", RuleFamilies.parameters), ("Tracking", RuleFamilies.tracking), ("URL", RuleFamilies.url),
        ("Macro", RuleFamilies.macro), ("Identity", RuleFamilies.identity), ("Directives", RuleFamilies.directives),
        ("CTV", RuleFamilies.ctv),
    ]

    /// A registered rule's place in ``types``, by id.
    static func ordinal(of id: String) -> Int? { ordinalByID[id] }

    private static let ordinalByID = Dictionary(types.enumerated().map { ($1.description.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// Descriptions of every rule: VAST, VMAP and XML rules, the XSD check, the trafficking-parameter
    /// rules, and the wrapper-chain findings. (Player-profile rules live above this layer; the command
    /// line adds them.)
    public static var descriptions: [RuleDescription] {
        types.map { $0.description } + [SchemaValidation.description] + TraffickingRules.all + ChainRules.all
    }

    /// The descriptions of the rules that document the decoder's findings (``DecodeFindingRule``), by id.
    static let decodeFindingRules: [String: RuleDescription] = Dictionary(
        types.filter { $0 is any DecodeFindingRule.Type }.map { ($0.description.id, $0.description) }, uniquingKeysWith: { first, _ in first })

    /// Looks up a rule description by id (or deprecated alias).
    public static func description(for id: String) -> RuleDescription? {
        descriptions.first { $0.id == id || $0.deprecatedAliases.contains(id) }
    }
}

/// One list per rule family, each in its own file, so families grow without touching each other.
enum RuleFamilies {}
