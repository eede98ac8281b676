import ConformCore
import Foundation
import FuzzDriver
import VAST
import Validation
import XMLCore

// libFuzzer target: any bytes through parse, decode and every rule, strict and recovering. It also
// holds the parser's two reads to one result: the default (libxml2's push parser, then its pull parser
// when the push read reports anything) and the pull parser alone must give equal documents; and a
// configuration's rule settings, applied as the rules run, to what running the rules not switched off and
// applying the settings to their findings afterwards gives; and runs `conform fix`'s repairs over the bytes.
// Built only by `scripts/fuzz` (with -sanitize=fuzzer,address); a crash or sanitizer report is a bug.

/// Settings for the ids the input's default findings carry, chosen by the input's own bytes: every id is
/// switched off, lowered or raised by one byte of the input (the first byte when there is only one).
func configuration(for findings: [Diagnostic], from data: Data) -> Configuration {
    var settings: [String: RuleSetting] = [:]
    let bytes = Array(data.prefix(64))
    for (k, id) in Set(findings.map(\.ruleID)).sorted().enumerated() where !bytes.isEmpty {
        settings[id] = RuleSetting.allCases[Int(bytes[k % bytes.count]) % RuleSetting.allCases.count]
    }
    return Configuration(rules: settings)
}

fuzz(data: { data in
    let automatic = XMLParser.parse(data, options: XMLParseOptions(maxBytes: 1 << 20))
    let pull = XMLParser.parse(data, options: XMLParseOptions(maxBytes: 1 << 20, pullParserOnly: true))
    if automatic != pull {
        FileHandle.standardError.write(Data("the default read and the pull parser's differ\n".utf8))
        abort()
    }
    for recover in [false, true] {
        let input = VASTDecoder.decode(data, options: XMLParseOptions(recover: recover, maxBytes: 1 << 20))
        let findings = Validator.validate(input)
        let configured = configuration(for: findings, from: data)
        // The reference: the rules switched off do not run (so what they would emit is not there), and the
        // configuration is applied to the rest afterwards.
        let running = AllRules.types.filter { configured.rules[$0.description.id] != .off }
        // The switched-off settings alone go with it: a directive naming only rules that did not run is not unused.
        let offOnly = Configuration(rules: configured.rules.filter { $0.value == .off })
        if !configured.rules.isEmpty,
           Validator.validate(input, configuration: configured)
            != configured.apply(to: Validator.validate(input, configuration: offOnly, rules: running)) {
            FileHandle.standardError.write(Data("configured findings differ from the configuration applied afterwards\n".utf8))
            abort()
        }
    }
    // The repairs of `conform fix`: whatever the bytes, a repair is made and checked or refused, never a crash.
    _ = try? TagFixer.repair(data)
})
