import ConformCore

/// InLine must carry an AdSystem.
struct InLineAdSystemRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-inline-adsystem",
        name: "InLine AdSystem",
        summary: "every <InLine> must contain an <AdSystem>",
        rationale: "AdSystem is required (minOccurs 1) in every VAST schema; it names the ad server that returned the ad and is what ad-ops use to trace a broken ad. The XSDs require AdSystem in an InLine, as the rule does, and in a Wrapper too, which VAST-2.0-wrapper-adsystem checks.",
        fix: "Add <AdSystem version=\"1.0\">Your ad server</AdSystem> as the first child of <InLine>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["InLine"],
        specReferences: [
            SpecReference(document: .vast42, section: "3.4.1", quote: "<AdSystem> ... Required"),
        ],
        validExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"),
            RuleExample("<VAST version=\"4.2\"><Ad><Wrapper/></Ad></VAST>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad>\n  ↓<InLine><AdTitle>t</AdTitle></InLine></Ad></VAST>"),
        ],
        schemaBasis: SchemaBasis(element: "InLine", items: ["AdSystem"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "InLine/AdSystem minOccurs=\"1\" (and Wrapper/AdSystem)", .partial),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let inline = ad.inLine, inline.adSystem == nil else { continue }
            context.report("<InLine> has no <AdSystem>", at: inline.position, path: inline.path)
        }
    }
}
