import ConformCore
import Probe
import Profiles
import Validation

/// Every rule the command line knows: the validation rules (VAST, VMAP, XML, XSD, trafficking
/// parameters, wrapper chains), the player-profile rules and the asset-probe rules.
enum RuleCatalog {
    /// Made once: the command line looks rules up per --rule setting and per row of a table.
    static let all: [RuleDescription] = AllRules.descriptions + ProfileRules.all + ProbeRules.all

    /// Former ids of renamed or merged rules → their current ids.
    static let aliases: [String: String] =
        Dictionary(all.flatMap { rule in rule.deprecatedAliases.map { ($0, rule.id) } }, uniquingKeysWith: { first, _ in first })

    /// A rule by id or deprecated alias.
    static func description(for id: String) -> RuleDescription? {
        all.first { $0.id == id || $0.deprecatedAliases.contains(id) }
    }
}
