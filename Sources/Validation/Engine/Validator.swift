import ConformCore
import Dispatch
import Foundation
import VAST

/// A rule whose finding is made while decoding (malformed XML, a value that does not parse). The rule
/// documents the finding and reports the decoder's findings with its id, under its severity and spec
/// reference (a ``DecodeFinding`` carries neither).
public protocol DecodeFindingRule: Rule {}

extension DecodeFindingRule {
    public func check(_ context: RuleContext) {
        let id = Self.description.id
        for finding in context.input.findings where finding.ruleID == id {
            context.report(finding.message, at: finding.position, path: finding.path, details: finding.details)
        }
    }
}

extension DecodeFinding {
    /// The finding as its documenting rule reports it: with the rule's default severity and spec reference.
    /// (Every decoder id has a documenting rule; a test holds that. An id without one would read as an error.)
    public var diagnostic: Diagnostic {
        let rule = AllRules.decodeFindingRules[ruleID]
        return Diagnostic.finding(ruleID: ruleID, severity: rule?.severity ?? .error, message: message, position: position,
                                  path: path, spec: rule?.primaryReference, details: details)
    }
}

/// A rule with its description read once, so a validation copies no description per document.
final class CompiledRule: Sendable {
    let type: any Rule.Type
    let description: RuleDescription
    let versions: ClosedRange<VASTVersion>?
    /// Where the rule runs, as bits: one per VAST version in `versions`, or ``CompiledRule/anyInput``
    /// for a rule without versions. Tested against ``CompiledRule/inputBits(isVAST:version:)``.
    let runsOn: UInt8
    /// What every finding of the rule carries, kept apart so reporting does not copy the description.
    let id: String
    let severity: Severity
    let primaryReference: SpecReference?

    init(_ type: any Rule.Type) {
        self.type = type
        self.description = type.description
        self.versions = description.versions
        if let versions = description.versions {
            runsOn = VASTVersion.allCases.reduce(0) { bits, version in versions.contains(version) ? bits | 1 << UInt8(version.ordinal) : bits }
        } else {
            runsOn = Self.anyInput
        }
        self.id = description.id
        self.severity = description.severity
        self.primaryReference = description.primaryReference
        ordinal = AllRules.ordinal(of: description.id) ?? -1
    }

    /// The rule's place in ``AllRules/types`` (-1 for a rule not registered there): where a configuration
    /// keeps its setting (see ``Configuration/settingByOrdinal``).
    let ordinal: Int

    /// The bit of rules without versions: they run on every input.
    static let anyInput: UInt8 = 1 << 7

    /// The bits a rule's `runsOn` must share with an input for the rule to run on it: VAST-versioned
    /// rules run on VAST documents whose effective version is in range; the others always.
    static func inputBits(isVAST: Bool, version: VASTVersion) -> UInt8 {
        anyInput | (isVAST ? 1 << UInt8(version.ordinal) : 0)
    }

    static func compile(_ types: [any Rule.Type]) -> CompiledRules { CompiledRules(types.map(CompiledRule.init)) }

    /// Every registered rule.
    static let all = compile(AllRules.types)
}

/// A set of compiled rules with the ids they claim and the VAST-only subset (for embedded VAST).
final class CompiledRules: Sendable {
    let rules: [CompiledRule]
    /// The VAST-versioned rules alone when they are not all of `rules` (see ``vastOnly``).
    private let vastSubset: CompiledRules?
    /// The verification content rules alone when they are some but not all of `rules` (see ``verificationOnly``).
    private let verificationSubset: CompiledRules?
    /// Every one of `rules` is a verification content rule.
    private let allVerification: Bool
    /// Every rule as the run loop reads it, in order (see ``RunSlot``).
    let slots: [RunSlot]
    /// Per kind of input (see ``planIndex(isVAST:version:)``): the slots of the rules that run on it, in order,
    /// so that a batch of inputs of one kind does not visit the rules of other versions.
    private let plans: [[RunSlot]]
    /// What each finding of `rules[i]` carries, by the rule's place in `rules` (see ``RunSlot/index``).
    let stamps: [Stamp]

