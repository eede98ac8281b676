import Chain
import ConformCore
import Foundation
import Probe
import Profiles
import Testing
import Validation
import VAST
@testable import Conformance

/// Which rule ids the expectations of a corpus name, case by case: where a rule must fire
/// (`diagnostics.present`, a table row's rule ids) and where it must not (`diagnostics.absent`, `!ID`).
struct RuleCoverage {
    /// Case id → rule ids that must appear.
    var present: [String: Set<String>] = [:]
    /// Case id → rule ids that must not appear.
    var absent: [String: Set<String>] = [:]
    /// Cases whose expectation could not be read, with the reason.
    var unreadable: [String] = []
    /// Expectation key (`verdict`, `chain.errorURLs`, `profiles.breaks`, `run`, ...) → the strict expected failures
    /// that pin it and declare a mismatch of it.
    var expectedFailures: [String: Set<String>] = [:]

    /// Reads the expectation of every case under `root` (documents' sidecars, `chain.json`'s `expect`,
    /// table rows) without running anything.
    init(corpus root: URL) throws {
        for corpusCase in try Corpus.discover(at: root) {
            let expectation: CaseExpectation?
            do {
                switch corpusCase.source {
                case .document(_, let sidecar?):
                    expectation = try CaseExpectation.decode(Data(contentsOf: root.appendingPathComponent(sidecar)), file: sidecar)
                case .document(_, nil):
                    expectation = nil
                case .chain(let folder):
                    let path = folder + "/" + Corpus.chainFileName
                    expectation = try ChainManifest.decode(Data(contentsOf: root.appendingPathComponent(path)), file: path).expect
                case .meta(let folder):
                    let path = folder + "/" + Corpus.metaFileName
                    expectation = try MetaManifest.decode(Data(contentsOf: root.appendingPathComponent(path)), file: path).expect
                case .parameterRow(_, let row):
                    expectation = row.expectation
                case .broken(let file, let message, _):
                    unreadable.append("\(file): \(message)")
                    continue
                }
            } catch {
                unreadable.append("\(corpusCase.id): \(error)")
                continue
            }
            if let expectation, let declared = expectation.expectedFailure {
                for key in Self.keys(declared.unmet, of: expectation) { expectedFailures[key, default: []].insert(corpusCase.id) }
            }
            guard let diagnostics = expectation?.diagnostics else { continue }
            present[corpusCase.id] = Set(diagnostics.present.map(\.rule))
            absent[corpusCase.id] = Set(diagnostics.absent)
        }
    }

    /// The expectation keys whose mismatch `unmet` declares, each only when `expectation` pins that key (so a
    /// mismatch of one key does not count for another).
    static func keys(_ unmet: [ExpectedMismatch], of expectation: CaseExpectation) -> Set<String> {
        var keys = Set<String>()
        for mismatch in unmet {
            let words = mismatch.expected
            switch mismatch.check {
            case _ where words.hasPrefix("verdict "):
                if expectation.verdict != nil { keys.insert("verdict") }
            case .rules:
                if expectation.schema != nil && (words.contains("XSD-") || mismatch.actual.contains("XSD-")) { keys.insert("schema") }
                if words.hasPrefix("no diagnostic besides") { keys.insert("diagnostics.exhaustive") }
                else if words.hasPrefix("no ") { keys.insert("diagnostics.absent") }
                else if expectation.diagnostics?.present.isEmpty == false { keys.insert("diagnostics.present") }
            case .tracking:
                if expectation.tracking != nil { keys.insert("tracking") }
            case .chain:
                guard let chain = expectation.chain else { continue }
                let pins: [(String, String, Bool)] = [("stop reason", "stopReason", chain.stopReason != nil),
                                                      ("VAST error code", "errorCode", chain.errorCode != nil),
                                                      ("URIs", "uris", chain.uris != nil), ("Error URLs", "errorURLs", chain.errorURLs != nil)]
                for (prefix, key, pinned) in pins where pinned && words.hasPrefix(prefix) { keys.insert("chain." + key) }
                if chain.hops != nil && words.hasSuffix("document(s) fetched") { keys.insert("chain.hops") }
            case .parameters:
                if words.hasPrefix("format ") { keys.insert("parameters.format") } else { keys.insert("parameters.fields") }
            case .profiles:
                let facts = ["breaks": "breaks", "eligible": "eligible", "causes": "causes", "chosen": "companion", "fallback": "fallback",
                             "asset": "asset", "events": "events"]
                if let fact = facts.first(where: { words.contains(" \($0.key): ") }) { keys.insert("profiles." + fact.value) }
                else { keys.insert("profiles.verdict") }
            case .run:
                if expectation.run != nil { keys.insert("run") }
            case .parse:
                break
            }
        }
        return keys
    }

