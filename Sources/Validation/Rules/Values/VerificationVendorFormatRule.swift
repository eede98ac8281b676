import ConformCore
import VAST

/// Verification@vendor should have the recommended form domain-useCase, such as company.com-omid.
struct VerificationVendorFormatRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-verification-vendor-format",
        name: "Verification vendor format",
        summary: "Verification@vendor should have the recommended form domain-useCase, such as company.com-omid",
        rationale: "OM SDK integrations look vendors up by this key, and the spec recommends [domain]-[useCase] to avoid collisions between vendors. A bare name (IAS, moat) may collide or fail an allow-list lookup, so the player rejects the script (verificationNotExecuted, reason 1).",
        fix: "Write vendor=\"company.com-omid\".",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17", quote: "vendor*: An identifier for the verification vendor. The recommended format is [domain]- [useCase], to avoid name collisions. For example, \"company.com-omid\"."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications><Verification vendor="company.com-omid"/></AdVerifications></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdVerifications>↓<Verification vendor="moat"/></AdVerifications></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            for verification in ad.body?.adVerifications ?? [] {
                guard let vendor = verification.vendor, !vendor.isEmpty else { continue }
                guard let dash = vendor.lastIndex(of: "-") else {
                    context.report("Verification@vendor \"\(vendor)\" is not in the recommended form domain-useCase (company.com-omid)", at: verification.position, path: verification.path)
                    continue
                }
                let domain = vendor[..<dash], useCase = vendor[vendor.index(after: dash)...]
                if !domain.utf8.contains(UInt8(ascii: ".")) || useCase.isEmpty {
                    context.report("Verification@vendor \"\(vendor)\" is not in the recommended form domain-useCase (company.com-omid)", at: verification.position, path: verification.path)
                }
            }
        }
    }
}