    /// One rule as the run loop reads it: what deciding and starting the rule needs, packed side by side,
    /// so that doing so for each rule does not load a line of each rule object (the objects are far apart,
    /// and by the time the next document comes the rule pass has pushed them out of the cache). Holds no
    /// reference: walking the slots counts none.
    struct RunSlot {
        let type: any Rule.Type
        /// The rule's place in ``CompiledRules/rules`` (and ``CompiledRules/stamps``).
        let index: Int
        /// The rule's place in ``AllRules/types`` (see ``CompiledRule/ordinal``).
        let ordinal: Int
        /// The rule's default severity, read with the slot.
        let severity: Severity
        /// The rule's ``CompiledRule/runsOn``.
        let runsOn: UInt8
        /// The bits of the rule's ``RuleDescription/elements`` (see ``CompiledRules/presence(in:)``); 0 for a
        /// rule that runs on any document.
        let gate: UInt64

        /// Whether the rule may report on a document whose ``CompiledRules/presence(in:)`` is `presence`.
        @inline(__always) func applies(to presence: UInt64) -> Bool { gate == 0 || gate & presence != 0 }
    }

    /// What every finding of a rule carries besides its message, position and severity.
    struct Stamp {
        let id: String
        let spec: SpecReference?
    }

    /// The presence bits of the declared names (``RuleDescription/elements``), by a hash of a name's length and
    /// first and last bytes (``gateHash(_:)``), in open addressing: a slot holds a hash (0 when empty) and the
    /// bits of the declared names with that hash. A document name with the hash of a declared name sets its
    /// bits whether or not it is that name, so the bits of a document are a superset of the names it holds: a
    /// rule may run where it finds nothing, never be skipped where it would report. Declared names past the
    /// last bit share it, to the same effect.
    private let gateTable: [GateSlot]
    private let hasGates: Bool

    struct GateSlot {
        var hash: UInt64 = 0
        var bits: UInt64 = 0
    }