    /// The coverage without the cases whose id starts with `prefix`.
    func removing(casesStartingWith prefix: String) -> RuleCoverage {
        var copy = self
        copy.present = present.filter { !$0.key.hasPrefix(prefix) }
        copy.absent = absent.filter { !$0.key.hasPrefix(prefix) }
        return copy
    }

    /// Ids of `catalogue` with no case where they must fire, and with no case where they must not.
    func gaps(in catalogue: [String]) -> (neverFires: [String], neverAbsent: [String]) {
        let fired = present.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let forbidden = absent.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        return (catalogue.filter { !fired.contains($0) }.sorted(), catalogue.filter { !forbidden.contains($0) }.sorted())
    }

    /// Versioned document rules whose range is not pinned at its edges: no case declaring the first version the
    /// rule applies to where it must fire, or none declaring the version just before where it must not; for a
    /// range that stops before the newest version, none declaring the version just after where it must not.
    /// `declared` reads the declared version of a case (nil for a case that is not a VAST document).
    func unpinnedEdges(of rules: [RuleDescription], declared: (String) -> VASTVersion?) -> [String] {
        var declaredByCase: [String: VASTVersion?] = [:]
        func version(_ id: String) -> VASTVersion? {
            if let known = declaredByCase[id] { return known }
            let found = declared(id)
            declaredByCase[id] = found
            return found
        }
        func pinned(_ cases: [String: Set<String>], _ rule: String, at wanted: VASTVersion) -> Bool {
            cases.contains { $0.value.contains(rule) && version($0.key) == wanted }
        }
        let all = VASTVersion.allCases
        var gaps: [String] = []
        for rule in rules {
            guard let versions = rule.versions else { continue }
            let first = all.firstIndex(of: versions.lowerBound)!, last = all.firstIndex(of: versions.upperBound)!
            if first > 0 {
                if !pinned(present, rule.id, at: all[first]) { gaps.append("\(rule.id): fires at \(all[first].rawValue)") }
                if !pinned(absent, rule.id, at: all[first - 1]) { gaps.append("\(rule.id): absent at \(all[first - 1].rawValue)") }
            }
            if last < all.count - 1, !pinned(absent, rule.id, at: all[last + 1]) {
                gaps.append("\(rule.id): absent at \(all[last + 1].rawValue)")
            }
        }
        return gaps
    }

    /// Every rule id an expectation names.
    var named: Set<String> {
        (Array(present.values) + Array(absent.values)).reduce(into: Set<String>()) { $0.formUnion($1) }
    }
}

/// The shipped corpus pins every rule of the catalogue both ways: at least one case where it must
/// fire and one where it must not.
@Suite struct CorpusCoverageTests {
    static let corpus = packageRoot.appendingPathComponent("Corpus")
    static let available = FileManager.default.fileExists(atPath: corpus.path)

    /// The full catalogue: VAST, VMAP, XML and XSD rules, the trafficking-parameter rules and the chain
    /// findings (`AllRules.descriptions`), and the player-profile rules.
    static var catalogue: [String] {
        (AllRules.descriptions + ProfileRules.all).map(\.id) + ProbeRules.all.map(\.id).filter { !liveOnlyProbeRules.contains($0) }
    }

    /// Probe findings an offline case cannot make: a slow first byte needs a real clock, and pixel hosts are
    /// looked up only live. ProbeTests and ProbeCommandTests produce them.
    static let liveOnlyProbeRules: Set<String> = [ProbeRuleID.slow, ProbeRuleID.pixelHost]

    @Test func catalogueSpansEveryFamily() {
        let ids = Self.catalogue
        #expect(Set(ids).count == ids.count, "duplicate rule ids in the catalogue")
        for prefix in ["VAST-", "VMAP-", "XML-", "XSD-", "PARAM-", "CHAIN-", "PROFILE-", "PROBE-"] {
            #expect(ids.contains { $0.hasPrefix(prefix) }, "no \(prefix) rule in the catalogue")
        }
        #expect(ids.filter { $0.hasPrefix("CHAIN-") }.count == ChainRules.all.count)
        #expect(ids.filter { $0.hasPrefix("PROFILE-") }.count == ProfileRules.all.count)
    }

