import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// `Validator.results(batch:)` runs each rule over every input of a batch before the next rule. It must give
/// each input exactly the findings, in the same order, that validating the input alone (a batch of one) gives.
@Suite struct BatchValidationTests {
    /// Every XML file of the shipped corpus (VAST of every version, VMAP, malformed and hostile inputs) and
    /// of the IAB samples when present, sorted so that a batch mixes kinds and versions.
    static let documents: [(name: String, data: Data)] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus")
        var out: [(String, Data)] = []
        for (directory, prefix) in [(root, "Corpus/"), (IABSamples.directory, "iab/")] {
            guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { continue }
            while let path = enumerator.nextObject() as? String {
                // The hostile inputs' large files are left out: they test the parser's limits, not the rule pass.
                guard path.hasSuffix(".xml"), let data = FileManager.default.contents(atPath: directory.appendingPathComponent(path).path),
                      data.count <= 512 * 1024 else { continue }
                out.append((prefix + path, data))
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }()

    static var available: Bool { documents.count > 100 }

    /// The documents cut into batches of `size`, each compared with one-by-one validation.
    func expectBatchesMatch(size: Int, configuration: Configuration) {
        var start = 0
        var compared = 0
        while start < Self.documents.count {
            let slice = Self.documents[start ..< min(start + size, Self.documents.count)]
            let inputs = slice.map { VASTDecoder.decode($0.data) }
            let names: [String?] = slice.map(\.name)
            let batched = Validator.results(batch: inputs, files: names, configuration: configuration).map(\.findings)
            #expect(batched.count == inputs.count)
            for (k, input) in inputs.enumerated() {
                let alone = Validator.validate(input, file: names[k], configuration: configuration)
                #expect(batched[k] == alone, "\(names[k] ?? "") in a batch of \(inputs.count)")
                compared += alone.count
            }
            start += size
        }
        // The comparison covered real findings, not empty lists.
        #expect(compared > 1000)
    }

    @Test(.enabled(if: available, "Corpus/ is not present"))
    func batchesGiveEachInputItsOwnFindings() {
        expectBatchesMatch(size: 16, configuration: .default)
    }

    @Test(.enabled(if: available, "Corpus/ is not present"))
    func oddBatchSizesAndConfigurationOverridesToo() {
        // Rules switched off and severities overridden apply per input, in a batch as alone.
        let configuration = Configuration(rules: [
            "VAST-2.0-url-placeholder-host": .off, "VAST-2.0-url-http": .error, "VAST-4.1-adservingid-present": .info,
        ])
        expectBatchesMatch(size: 7, configuration: configuration)
    }

    @Test(.enabled(if: available, "Corpus/ is not present"))
    func overridesGiveWhatApplyingTheConfigurationAfterwardsGives() {
        // The validator gives rules their configured severity as they run and skips rules switched off; the
        // result must be the findings of the rules not switched off with the configuration applied afterwards
        // (a rule switched off emits nothing under other ids either). Every rule id the documents produce
        // (rules', decoder's, emitted PARAM-*) is switched off, lowered or raised in turn, in two rotations.
        let inputs = Self.documents.map { VASTDecoder.decode($0.data) }
        let plain = inputs.map { Validator.validate($0) }
        let ids = Set(plain.joined().map(\.ruleID)).sorted()
        #expect(ids.contains { $0.hasPrefix("PARAM-") } && ids.contains { $0.hasPrefix("XML-") } && ids.contains { $0.hasPrefix("VMAP-") })
        for rotation in 0 ..< 2 {
            var settings: [String: RuleSetting] = ["NO-such-rule": .off]
            for (k, id) in ids.enumerated() { settings[id] = [RuleSetting.off, .info, .error, .warning][(k + rotation) % 4] }
            let configuration = Configuration(rules: settings)
            let running = AllRules.types.filter { settings[$0.description.id] != .off }
            // The switched-off rules alone, for what depends on which rules ran (a directive naming only those is not unused).
            let offOnly = Configuration(rules: settings.filter { $0.value == .off })
            var changed = 0
            for (k, input) in inputs.enumerated() {
                let want = configuration.apply(to: Validator.validate(input, configuration: offOnly, rules: running))
                let got = Validator.validate(input, configuration: configuration)
                #expect(got == want, "\(Self.documents[k].name)")
                changed += want == plain[k] ? 0 : 1
            }
            #expect(changed > 100)
            expectBatchesMatch(size: 16, configuration: configuration)
        }
    }

    /// A rule outside the registry, for ``settingsChangedLaterAndRulesOutsideTheRegistryAreHonoured()``.
    struct UnregisteredRule: Rule {
        static let description = RuleDescription(
            id: "TEST-unregistered-impression", name: "Impression seen", summary: "reports every Impression",
            rationale: "a test rule", fix: "none", severity: .warning, versions: nil,
            specReferences: [SpecReference(document: .conform, section: "", quote: "test")],
            validExamples: [], invalidExamples: [])

        func check(_ context: RuleContext) {
            for ad in context.ads {
                for impression in ad.body?.impressions ?? [] { context.report("an Impression", at: impression) }
            }
        }
    }

    @Test func settingsChangedLaterAndRulesOutsideTheRegistryAreHonoured() {
        // The validator reads a registered rule's setting from a table the configuration keeps in step with
        // its settings, and any other rule's by its id: settings set, changed and removed after the
        // configuration is made must all be the ones that apply.
        let input = VASTDecoder.decode(Data(#"<VAST version="4.2"><Ad id="a"><InLine><AdTitle>t</AdTitle><Impression>http://x.example.com/i</Impression><Creatives/></InLine></Ad></VAST>"#.utf8))
        func severities(_ configuration: Configuration, rules: [any Rule.Type]? = nil) -> [String: Severity] {
            Dictionary(Validator.validate(input, configuration: configuration, rules: rules).map { ($0.ruleID, $0.severity) },
                       uniquingKeysWith: { first, _ in first })
        }
        let plain = severities(.default)
        #expect(plain["VAST-2.0-url-http"] == .warning && plain["VAST-2.0-inline-adsystem"] == .error)
        var configuration = Configuration()
        configuration.rules["VAST-2.0-url-http"] = .off
        configuration.rules["VAST-2.0-inline-adsystem"] = .info
        var got = severities(configuration)
        #expect(got["VAST-2.0-url-http"] == nil && got["VAST-2.0-inline-adsystem"] == .info)
        configuration.rules["VAST-2.0-url-http"] = .error
        configuration.rules["VAST-2.0-inline-adsystem"] = nil
        got = severities(configuration)
        #expect(got["VAST-2.0-url-http"] == .error && got["VAST-2.0-inline-adsystem"] == .error)
        // A configuration that names no registered rule leaves every registered rule as it is.
        configuration.rules = ["TEST-unregistered-impression": .error]
        let rules: [any Rule.Type] = [UnregisteredRule.self, URLHTTPRule.self]
        got = severities(configuration, rules: rules)
        #expect(got == ["TEST-unregistered-impression": .error, "VAST-2.0-url-http": .warning])
        configuration.rules["TEST-unregistered-impression"] = .off
        #expect(severities(configuration, rules: rules) == ["VAST-2.0-url-http": .warning])
    }

    @Test func aBatchKeepsInputsApart() throws {
        // Two versions and a VMAP playlist in one batch: each keeps its own version's rules and findings.
        let v2 = Data(#"<VAST version="2.0"><Ad id="a"><InLine><AdTitle>t</AdTitle><Impression>http://x.example.com/i</Impression><Creatives/></InLine></Ad></VAST>"#.utf8)
        let v43 = Data(#"<VAST version="4.3"><Ad id="b"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression><![CDATA[https://ads.adserver.com/i]]></Impression><Creatives/></InLine></Ad></VAST>"#.utf8)
        let vmap = Data(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak breakType="linear" breakId="pre"/></vmap:VMAP>"#.utf8)
        let broken = Data("<VAST version=\"4.2\"><Ad>".utf8)
        let inputs = [v2, v43, vmap, broken].map { VASTDecoder.decode($0) }
        let batched = Validator.results(batch: inputs).map(\.findings)
        for (k, input) in inputs.enumerated() {
            #expect(batched[k] == Validator.validate(input))
        }
        // The inputs differ, so their findings do: a batch that mixed them up would fail above or here.
        #expect(batched[0].contains { $0.ruleID == "VAST-2.0-inline-adsystem" })
        #expect(!batched[1].contains { $0.ruleID == "VAST-2.0-inline-adsystem" })
        #expect(batched[2].contains { $0.ruleID.hasPrefix("VMAP-") })
        #expect(batched[3].contains { $0.ruleID == "XML-not-well-formed" })
        #expect(Validator.results(batch: []).isEmpty)
        #expect(Validator.results(batch: [inputs[0]], files: ["one.xml"]).map(\.findings) == [Validator.validate(inputs[0], file: "one.xml")])
    }

    @Test func anObserverTimesTheRulesThatRanAndChangesNoFinding() {
        let tag = #"<VAST version="4.2"><Ad id="a"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression>http://x.example.com/i</Impression><Creatives><Creative><Linear><Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.adserver.com/v.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#
        let input = VASTDecoder.decode(tag)
        let timings = RuleTimings()
        let observed = Validator.results(batch: [input, input], timings: timings).map(\.findings)
        let alone = Validator.validate(input)
        #expect(observed == [alone, alone])
        #expect(!alone.isEmpty)
        #expect(timings.seconds[RuleTimings.factsKey] != nil)
        // Every rule that reported ran, so it was timed; a rule the gate skips (the tag has no <AdBreak>) was not.
        let ruleIDs = Set(AllRules.types.map { $0.description.id })
        for finding in alone where ruleIDs.contains(finding.ruleID) {
            #expect(timings.seconds[finding.ruleID] != nil, "\(finding.ruleID) reported but was not timed")
        }
        #expect(timings.seconds["VMAP-1.0-adbreak-breaktype"] == nil)
        #expect(timings.seconds.count > 100)
    }
}