    /// A hash of a name's UTF-8 bytes, never 0: of its length and its first and last eight bytes (all of them
    /// for a name of up to 16 bytes, which every element name of the specifications is).
    static func gateHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = bytes.count
        guard n > 0, let base = bytes.baseAddress else { return 1 }
        var first: UInt64 = 0, last: UInt64 = 0
        if n >= 8 {
            first = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            last = UnsafeRawPointer(base + (n - 8)).loadUnaligned(as: UInt64.self)
        } else {
            for i in 0 ..< n { first = first << 8 | UInt64(base[i]) }
        }
        var h = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ (UInt64(n) &* 0x1656_67B1_9E37_79F9)
        h ^= h >> 29
        h &*= 0x27D4_EB2F_1656_67C5
        return h | 1
    }

    /// Where `hash` is in `table`, or the empty slot where it would go.
    @inline(__always) static func gateSlot(_ hash: UInt64, in table: UnsafeBufferPointer<GateSlot>) -> Int {
        let mask = table.count - 1
        var i = Int(truncatingIfNeeded: hash >> 40) & mask
        while table[i].hash != 0 && table[i].hash != hash { i = (i + 1) & mask }
        return i
    }

    /// The presence bits of `input`'s document: for each distinct name of the document (attribute names and
    /// prefixes included), the bits of its slot. Every bit is set for a decoded document without an element
    /// tree, so that nothing is skipped on an input whose model was not read from one.
    func presence(in input: DecodedInput) -> UInt64 {
        guard hasGates else { return 0 }
        guard let root = input.xml.root else { return input.vast == nil && input.vmap == nil ? 0 : ~0 }
        return root.withDocumentNames { names in
            gateTable.withUnsafeBufferPointer { table in
                var bits: UInt64 = 0
                for i in names.indices {
                    guard let hash = names[i].utf8.withContiguousStorageIfAvailable(Self.gateHash) else { return ~0 }
                    bits |= table[Self.gateSlot(hash, in: table)].bits
                }
                return bits
            }
        }
    }

    /// `gateBitCount`: how many bits the gates use (64, fewer for tests of the shared last bit; 0: every rule
    /// runs on every document, for tests that compare with gated runs).
    init(_ rules: [CompiledRule], gateBits gateBitCount: Int = 64) {
        precondition((0 ... 64).contains(gateBitCount))
        self.rules = rules
        let vastRules = rules.filter { $0.versions != nil }
        // Made once here: every VMAP input with embedded VAST checks it with these rules.
        vastSubset = vastRules.count == rules.count ? nil : CompiledRules(vastRules, gateBits: gateBitCount)
        let verificationRules = rules.filter { VerificationContentRules.ids.contains($0.id) }
        allVerification = !rules.isEmpty && verificationRules.count == rules.count
        verificationSubset = verificationRules.isEmpty || allVerification ? nil : CompiledRules(verificationRules, gateBits: gateBitCount)
        var bitOf: [String: UInt64] = [:]
        for rule in rules where gateBitCount > 0 {
            for name in rule.description.elements where bitOf[name] == nil {
                bitOf[name] = 1 << UInt64(min(bitOf.count, gateBitCount - 1))
            }
        }
        // At most half full, so that a look-up of a name that is not there soon meets an empty slot.
        var size = 16
        while size < bitOf.count * 2 { size *= 2 }
        var table = [GateSlot](repeating: GateSlot(), count: size)
        for (name, bit) in bitOf {
            var name = name
            let hash = name.withUTF8(Self.gateHash)
            let i = table.withUnsafeBufferPointer { Self.gateSlot(hash, in: $0) }
            table[i].hash = hash
            table[i].bits |= bit
        }
        gateTable = table
        hasGates = !bitOf.isEmpty
        slots = rules.indices.map { index in
            let rule = rules[index]
            return RunSlot(type: rule.type, index: index, ordinal: rule.ordinal, severity: rule.severity, runsOn: rule.runsOn,
                           gate: rule.description.elements.reduce(0) { $0 | (bitOf[$1] ?? 0) })
        }
        stamps = rules.map { Stamp(id: $0.id, spec: $0.primaryReference) }
        var plans = [[RunSlot]](repeating: [], count: VASTVersion.allCases.count + 1)
        for version in VASTVersion.allCases {
            let bits = CompiledRule.inputBits(isVAST: true, version: version)
            plans[Self.planIndex(isVAST: true, version: version)] = slots.filter { $0.runsOn & bits != 0 }
        }
        let bits = CompiledRule.inputBits(isVAST: false, version: .v4_3)
        plans[Self.planIndex(isVAST: false, version: .v4_3)] = slots.filter { $0.runsOn & bits != 0 }
        self.plans = plans
        ids = Set(rules.map(\.id))
    }

    /// The ids of `rules`.
    private let ids: Set<String>

    /// Whether one of the rules has the id `id` (decoder findings with such an id are the rule's to report).
    func claims(_ id: String) -> Bool { ids.contains(id) }

    /// A configuration's per-rule settings as the rules read them: a registered rule's by its place in
    /// ``AllRules/types``, in the table the configuration keeps (made when its settings change, not per input);
    /// any other rule's by its id.
    struct Overrides {
        private let byOrdinal: [RuleSetting?]
        private let byID: [String: RuleSetting]
        private let stamps: [Stamp]

        init(_ configuration: Configuration, rules: CompiledRules) {
            byOrdinal = configuration.settingByOrdinal
            byID = configuration.rules
            stamps = rules.stamps
        }

        private func setting(_ slot: RunSlot) -> RuleSetting? {
            slot.ordinal >= 0 ? byOrdinal[slot.ordinal] : byID[stamps[slot.index].id]
        }

        /// Whether the rule in `slot` is switched off.
        func isOff(_ slot: RunSlot) -> Bool { setting(slot) == .off }

        /// The severity the findings of the rule in `slot` take: the configuration's, or the rule's own.
        func severity(of slot: RunSlot) -> Severity { setting(slot)?.severity ?? slot.severity }
    }

    static func planIndex(isVAST: Bool, version: VASTVersion) -> Int { isVAST ? version.ordinal + 1 : 0 }

    /// The slots to walk for a batch whose inputs are of the kinds `planIndices` (``planIndex(isVAST:version:)``):
    /// the plan of their kind when they share one, every slot otherwise.
    func plan(for planIndices: [Int]) -> [RunSlot] {
        guard let first = planIndices.first, planIndices.allSatisfy({ $0 == first }) else { return slots }
        return plans[first]
    }

    /// The VAST-versioned rules alone.
    var vastOnly: CompiledRules { vastSubset ?? self }

    /// The verification content rules alone (``VerificationContentRules``), or `nil` when there are none.
    var verificationOnly: CompiledRules? { allVerification ? self : verificationSubset }
}

