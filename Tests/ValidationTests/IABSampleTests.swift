import ConformCore
import Foundation
import Testing
import VAST
@testable import Validation

/// The public IAB VAST sample tags, run through the full validator. They live outside the project
/// (`../shared/corpus/iab-vast-samples` beside the package, or `CONFORM_IAB_SAMPLES`); the tests are
/// skipped when they are absent.
enum IABSamples {
    static let directory: URL = {
        if let path = ProcessInfo.processInfo.environment["CONFORM_IAB_SAMPLES"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus/iab-vast-samples")
    }()

    static let files: [String] = {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var out: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".xml") { out.append(path) }
        }
        return out.sorted()
    }()

    static var available: Bool { !files.isEmpty }

    static func validate(_ relative: String) throws -> (DecodedInput, [Diagnostic]) {
        let data = try Data(contentsOf: directory.appendingPathComponent(relative))
        let input = VASTDecoder.decode(data)
        return (input, Validator.validate(input, file: relative))
    }

    /// Ids of the rule families of this module's structural and value checks.
    static let familyIDs = Set((RuleFamilies.document + RuleFamilies.values + RuleFamilies.vmap + RuleFamilies.xml).map { $0.description.id })

    static func errorIDs(_ relative: String) throws -> Set<String> {
        Set(try validate(relative).1.filter { $0.severity == .error && familyIDs.contains($0.ruleID) }.map(\.ruleID))
    }
}

@Suite(.enabled(if: IABSamples.available, "IAB VAST samples not found beside the package (set CONFORM_IAB_SAMPLES to run)"))
struct IABSampleTests {
    @Test func everySampleGetsAVerdictWithoutCrashing() throws {
        #expect(IABSamples.files.count >= 70)
        for file in IABSamples.files {
            let (input, diagnostics) = try IABSamples.validate(file)
            // Every sample is well-formed; each is VAST 2.0+ or a VAST 1.0 document the decoder refuses.
            #expect(input.xml.isWellFormed, "\(file)")
            #expect(input.vast != nil || diagnostics.contains { $0.ruleID == "VAST-1.0-unsupported" }, "\(file)")
            #expect(diagnostics.allSatisfy { $0.file == file && $0.position != nil }, "\(file)")
            #expect(diagnostics == diagnostics.sorted(), "\(file)")
        }
    }

    @Test func pinnedFindingsOnInspectedSamples() throws {
        #expect(try IABSamples.errorIDs("VAST-1-2.0-Samples/vast1RegularLinear.xml") == ["VAST-1.0-unsupported"])
        // The Tremor VAST 2.0 overlay sample has no <Impression> in any of its ads.
        #expect(try IABSamples.errorIDs("VAST-1-2.0-Samples/Tremor-Video-Samples/vast2Nonlinear.xml") == ["VAST-2.0-inline-impression"])
        #expect(try IABSamples.validate("VAST-1-2.0-Samples/Tremor-Video-Samples/vast2Nonlinear.xml").1
            .contains { $0.ruleID == "VAST-2.0-flash-content" && $0.severity == .warning })
        // The 4.0 mezzanine sample's <Mezzanine> has no attributes, as every 4.0 XSD declares it (a bare
        // anyURI); the required attributes arrive with 4.1.
        #expect(try IABSamples.errorIDs("VAST-4.0-Samples/SSAI_stitching_mezzanine_file_support-test.xml").isEmpty)
        // The 4.2 fallback-image sample omits the image size; its StaticResource without creativeType is
        // what the 4.2 XSD declares there (a bare anyURI).
        #expect(try IABSamples.errorIDs("VAST-4.2-Samples/IconClickFallbacks.xml") == ["VAST-4.2-icon-fallback-image-dimensions"])
        #expect(try IABSamples.errorIDs("VAST-4.2-Samples/Ad_Verification-test.xml")
            == ["VAST-4.1-verification-vendor", "VAST-4.1-verification-resource-attributes"])
    }

    @Test(arguments: [
        "VAST-3.0-Samples/Inline_Linear_Tag-test.xml", "VAST-3.0-Samples/Wrapper_Tag-test.xml",
        "VAST-4.0-Samples/Universal_Ad_ID-test.xml", "VAST-4.1-Samples/Closed_Caption_Test.xml",
        "VAST-4.2-Samples/Inline_Simple.xml", "VAST-4.2-Samples/Universal_Ad_ID-multi-test.xml",
        "VAST-4.2-Samples/Wrapper_Tag-test.xml",
        // A VAST 2.0 wrapper whose NonLinearAds carries only TrackingEvents, as wrappers may.
        "VAST-1-2.0-Samples/Tremor-Video-Samples/vast_wrapper_nonlinear_1.xml",
    ])
    func cleanSamplesHaveNoStructuralErrors(file: String) throws {
        #expect(try IABSamples.errorIDs(file).isEmpty)
    }

    @Test func declaredVersionsAreRespected() throws {
        // The 4.1 samples declare 4.1 and use conditionalAd, deprecated in 4.1: a warning, not a mismatch.
        let diagnostics = try IABSamples.validate("VAST-4.1-Samples/Inline_Simple.xml").1
        #expect(diagnostics.contains { $0.ruleID == "VAST-4.1-conditionalad-deprecated" })
        #expect(!diagnostics.contains { $0.ruleID == "VAST-2.0-version-mismatch" })
    }
}
