import ConformCore
import Conformance
import Foundation

/// `results.sarif`: SARIF 2.1.0 for code-scanning UIs. `tool.driver.rules` lists every rule given
/// (id, name, descriptions, help link, default level); each result is one unmet expectation (or a
/// case that could not run), with `ruleId`, `ruleIndex`, level and a 1-based physical location in
/// the tag file, so the UI annotates the line that broke the gate.
///
/// Diagnostics a case was expected to produce are not results: in a conformance corpus most of
/// them are deliberate.
///
/// Against a baseline (`conform run --baseline`), every result carries `baselineState` (SARIF 2.1.0
/// §3.27.24): `new` for a case failing now and not in the baseline, `unchanged` for a known failure,
/// whose level is then `warning` (it does not fail the gate; GitHub annotations say the same).
public struct SARIFReporter: StreamingReporter {
    /// ``ReportFormat/sarif``.
    public static let format = ReportFormat.sarif

    /// The tool's home page, linked from the SARIF driver.
    public var informationURI: String?

    /// - Parameter informationURI: the tool's home page for `tool.driver.informationUri`, or `nil`.
    public init(informationURI: String? = nil) {
        self.informationURI = informationURI
    }

    /// Rule ids for results that name no rule of the catalogue.
    enum SyntheticRule: String, CaseIterable {
        case caseError = "conform-case-error"
        case expectation = "conform-expectation"
        case expectedFailure = "conform-expected-failure"

        var descriptor: SARIF.ReportingDescriptor {
            switch self {
            case .caseError:
                SARIF.ReportingDescriptor(
                    id: rawValue, name: "CaseError",
                    shortDescription: .init(text: "A corpus case could not be run"),
                    fullDescription: .init(text: "The case's file or expectation could not be read, or the input could not be processed."),
                    help: .init(text: "Fix the case's file or its expectation; the message says what failed."),
                    helpUri: nil, defaultConfiguration: .init(level: "error"))
            case .expectation:
                SARIF.ReportingDescriptor(
                    id: rawValue, name: "UnmetExpectation",
                    shortDescription: .init(text: "A corpus expectation was not met"),
                    fullDescription: .init(text: "The case's outcome (verdict, tracking, chain, parameters or profile) differs from what its expectation states."),
                    help: .init(text: "Fix the tag or, when the new outcome is right, update the expectation."),
                    helpUri: nil, defaultConfiguration: .init(level: "error"))
            case .expectedFailure:
                SARIF.ReportingDescriptor(
                    id: rawValue, name: "ExpectedFailure",
                    shortDescription: .init(text: "A strict expected failure failed exactly as declared"),
                    fullDescription: .init(text: "The case's expectation is deliberately wrong, to test the judge; the run reported exactly the mismatches it declares, so the case passes."),
                    help: .init(text: "Nothing to fix: the result is a pass. When it fails instead, the judge reported other mismatches than declared."),
                    helpUri: nil, defaultConfiguration: .init(level: "none"))
            }
        }
    }

    public func render(_ results: RunResults, rules: [RuleDescription]) throws(ReportError) -> String {
        try renderInMemory(results, rules: rules)
    }

    func write(_ digest: RunDigest, source: some CaseSource, to out: ReportOutput) throws {
        var descriptors = digest.rulesByID.values.sorted { $0.id < $1.id }.map(SARIFReporter.descriptor)
        var seen = Set(descriptors.map(\.id))
        // Rules referenced by results but not in the catalogue: the synthetic ones, then unknown ids.
        for synthetic in SyntheticRule.allCases where digest.sarifRuleIDs.contains(synthetic.rawValue) {
            if seen.insert(synthetic.rawValue).inserted { descriptors.append(synthetic.descriptor) }
        }
        for id in digest.sarifRuleIDs.sorted() where seen.insert(id).inserted {
            descriptors.append(SARIF.ReportingDescriptor(
                id: id, name: nil, shortDescription: .init(text: id), fullDescription: nil, help: nil, helpUri: nil,
                defaultConfiguration: .init(level: "error")))
        }
        var index: [String: Int] = [:]
        for (offset, descriptor) in descriptors.enumerated() { index[descriptor.id] = offset }

        let info = digest.info
        func log(_ results: [SARIF.Result]) -> SARIF.Log {
            let run = SARIF.Run(
                tool: .init(driver: .init(
                    name: "conform", version: info.conformVersion, informationUri: informationURI, rules: descriptors)),
                results: results,
                columnKind: "unicodeCodePoints",
                automationDetails: info.shard.map { .init(id: "conform/shard-\($0.replacingSlashes())") })
            return SARIF.Log(schema: "https://json.schemastore.org/sarif-2.1.0.json", version: "2.1.0", runs: [run])
        }
        func marker(_ number: Int) -> SARIF.Result {
            SARIF.Result(ruleId: "conform-stream-marker-\(number)", ruleIndex: 0, level: "error", message: .init(text: ""),
                         locations: [])
        }
        let array = try StreamedJSONArray(pretty: true, format: .sarif, document: { numbers throws(ReportError) in
            try JSONText.encode(log(numbers.map(marker)), format: .sarif, pretty: true) + "\n"
        }, marker: { number throws(ReportError) in
            try JSONText.encode(marker(number), format: .sarif, pretty: true)
        })
        // Failing cases, and the expected failures that passed (as `pass` results, shown apart).
        let expected = Set(digest.expectedFailures)
        let failing = digest.idOrder().filter { digest.entries[$0].rank != UInt8(ReportModel.statusRank(.passed)) || expected.contains($0) }
        let known = info.baseline.map { Set($0.stillFailing) }
        try array.write(to: out) { element in
            try source.forEach(failing, detail: .outline) { item in
                for result in results(of: item, digest: digest, index: index, known: known) {
                    try element(try JSONText.encode(result, format: .sarif, pretty: true))
                }
            }
        }
    }

