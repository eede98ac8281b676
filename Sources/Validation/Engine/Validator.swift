import ConformCore
import Dispatch
import Foundation
import VAST

/// A rule whose finding is made while decoding (malformed XML, a value that does not parse). The rule
/// documents the finding and forwards the decoder's diagnostics with its id.
public protocol DecodeFindingRule: Rule {}

extension DecodeFindingRule {
    public func check(_ context: RuleContext) {
        let id = Self.description.id
        for diagnostic in context.input.diagnostics where diagnostic.ruleID == id {
            context.report(diagnostic.message, at: diagnostic.position, path: diagnostic.path, details: diagnostic.details)
        }
    }
}

/// Runs rules over a decoded input.
public enum Validator {
    /// All findings for `input`: the rules' findings plus any decoder finding no rule claims, with
    /// the configuration's overrides applied, sorted deterministically, attributed to `file`.
    public static func validate(
        _ input: DecodedInput,
        file: String? = nil,
        configuration: Configuration = .default,
        rules: [any Rule.Type] = AllRules.types
    ) -> [Diagnostic] {
        let context = RuleContext(input: input, configuration: configuration)
        for type in rules {
            let description = type.description
            if configuration.rules[description.id] == .off { continue }
            if let versions = description.versions {
                // VAST-versioned rules run on VAST documents whose effective version is in range.
                guard input.vast != nil, versions.contains(context.version) else { continue }
            }
            context.begin(description)
            type.init().check(context)
        }
        var all = context.findings
        if !input.diagnostics.isEmpty {
            let claimed = Set(rules.map { $0.description.id })
            all += input.diagnostics.filter { !claimed.contains($0.ruleID) }
        }
        // VAST embedded in a VMAP is checked with the VAST rules, its findings positioned in the VMAP file.
        let embeddedInputs = input.embeddedVASTInputs
        if !embeddedInputs.isEmpty {
            let vastRules = rules.filter { $0.description.versions != nil }
            for embedded in embeddedInputs where !vastRules.isEmpty {
                all += validate(embedded, configuration: configuration, rules: vastRules)
            }
        }
        return configuration.apply(to: all).map { $0.inFile(file) }.sorted()
    }

    /// Runs every rule over `input` as `validate` does and adds each rule's time in seconds to
    /// `timings` (keyed by rule id): for benchmarks and profiling. The main shared facts (URL list and
    /// scan, tracking events, macro tokens, structure walk) are timed first under `facts: …` keys; other
    /// shared values are charged to the first rule that asks for them.
    public static func timeRules(_ input: DecodedInput, configuration: Configuration = .default,
                                 rules: [any Rule.Type] = AllRules.types, into timings: inout [String: Double]) {
        let context = RuleContext(input: input, configuration: configuration)
        // The shared facts first, each under its own name, so the rules' figures show their own work.
        func time(_ name: String, _ work: () -> Void) {
            let start = DispatchTime.now().uptimeNanoseconds
            work()
            timings[name, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        time("facts: tracking events") { _ = context.trackingEvents }
        time("facts: urls") { _ = context.urls }
        time("facts: url scan") { _ = context.urlFacts }
        time("facts: macro tokens") { _ = MacroFacts.tokens(context) }
        time("facts: structure walk") { _ = StructureScan.of(context) }
        for type in rules {
            let description = type.description
            if let versions = description.versions {
                guard input.vast != nil, versions.contains(context.version) else { continue }
            }
            let start = DispatchTime.now().uptimeNanoseconds
            context.begin(description)
            type.init().check(context)
            timings[description.id, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
    }

    /// Parses, decodes and validates raw bytes.
    public static func validate(
        data: Data, file: String? = nil, configuration: Configuration = .default
    ) -> (DecodedInput, [Diagnostic]) {
        let input = VASTDecoder.decode(data)
        return (input, validate(input, file: file, configuration: configuration))
    }
}
