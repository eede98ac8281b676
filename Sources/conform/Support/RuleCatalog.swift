import ConformCore
import Profiles
import Validation

/// Every rule the command line knows: the validation rules (VAST, VMAP, XML, XSD, trafficking
/// parameters, wrapper chains) and the player-profile rules.
enum RuleCatalog {
    static var all: [RuleDescription] { AllRules.descriptions + ProfileRules.all }

    /// A rule by id or deprecated alias.
    static func description(for id: String) -> RuleDescription? {
        all.first { $0.id == id || $0.deprecatedAliases.contains(id) }
    }
}