    @Test(.enabled(if: available, "Corpus/ is not present"))
    func everyRuleFiresSomewhereAndIsAbsentSomewhere() throws {
        let coverage = try RuleCoverage(corpus: Self.corpus)
        #expect(coverage.unreadable.isEmpty, "\(coverage.unreadable.prefix(10))")
        let gaps = coverage.gaps(in: Self.catalogue)
        #expect(gaps.neverFires.isEmpty, "rules with no case where they must fire: \(gaps.neverFires)")
        #expect(gaps.neverAbsent.isEmpty, "rules with no case where they must not fire: \(gaps.neverAbsent)")
        // A rule id an expectation names but the catalogue does not know is a typo that pins nothing.
        let unknown = coverage.named.subtracting(Self.catalogue).sorted()
        #expect(unknown.isEmpty, "expectations name unknown rule ids: \(unknown)")
    }

    /// Every expectation key has at least one strict expected failure that pins it and declares its mismatch, so a
    /// judge that drops the key, or loosens its comparison, turns the corpus red.
    @Test(.enabled(if: available, "Corpus/ is not present"))
    func everyExpectationKeyHasAStrictExpectedFailure() throws {
        let coverage = try RuleCoverage(corpus: Self.corpus)
        let keys = ["verdict", "diagnostics.present", "diagnostics.absent", "diagnostics.exhaustive", "tracking",
                    "chain.stopReason", "chain.errorCode", "chain.hops", "chain.uris", "chain.errorURLs",
                    "parameters.format", "parameters.fields", "profiles.verdict", "profiles.breaks", "profiles.eligible",
                    "profiles.causes", "profiles.companion", "profiles.fallback", "profiles.asset", "profiles.events", "schema", "run"]
        let missing = keys.filter { coverage.expectedFailures[$0, default: []].isEmpty }
        #expect(missing.isEmpty, "expectation keys without a strict expected failure: \(missing)")
    }

