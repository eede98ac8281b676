import ConformCore
import VAST

/// The same vendor twice in one ad.
struct VerificationVendorDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-vendor-duplicate",
        name: "Verification vendor repeated",
        summary: "two <Verification> elements of one ad name the same vendor",
        rationale: "Each Verification describes one vendor's measurement; two with the same vendor make the player run the script twice or pick one arbitrarily, and the vendor double-counts. Several API frameworks of one vendor belong in one Verification as several resources. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares.",
        fix: "Merge the resources into one <Verification vendor=\"…\">.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "The <Verification> element contains the executable and bootstrapping data required to run the measurement code for a single verification vendor"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"a.example-omid\"/><Verification vendor=\"b.example-omid\"/></AdVerifications>"),
            SketchTag.verificationExtension("4.2", "<Verification vendor=\"a.example-omid\"/>", before: "<AdVerifications><Verification vendor=\"a.example-omid\"/></AdVerifications>\n"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"a.example-omid\"/>\n↓<Verification vendor=\"a.example-omid\"/></AdVerifications>"),
            SketchTag.verificationExtension("3.0", "<Verification vendor=\"a.example-omid\"/>\n↓<Verification vendor=\"a.example-omid\"/>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for group in context.verificationGroups {
            var seen = Set<String>()
            for verification in group {
                guard let vendor = verification.vendor, !vendor.isBlank else { continue }
                if !seen.insert(vendor).inserted {
                    context.report("<Verification> vendor \"\(vendor)\" appears twice in this ad", at: verification.position, path: verification.path)
                }
            }
        }
    }
}