    /// The SARIF results of one case: one per unmet expectation, or one for a case that could not run.
    /// - Parameter known: with a baseline, the ids of the cases failing in it (see the type's notes).
    func results(of item: CaseResult, digest: RunDigest, index: [String: Int], known: Set<String>? = nil) -> [SARIF.Result] {
        var results = plainResults(of: item, digest: digest, index: index)
        if let known {
            let isKnown = known.contains(item.id)
            for i in results.indices {
                results[i].baselineState = isKnown ? "unchanged" : "new"
                if isKnown { results[i].level = "warning" }
            }
        }
        return results
    }

    private func plainResults(of item: CaseResult, digest: RunDigest, index: [String: Int]) -> [SARIF.Result] {
        let uri = SARIFReporter.uri(digest.repositoryPath(of: item))
        switch item.status {
        case .passed:
            guard let expected = item.expectedFailure else { return [] }
            let ruleID = SyntheticRule.expectedFailure.rawValue
            let mismatches = expected.unmet.map { "\($0.check.rawValue): expected \($0.expected); actual \($0.actual)" }
            let message = "\(item.id): expected failure met (\(expected.reason)): " + mismatches.joined(separator: "; ")
            return [SARIF.Result(ruleId: ruleID, ruleIndex: index[ruleID] ?? 0, level: "none", message: .init(text: message),
                                 locations: [.at(uri, nil)], kind: "pass")]
        case .error:
            let message = "\(item.id): \(item.errorMessage ?? "the case could not be run")"
            let ruleID = SyntheticRule.caseError.rawValue
            return [SARIF.Result(ruleId: ruleID, ruleIndex: index[ruleID] ?? 0, level: "error", message: .init(text: message),
                                 locations: [.at(uri, item.errorLine.map { SourcePosition(line: $0, column: 1) })])]
        case .failed:
            let unmets = item.unmet.isEmpty
                ? [UnmetExpectation(check: .rules, expected: item.expectedVerdict ?? "the expectation to hold", actual: item.actualVerdict)]
                : item.unmet
            return unmets.map { unmet in
                let ruleID = unmet.ruleID ?? SyntheticRule.expectation.rawValue
                var message = "\(item.id): \(unmet.check.rawValue): expected \(unmet.expected); actual \(unmet.actual)"
                if let summary = digest.rulesByID[ruleID]?.summary { message += " (\(ruleID): \(summary))" }
                return SARIF.Result(ruleId: ruleID, ruleIndex: index[ruleID] ?? 0, level: "error", message: .init(text: message),
                                    locations: [.at(uri, unmet.position)])
            }
        }
    }

    static func descriptor(_ rule: RuleDescription) -> SARIF.ReportingDescriptor {
        var help = rule.fix
        if let reference = rule.primaryReference {
            help += "\n\nSee \(reference.description)" + (reference.quote.isEmpty ? "." : ": “\(reference.quote)”")
        }
        return SARIF.ReportingDescriptor(
            id: rule.id, name: rule.name.upperCamelCased(),
            shortDescription: .init(text: rule.summary),
            fullDescription: .init(text: rule.rationale.isEmpty ? rule.summary : rule.rationale),
            help: .init(text: help),
            helpUri: rule.specReferences.lazy.compactMap(\.document.url).first,
            defaultConfiguration: .init(level: level(rule.severity)))
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A relative path as a URI reference (spaces and other reserved characters percent-encoded).
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/!$'()*+,;=:@")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}

/// The subset of the SARIF 2.1.0 object model conform writes.
enum SARIF {
    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind: String
        var automationDetails: AutomationDetails?
    }

    struct AutomationDetails: Encodable { var id: String }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name: String
        var version: String
        var informationUri: String?
        var rules: [ReportingDescriptor]
    }

    struct Message: Encodable { var text: String }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String?
        var shortDescription: Message
        var fullDescription: Message?
        var help: Message?
        var helpUri: String?
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable { var level: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        /// Set on a finding switched off in the source (a directive comment in the tag).
        var suppressions: [Suppression]? = nil
        /// With a baseline: `new` or `unchanged` (§3.27.24).
        var baselineState: String? = nil
        /// `pass` for a strict expected failure met (§3.27.9); absent (`fail`) otherwise.
        var kind: String? = nil
    }

    /// SARIF 2.1.0 §3.35: `kind` is `inSource` for a suppression written in the analysed file.
    struct Suppression: Encodable {
        var kind: String
        var justification: String?
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation

        /// A location in `uri`. Code-scanning UIs need a start line on every result, so a result with
        /// no position points at line 1 (the file as a whole).
        static func at(_ uri: String, _ position: SourcePosition?) -> Location {
            Location(physicalLocation: PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: uri),
                region: Region(startLine: max(1, position?.line ?? 1), startColumn: position.map { max(1, $0.column) })))
        }
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable { var uri: String }

    struct Region: Encodable {
        /// 1-based.
        var startLine: Int
        /// 1-based, in Unicode code points (`run.columnKind`); absent when only the line is known.
        var startColumn: Int?
    }
}

extension String {
    /// `Impression required` → `ImpressionRequired` (SARIF rule names are identifiers).
    func upperCamelCased() -> String {
        split { !$0.isLetter && !$0.isNumber }.map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined()
    }
}
