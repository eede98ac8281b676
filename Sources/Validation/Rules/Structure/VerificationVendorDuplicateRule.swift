import ConformCore
import VAST

/// The same vendor twice in one ad.
struct VerificationVendorDuplicateRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-vendor-duplicate",
        name: "Verification vendor repeated",
        summary: "two <Verification> elements of one ad name the same vendor",
        rationale: "Each Verification describes one vendor's measurement; two with the same vendor make the player run the script twice or pick one arbitrarily, and the vendor double-counts. Several API frameworks of one vendor belong in one Verification as several resources.",
        fix: "Merge the resources into one <Verification vendor=\"…\">.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "The <Verification> element contains the executable and bootstrapping data required to run the measurement code for a single verification vendor"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"a.example-omid\"/><Verification vendor=\"b.example-omid\"/></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"a.example-omid\"/>\n↓<Verification vendor=\"a.example-omid\"/></AdVerifications>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            var seen = SeenStrings()
            for verification in ad.body?.adVerifications ?? [] {
                guard let vendor = verification.vendor, !vendor.isBlank else { continue }
                if !seen.insert(vendor) {
                    context.report("<Verification> vendor \"\(vendor)\" appears twice in this ad", at: verification.position, path: verification.path)
                }
            }
        }
    }
}
