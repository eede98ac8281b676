import ConformCore
import VAST

/// The rules that check the content of a `<Verification>` (the 4.1 form). Besides `<AdVerifications>` in 4.1+
/// documents, they check `<Extension type="AdVerifications">`: in 4.1+ documents in the same pass, and in
/// earlier ones, where the extension is how verification travels (4.3 §1.8), in a pass of their own over
/// ``DecodedInput/extensionVerificationInput``.
enum VerificationContentRules {
    static let types: [any Rule.Type] = [
        MacroReasonMissingRule.self,
        TrackingVerificationEventRule.self,
        VerificationParametersCDATARule.self,
        VerificationResourceAttributesRule.self,
        VerificationResourceDuplicateRule.self,
        VerificationResourceRule.self,
        VerificationVendorDuplicateRule.self,
        VerificationVendorFormatRule.self,
        VerificationVendorRule.self,
    ]

    static let ids: Set<String> = Set(types.map { $0.description.id })
}

extension RuleContext {
    /// The verifications the verification rules check, in groups of one carrier per ad: an ad's
    /// `<AdVerifications>` from VAST 4.1 on (where that form of it arrived), and its
    /// `<Extension type="AdVerifications">` (how the same content travels before 4.1). The carriers stay apart,
    /// so a tag that serves both, for older and newer players, holds no duplicate.
    var verificationGroups: [[Verification]] {
        var out: [[Verification]] = []
        for ad in ads {
            guard let body = ad.body else { continue }
            if version >= .v4_1, !body.adVerifications.isEmpty { out.append(body.adVerifications) }
            if !body.extensionVerifications.isEmpty { out.append(body.extensionVerifications) }
        }
        return out
    }

    /// Whether a verification `<Tracking>` is one the verification rules check (see ``verificationGroups``).
    func checksVerificationTracking(_ item: TrackingItem) -> Bool {
        item.parent == .verification && (item.fromExtension || version >= .v4_1)
    }
}

extension DecodedInput {
    /// For a VAST document before 4.1 whose ads carry `<Extension type="AdVerifications">`: the same document as
    /// the verification rules see it, 4.1 content with each ad's extension verifications and nothing else, so
    /// that they check it as they check `<AdVerifications>`. The XML tree is the document's own, so every
    /// position and path points into it. `nil` otherwise.
    var extensionVerificationInput: DecodedInput? {
        guard let vast, let version = vast.version, version < .v4_1,
              vast.ads.contains(where: { !($0.body?.extensionVerifications.isEmpty ?? true) }) else { return nil }
        let ads = vast.ads.map { ad -> Ad in
            var fields = ad.fields
            func strip(_ body: AdBody?) -> AdBody? {
                guard let body, !body.extensionVerifications.isEmpty else { return nil }
                return AdBody(
                    kind: body.kind, errors: [], impressions: [], categories: [], adVerifications: body.extensionVerifications,
                    hasAdVerificationsElement: true, blockedAdCategories: [], usesLegacyAdTagURL: false, vastAdTagURICount: 0,
                    extensions: [], creatives: [], hasCreativesElement: false, position: body.position, path: body.path,
                    childCounts: [:])
            }
            fields.inLine = strip(ad.inLine)
            fields.wrapper = strip(ad.wrapper)
            return Ad(fields: fields)
        }
        var fields = vast.fields
        fields.version = .v4_1
        fields.errors = []
        fields.ads = ads
        return DecodedInput(xml: xml, vast: VASTDocument(fields: fields), vmap: nil, rootName: rootName, findings: [])
    }
}