/// The findings of one input, and those its directive comments switched off.
public struct ValidationResult: Sendable {
    public var findings: [Diagnostic]
    public var suppressed: [SuppressedFinding]

    public init(findings: [Diagnostic], suppressed: [SuppressedFinding] = []) {
        self.findings = findings
        self.suppressed = suppressed
    }
}

/// Watches a validation rule by rule: each rule's time over each input, and the time the shared facts
/// (``RuleContext``) take to compute, for benchmarks and profiling. Pass one to
/// ``Validator/results(batch:files:configuration:rules:timings:)``; it adds up over every call it is given to.
public final class RuleTimings {
    /// Seconds by rule id, and the shared facts' under ``RuleTimings/factsKey``.
    public private(set) var seconds: [String: Double] = [:]

    /// The key of the shared facts' time in ``seconds``.
    public static let factsKey = "facts: shared (urls and their scan, tracking, structure walk)"

    public init() {}

    func add(_ key: String, since start: UInt64) {
        seconds[key, default: 0] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// Runs rules over decoded inputs.
///
/// One loop runs every check: ``results(batch:files:configuration:rules:timings:)`` over a batch of inputs,
/// and ``validate(_:file:configuration:rules:)`` over one input as a batch of one.
public enum Validator {
    /// All findings for `input`: the rules' findings plus any decoder finding no rule claims, with
    /// the configuration's overrides applied, sorted deterministically, attributed to `file`. The findings
    /// the tag's directive comments switched off are dropped (``results(batch:files:configuration:rules:timings:)``
    /// keeps them apart). `rules`: the rules to run, every registered rule by default.
    public static func validate(
        _ input: DecodedInput,
        file: String? = nil,
        configuration: Configuration = .default,
        rules: [any Rule.Type]? = nil
    ) -> [Diagnostic] {
        results(batch: [input], files: [file], configuration: configuration, rules: rules)[0].findings
    }

    /// The findings of each of `inputs` (in their order), `files[i]` naming input `i` (when given, one name per
    /// input), with the findings each tag's directive comments switched off (see ``SourceDirectives``) kept
    /// apart. Each input gets what it gets alone. `rules`: the rules to run, every registered rule by default;
    /// `timings`, when given, adds each rule's time.
    ///
    /// Each rule runs over every input of the batch before the next rule starts. A rule pass over one small
    /// tag runs the code of some 300 rules once each, more than the processor's instruction cache holds, so
    /// checked one by one every tag meets every rule's code cold; in a batch, a rule's code and tables stay
    /// warm from one input to the next. Meant for a runner's small inputs: every input of the batch stays in
    /// memory until the batch is done, so batches should be a few dozen tags of a few hundred kilobytes in all.
    public static func results(batch inputs: [DecodedInput], files: [String?]? = nil, configuration: Configuration = .default,
                               rules: [any Rule.Type]? = nil, timings: RuleTimings? = nil) -> [ValidationResult] {
        precondition(files.map { $0.count == inputs.count } ?? true, "one file name per input")
        let compiled = rules.map(CompiledRule.compile) ?? CompiledRule.all
        return results(batch: inputs, files: files, configuration: configuration, compiled: compiled, timings: timings)
    }

    /// The run loop: ``results(batch:files:configuration:rules:timings:)`` with compiled rules.
    static func results(batch inputs: [DecodedInput], files: [String?]?, configuration: Configuration,
                        compiled: CompiledRules, timings: RuleTimings? = nil) -> [ValidationResult] {
        let factsStart = timings == nil ? 0 : DispatchTime.now().uptimeNanoseconds
        let contexts = inputs.map { RuleContext(input: $0, configuration: configuration, rules: compiled) }
        timings?.add(RuleTimings.factsKey, since: factsStart)
        guard let first = contexts.first else { return [] }
        let bits = contexts.map { CompiledRule.inputBits(isVAST: $0.input.vast != nil, version: $0.version) }
        let presence = inputs.map(compiled.presence(in:))
        let plan = compiled.plan(for: contexts.map { CompiledRules.planIndex(isVAST: $0.input.vast != nil, version: $0.version) })
        let overrides = configuration.rules.isEmpty ? nil : CompiledRules.Overrides(configuration, rules: compiled)
        @inline(__always) func run(_ slot: CompiledRules.RunSlot, severity: Severity, on context: RuleContext) {
            context.begin(slot.index, severity: severity)
            guard let timings else { return slot.type.run(context) }
            let start = DispatchTime.now().uptimeNanoseconds
            slot.type.run(context)
            timings.add(compiled.stamps[slot.index].id, since: start)
        }
        // Rules outside, inputs inside. A batch of one reads its context from a local: a context read out of
        // the array is a counted reference, two atomic updates per rule per input; a local is counted once.
        let isSingle = contexts.count == 1, firstBits = bits[0], firstPresence = presence[0]
        for slot in plan {
            if let overrides, overrides.isOff(slot) { continue }
            let severity = overrides?.severity(of: slot) ?? slot.severity
            if isSingle {
                if slot.runsOn & firstBits != 0 && slot.applies(to: firstPresence) { run(slot, severity: severity, on: first) }
            } else {
                for i in contexts.indices where slot.runsOn & bits[i] != 0 && slot.applies(to: presence[i]) {
                    run(slot, severity: severity, on: contexts[i])
                }
            }
        }
        return contexts.indices.map { i in
            finish(contexts[i].takeFindings(), emitted: contexts[i].hasEmitted, of: inputs[i], file: files?[i],
                   configuration: configuration, compiled: compiled)
        }
    }

    /// The rules' findings on `input` completed: decoder findings no rule claims, embedded VAST's findings,
    /// the configuration's overrides, the file name, the deterministic order. The rules' own findings carry
    /// the configuration's severities already (see ``RuleContext/begin(_:severity:)``); findings `emitted`
    /// with other rule ids (``RuleContext/emit(_:)``) and the decoder's go through the configuration here.
    /// (`consuming`: the findings are handed over, so completing them copies no diagnostic.)
    private static func finish(_ findings: consuming [Diagnostic], emitted: Bool, of input: DecodedInput, file: String?,
                               configuration: Configuration, compiled: CompiledRules) -> ValidationResult {
        var all = findings
        let overrides = !configuration.rules.isEmpty
        if overrides && emitted { all = configuration.apply(to: all) }
        if !input.findings.isEmpty {
            let unclaimed = input.findings.filter { !compiled.claims($0.ruleID) }.map(\.diagnostic)
            all += overrides ? configuration.apply(to: unclaimed) : unclaimed
        }
        // VAST embedded in a VMAP is checked with the VAST rules (and the configuration), its findings
        // positioned in the VMAP file.
        if input.vmap != nil, !compiled.vastOnly.rules.isEmpty {
            for embedded in input.embeddedVASTInputs {
                all += results(batch: [embedded], files: nil, configuration: configuration, compiled: compiled.vastOnly)[0].findings
            }
        }
        // Verification in <Extension type="AdVerifications"> before VAST 4.1 is checked by the verification rules
        // as the 4.1 content it is, its findings positioned in the tag.
        if let verificationRules = compiled.verificationOnly, let carried = input.extensionVerificationInput {
            all += results(batch: [carried], files: nil, configuration: configuration, compiled: verificationRules)[0].findings
        }
        // The tag's directive comments switch off what they name, last: they cover every finding of the tag.
        var suppressed: [SuppressedFinding] = []
        if configuration.inlineDirectives, !input.xml.directives.isEmpty {
            var directives = SourceDirectives(input.xml)
            (all, suppressed) = directives.apply(to: all)
            if compiled.claims(DirectiveUnusedRule.description.id) {
                let settings = configuration.rules
                all += configuration.apply(to: directives.unused(isOff: { settings[$0] == .off }).map { unused in
                    Diagnostic.finding(
                        ruleID: DirectiveUnusedRule.description.id, severity: DirectiveUnusedRule.description.severity,
                        message: "\(unused.directive.kind.rawValue) \(unused.pattern): " + (unused.directive.kind == .disable
                            ? "no finding of this rule after it" : "no finding of this rule on line \(unused.directive.line)"),
                        position: unused.directive.position, path: nil, spec: DirectiveUnusedRule.description.primaryReference, details: [:])
                })
            }
        }
        if let file {
            for index in all.indices { all[index].file = file }
            for index in suppressed.indices { suppressed[index].diagnostic.file = file }
        }
        all.sortDeterministically()
        return ValidationResult(findings: all, suppressed: suppressed)
    }
}