    /// The declared VAST version of a document case (`nil` for anything else).
    static func declaredVersion(_ caseID: String) -> VASTVersion? {
        guard caseID.hasSuffix(".xml"), let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(caseID).path) else { return nil }
        return VASTDecoder.decode(data).vast?.version
    }

    /// Every VAST rule with a version range is pinned where the range starts (a case at its first version where it
    /// must fire, one at the version before where it must not) and, when it stops before the newest version, just
    /// after it (must not fire): a range that moves by one version turns a case red.
    @Test(.enabled(if: available, "Corpus/ is not present"))
    func everyVersionRangeIsPinnedAtItsEdges() throws {
        let coverage = try RuleCoverage(corpus: Self.corpus)
        let versioned = AllRules.types.map { $0.description }.filter { $0.versions != nil }
        #expect(versioned.contains { $0.versions!.lowerBound > .v2_0 })
        let gaps = coverage.unpinnedEdges(of: versioned, declared: Self.declaredVersion)
        #expect(gaps.isEmpty, "version ranges not pinned at their edges: \(gaps)")
    }

    /// The element next to each element a rule may be limited to, as scripts/gen-corpus.py (NEIGHBOURS) moves a
    /// rule's marked element just outside its scope.
    static let neighbours: [String: String] = [
        "MediaFile": "Mezzanine", "Mezzanine": "MediaFile", "InteractiveCreativeFile": "MediaFile",
        "InLine": "Wrapper", "Wrapper": "InLine", "Linear": "NonLinearAds",
        "Companion": "NonLinear", "NonLinear": "Companion", "CompanionAds": "NonLinearAds", "NonLinearAds": "CompanionAds",
        "StaticResource": "IFrameResource", "IFrameResource": "HTMLResource", "HTMLResource": "IFrameResource",
        "JavaScriptResource": "ExecutableResource", "ExecutableResource": "JavaScriptResource",
        "ClickThrough": "ClickTracking", "ClickTracking": "CustomClick", "CustomClick": "ClickTracking",
        "CompanionClickTracking": "NonLinearClickTracking", "NonLinearClickTracking": "CompanionClickTracking",
        "CompanionClickThrough": "NonLinearClickThrough", "NonLinearClickThrough": "CompanionClickThrough",
        "AdServingId": "AdTitle", "Pricing": "Advertiser", "Category": "BlockedAdCategories",
        "BlockedAdCategories": "Category", "Extension": "CreativeExtension", "CreativeExtension": "Extension",
    ]

    /// Whether an example's every marker sits on the start tag of an element of `scope` whose neighbour is outside it.
    static func marksMovableScope(_ example: RuleExample, scope: Set<String>) -> Bool {
        let text = Array(example.cleanText)
        let offsets = example.markerOffsets
        return !offsets.isEmpty && offsets.allSatisfy { offset in
            guard offset < text.count, text[offset] == "<" else { return false }
            let name = String(text[(offset + 1)...].prefix { $0.isLetter || $0.isNumber })
            guard scope.contains(name), let neighbour = neighbours[name] else { return false }
            return !scope.contains(neighbour)
        }
    }

    /// Every VAST rule limited to certain elements whose invalid example marks one of them (with a neighbour outside
    /// the scope) has a case with that element moved just outside, where the rule must not fire: a rule whose scope
    /// widens to the element next door turns a case red.
    @Test(.enabled(if: available, "Corpus/ is not present"))
    func everyElementScopeIsPinnedJustOutside() throws {
        let coverage = try RuleCoverage(corpus: Self.corpus)
        var expected: [String] = [], missing: [String] = []
        for description in AllRules.types.map({ $0.description }) where !description.elements.isEmpty {
            let scope = Set(description.elements)
            guard description.invalidExamples.contains(where: { Self.marksMovableScope($0, scope: scope) }) else { continue }
            expected.append(description.id)
            let pinned = coverage.absent.contains { $0.key.hasPrefix("rules/\(description.id)/outside-") && $0.value.contains(description.id) }
            if !pinned { missing.append(description.id) }
        }
        #expect(expected.count >= 40, "\(expected.count) element-scoped rules with a movable example")
        #expect(missing.isEmpty, "element-scoped rules with no case just outside their scope: \(missing)")
    }

    /// The edge check notices a missing case: without the boundary cases of one rule, its edges are reported.
    @Test(.enabled(if: available, "Corpus/ is not present"))
    func removingABoundaryCaseOpensAGap() throws {
        let coverage = try RuleCoverage(corpus: Self.corpus)
        let rules = AllRules.types.map { $0.description }.filter { ["VAST-4.1-verification-vendor", "VAST-2.0-version-mismatch"].contains($0.id) }
        #expect(rules.count == 2)
        #expect(coverage.unpinnedEdges(of: rules, declared: Self.declaredVersion).isEmpty)
        let before = coverage.removing(casesStartingWith: "rules/VAST-4.1-verification-vendor/before-")
            .removing(casesStartingWith: "rules/VAST-4.1-verification-vendor/valid-")
        #expect(before.unpinnedEdges(of: rules, declared: Self.declaredVersion) == ["VAST-4.1-verification-vendor: absent at 4.0"])
        let since = coverage.removing(casesStartingWith: "rules/VAST-4.1-verification-vendor/since-")
            .removing(casesStartingWith: "rules/VAST-4.1-verification-vendor/invalid-")
        #expect(since.unpinnedEdges(of: rules, declared: Self.declaredVersion) == ["VAST-4.1-verification-vendor: fires at 4.1"])
        let after = coverage.removing(casesStartingWith: "rules/VAST-2.0-version-mismatch/after-")
            .removing(casesStartingWith: "rules/VAST-2.0-version-mismatch/valid-")
        #expect(after.unpinnedEdges(of: rules, declared: Self.declaredVersion) == ["VAST-2.0-version-mismatch: absent at 4.4"])
    }

    /// The check notices a missing case: without the cases of one rule, that rule is reported.
    @Test(.enabled(if: available, "Corpus/ is not present"))
    func removingARulesCasesOpensAGap() throws {
        let coverage = try RuleCoverage(corpus: Self.corpus)
        let chain = coverage.removing(casesStartingWith: "chains/rules/CHAIN-timeout/").gaps(in: Self.catalogue)
        #expect(chain.neverFires == ["CHAIN-timeout"])
        #expect(chain.neverAbsent == ["CHAIN-timeout"])
        let profile = coverage.removing(casesStartingWith: "profiles/rules/PROFILE-pause-no-ad/invalid-").gaps(in: Self.catalogue)
        #expect(profile.neverFires == ["PROFILE-pause-no-ad"])
        #expect(profile.neverAbsent.isEmpty)
        let parameter = coverage.removing(casesStartingWith: "rules/PARAM-url-policy/").removing(casesStartingWith: "policies/")
            .gaps(in: Self.catalogue)
        #expect(parameter.neverFires == ["PARAM-url-policy"])
    }
}
