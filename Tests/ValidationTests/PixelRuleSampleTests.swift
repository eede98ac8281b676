import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// The public IAB sample tags through the tracking, URL, macro and identity rules: these are the tags
/// the spec's authors publish as correct, so error findings from these families must be the few known,
/// real defects of the samples (and not false positives).
enum PixelRuleCorpus {
    /// The sample folder: `shared/corpus/iab-vast-samples` beside the package, when it is there (set
    /// CONFORM_IAB_SAMPLES to point elsewhere).
    static let directory: URL? = {
        let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/iab-vast-samples")
        let path = ProcessInfo.processInfo.environment["CONFORM_IAB_SAMPLES"] ?? beside.path
        return FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path) : nil
    }()
}

@Suite(.enabled(if: PixelRuleCorpus.directory != nil, "IAB sample tags not found (set CONFORM_IAB_SAMPLES); skipped"))
struct PixelRuleSampleTests {
    static var samples: [URL] {
        guard let root = PixelRuleCorpus.directory,
              let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "xml" }
            .sorted { $0.path < $1.path }
    }

    static let familyIDs: Set<String> = Set(
        (RuleFamilies.tracking + RuleFamilies.url + RuleFamilies.macro + RuleFamilies.identity).map { $0.description.id })

    /// Real defects in the samples: an rtsp: Mezzanine and an Error URL without a scheme.
    static let knownErrors: [String: Set<String>] = [
        "SSAI_stitching_mezzanine_file_support-test.xml": ["VAST-2.0-url-scheme"],
        "SSAI_stitching-_VPAID_separation-test.xml": ["VAST-2.0-url-scheme"],
        "Inline_NonLinear_VAST2.0.xml": ["VAST-2.0-url-invalid"],
    ]

    @Test func samplesHaveOnlyTheirKnownErrors() throws {
        let samples = Self.samples
        #expect(samples.count >= 50)
        for url in samples {
            let input = VASTDecoder.decode(try Data(contentsOf: url))
            let errors = Validator.validate(input)
                .filter { Self.familyIDs.contains($0.ruleID) && $0.severity == .error }
            let allowed = Self.knownErrors[url.lastPathComponent] ?? []
            let unexpected = errors.filter { !allowed.contains($0.ruleID) }
            #expect(unexpected.isEmpty, "\(url.lastPathComponent): \(unexpected.map { "\($0.ruleID) \($0.position?.description ?? "") \($0.message)" })")
        }
    }

    @Test func findingsOnSamplesAreWellFormed() throws {
        for url in Self.samples {
            let input = VASTDecoder.decode(try Data(contentsOf: url))
            for finding in Validator.validate(input) where Self.familyIDs.contains(finding.ruleID) {
                #expect(finding.position != nil && finding.path != nil, "\(finding.ruleID) without a location")
                #expect(!finding.message.hasSuffix("."), "\(finding.ruleID): \(finding.message)")
                #expect(finding.spec != nil)
            }
        }
    }
}

/// Messages of every rule of these families, on their own invalid examples: plain, no trailing period,
/// not starting with a capital letter (element names in angle brackets are fine).
@Suite struct RuleMessageTests {
    @Test func messagesFollowTheHouseStyle() {
        for type in RuleFamilies.tracking + RuleFamilies.url + RuleFamilies.macro + RuleFamilies.identity {
            for example in type.description.invalidExamples {
                for finding in Validator.validate(VASTDecoder.decode(example.cleanText), rules: [type]) {
                    let first = finding.message.first
                    #expect(first != nil && !(first!.isLetter && first!.isUppercase), "\(finding.ruleID): \(finding.message)")
                    #expect(!finding.message.hasSuffix("."), "\(finding.ruleID): \(finding.message)")
                    #expect(finding.message.count > 15, "\(finding.ruleID): \(finding.message)")
                }
            }
        }
    }
}
