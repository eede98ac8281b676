import ConformCore
import VAST

/// Verification@vendor should have the recommended form domain-useCase, such as company.com-omid.
struct VerificationVendorFormatRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-vendor-format",
        name: "Verification vendor format",
        summary: "Verification@vendor should have the recommended form domain-useCase, such as company.com-omid",
        rationale: "OM SDK integrations look vendors up by this key, and the spec recommends [domain]-[useCase] to avoid collisions between vendors; players' vendor allow-lists hold keys of that form. A bare name (IAS, moat) may collide or miss the allow-list, and the player refuses the script (verificationNotExecuted, reason 1). Recommended, so warning. The form: a domain with a dot (not at either end) before the last hyphen, a use case after it, and no whitespace. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares. The XSDs type vendor as xs:string, which takes any key; the [domain]-[useCase] form is the text's recommendation.",
        fix: "Write the vendor's domain and use case, for example vendor=\"company.com-omid\".",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "vendor*: An identifier for the verification vendor. The recommended format is [domain]- [useCase], to avoid name collisions. For example, \"company.com-omid\"."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="company.com-omid"/></AdVerifications></InLine></Ad></VAST>"#),
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"company.com-omid\"/></AdVerifications>"),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications>↓<Verification vendor="moat"/></AdVerifications></InLine></Ad></VAST>"#),
            SketchTag.inLine("4.2", "<AdVerifications>↓<Verification vendor=\"CompanyVerify\"/>↓<Verification vendor=\"company.com-\"/>↓<Verification vendor=\"company .com-omid\"/>↓<Verification vendor=\".com-omid\"/></AdVerifications>"),
            SketchTag.verificationExtension("4.0", "↓<Verification vendor=\"moat\"/>"),
        ],
        deprecatedAliases: ["VAST-4.1-verification-vendor-domain"],
        schemaBasis: SchemaBasis(element: "Verification", items: ["vendor"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "Verification@vendor type=\"xs:string\"", .looser),
        ]))

    /// `domain.tld-useCase`: a dot in the part before the last hyphen, not at either end of it, a non-empty
    /// use case, and no whitespace.
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
        for group in context.verificationGroups {
            for verification in group {
                // A missing or blank vendor is VAST-4.1-verification-vendor's.
                guard let vendor = verification.vendor, !vendor.isBlank, !Self.isRecommended(vendor) else { continue }
                context.report("Verification@vendor \"\(vendor)\" is not in the recommended form domain-useCase (company.com-omid)",
                               at: verification.position, path: verification.path)
            }
        }
    }
}
