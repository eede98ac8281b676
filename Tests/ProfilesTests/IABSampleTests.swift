import ConformCore
import Foundation
import Testing
import VAST
@testable import Profiles

/// Every profile over the public IAB sample tags: no crash, deterministic output, and the expected
/// verdicts for the samples whose flow is known.
@Suite struct IABSampleTests {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/iab-vast-samples")

    static func samples() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".xml") { files.append(path) }
        }
        return files.sorted()
    }

    func load(_ path: String) throws -> DecodedInput {
        VASTDecoder.decode(try Data(contentsOf: Self.root.appendingPathComponent(path)))
    }

    @Test func everyProfileRunsOnEverySample() throws {
        let files = Self.samples()
        guard !files.isEmpty else {
            print("skipped: the IAB VAST samples are not present at \(Self.root.lastPathComponent)")
            return
        }
        #expect(files.count >= 70)
        var options = ProfileOptions()
        options.contentDuration = 600
        for file in files {
            let input = try load(file)
            for name in ProfileName.allCases {
                let first = Profiles.evaluate(name, input: input, options: options, file: file)
                let again = Profiles.evaluate(name, input: input, options: options, file: file)
                #expect(first == again, "\(file): \(name) is not deterministic")
                #expect(!first.verdict.isEmpty)
                #expect(first.diagnostics.allSatisfy { $0.ruleID.hasPrefix("PROFILE-") && $0.file == file })
                #expect(first.diagnostics.allSatisfy { ProfileRules.description($0.ruleID) != nil }, "\(file): unknown profile rule id")
            }
        }
    }

    @Test(arguments: ["VAST-3.0-Samples", "VAST-4.0-Samples", "VAST-4.1-Samples", "VAST-4.2-Samples"])
    func knownVerdicts(folder: String) throws {
        guard FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(folder).path) else {
            print("skipped: \(folder) is not present")
            return
        }
        let nonLinear = Profiles.evaluate(.pause, input: try load("\(folder)/Inline_Non-Linear_Tag-test.xml"))
        #expect(nonLinear.eligible == true, "\(folder): \(nonLinear.verdict)")
        #expect((nonLinear.pixels?["impression"]?.count ?? 0) > 0)
        let linear = Profiles.evaluate(.pause, input: try load("\(folder)/Inline_Linear_Tag-test.xml"))
        #expect(linear.eligible == false)
        #expect(linear.diagnostics.map(\.ruleID) == ["PROFILE-pause-nonlinear-required"])
        let wrapper = Profiles.evaluate(.pause, input: try load("\(folder)/Wrapper_Tag-test.xml"))
        #expect(wrapper.diagnostics.map(\.ruleID) == ["PROFILE-pause-wrapper-unresolved"])
        let ssai = Profiles.evaluate(.ssai, input: try load("\(folder)/Inline_Linear_Tag-test.xml"))
        let ad = try #require(ssai.ssai?.adBreaks.first?.ads.first)
        #expect(ad.resourceURI != nil && ad.duration != nil, "\(folder): \(ad)")
        let companion = Profiles.evaluate(.companion, input: try load("\(folder)/Inline_Companion_Tag-test.xml"))
        #expect(companion.decision == "none", "the IAB companion sample has no 320x50 companion")
    }
}
