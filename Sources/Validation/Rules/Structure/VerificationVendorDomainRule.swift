import ConformCore
import VAST

/// vendor in the recommended domain-useCase form.
struct VerificationVendorDomainRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-vendor-domain",
        name: "Verification vendor format",
        summary: "a <Verification> vendor is not in the recommended [domain]-[useCase] form (company.com-omid)",
        rationale: "The recommended format avoids name collisions and is what players' vendor allow-lists contain; a bare name may not match and the script is refused (reason 1). Recommended, so info.",
        fix: "Use the vendor's domain and use case, for example vendor=\"company.com-omid\".",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "The recommended format is [domain]- [useCase], to avoid name collisions. For example, \"company.com-omid\""),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"company.com-omid\"/></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications>↓<Verification vendor=\"CompanyVerify\"/></AdVerifications>"),
        ])

    /// `domain.tld-useCase`: a dot in the part before the last hyphen, and a non-empty use case.
    static func isRecommended(_ vendor: String) -> Bool {
        guard let dash = vendor.lastIndex(of: "-") else { return false }
        let domain = vendor[..<dash], useCase = vendor[vendor.index(after: dash)...]
        return domain.utf8.contains(UInt8(ascii: ".")) && !domain.hasPrefix(".") && !domain.hasSuffix(".") && !useCase.isEmpty
            && !hasWhitespace(vendor)
    }

    /// `vendor.contains(where: \.isWhitespace)`, read on the bytes when they are ASCII (where the
    /// whitespace characters are tab to carriage return and space): the character walk looked each
    /// character's Unicode properties up.
    static func hasWhitespace(_ vendor: String) -> Bool {
        let bytes = vendor.utf8
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.contains { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) } }
        return vendor.contains(where: \.isWhitespace)
    }

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for verification in ad.body?.adVerifications ?? [] {
                guard let vendor = verification.vendor, !vendor.isBlank, !Self.isRecommended(vendor) else { continue }
                context.report("<Verification> vendor \"\(vendor)\" is not in the form domain-useCase (company.com-omid)", at: verification.position, path: verification.path)
            }
        }
    }
}
