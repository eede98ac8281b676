import ConformCore
import VAST

/// InLine must carry an AdServingId from VAST 4.1.
struct AdServingIdPresentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-adservingid-present",
        name: "AdServingId present",
        summary: "every <InLine> must contain an <AdServingId> (VAST 4.1 and later)",
        rationale: "VAST 4.1 made AdServingId required for InLine ads: it is the identifier every party uses to match impression-level data, and players fill [ADSERVINGID] on pixels from it. Not checked before 4.1, where the element does not exist.",
        fix: "Add <AdServingId>ServerName-<GUID></AdServingId> to the <InLine>, unique for each ad.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.3", quote: "Any ad server that returns a VAST containing an <InLine> ad must generate a pseudo-unique identifier"),
        ],
        validExamples: [
            SketchTag.inLine("4.1", "<AdServingId>srv-47ed3bac-1768-4b9a-9d0e-0b92422ab066</AdServingId>"),
            SketchTag.inLine("4.0", "<AdTitle>no AdServingId before 4.1</AdTitle>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad id=\"1\">↓<InLine><AdTitle>t</AdTitle></InLine></Ad></VAST>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let inLine = ad.inLine, inLine.adServingId == nil else { continue }
            context.report("<InLine> has no <AdServingId>; VAST \(context.version.rawValue) requires one for every InLine ad", at: inLine.position, path: inLine.path)
        }
    }
}
