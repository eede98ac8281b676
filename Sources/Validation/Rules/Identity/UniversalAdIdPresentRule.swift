import ConformCore
import VAST

/// InLine creatives need a UniversalAdId from VAST 4.0.
struct UniversalAdIdPresentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-present",
        name: "UniversalAdId present",
        summary: "InLine creatives must have a <UniversalAdId> (4.0–4.2: every creative; 4.3: Linear creatives)",
        rationale: """
            UniversalAdId identifies the creative across systems (Ad-ID, Clearcast). The sources disagree on \
            its scope: the 4.2 schema requires it (minOccurs=\"1\" in Creative_Inline_type) on every InLine creative, and 4.3 §3.7.1 \
            marks it required, but 4.3 §1.3.2 says it "is required for linear ads". Decision: for VAST 4.0 to \
            4.2 every InLine creative must carry one, following the schema; for 4.3 only creatives with a \
            <Linear> are required to, following the 4.3 prose, so NonLinear and Companion creatives are not \
            reported there. Wrapper creatives are never required to.
            """,
        fix: "Add <UniversalAdId idRegistry=\"ad-id.org\">CNPA0484000H</UniversalAdId> (or idRegistry=\"unknown\") as the first child of <Creative>.",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "A required element for the purpose of tracking ad creative"),
            SpecReference(document: .vast43, section: "1.3.2", quote: "The new <UniversalAdId> element is required for linear ads"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<UniversalAdId idRegistry=\"ad-id.org\">CNPA0484000H</UniversalAdId><Linear/>"),
            SketchTag.creative("4.3", "<CompanionAds/>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Creatives>↓<Creative><CompanionAds/></Creative></Creatives>"),
            SketchTag.inLine("4.3", "<Creatives>↓<Creative><Linear/></Creative></Creatives>"),
        ])

    func check(_ context: RuleContext) {
        for (body, creative) in context.creatives where body.kind == .inLine && creative.universalAdIds.isEmpty {
            if context.version >= .v4_3 && creative.linear == nil { continue }
            context.report("<Creative> has no <UniversalAdId>", at: creative.position, path: creative.path)
        }
    }
}
