import ConformCore
import VAST

/// Every <InLine> must contain an <AdServingId> in VAST 4.1 and later.
struct InLineAdServingIdRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-adservingid-present",
        name: "InLine AdServingId",
        summary: "every <InLine> must contain an <AdServingId> in VAST 4.1 and later",
        rationale: "VAST 4.1 made AdServingId required: one id for the impression that every party (ad server, verification, SSAI) logs, also sent through [ADSERVINGID]. Earlier versions do not have it, so the rule starts at 4.1.",
        fix: "Add <AdServingId>a532d16d-4d7f-4440-bd29-2ec0e693fc80</AdServingId> (a GUID per served ad) to the <InLine>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["InLine"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.3", quote: "Any ad server that returns a VAST containing an <InLine> ad must generate a pseudo-unique identifier"),
            SpecReference(document: .vast43, section: "VAST 4.1 Updates", quote: "AdServingId: A required field has been added"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdServingId>a532d16d</AdServingId></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.1"><Ad>↓<InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "InLine", items: ["AdServingId"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "InLine/AdServingId minOccurs=\"1\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.inLine, body.adServingId == nil else { continue }
            context.report("<InLine> has no <AdServingId>, which VAST \(context.version.rawValue) requires", at: body.position, path: body.path)
        }
    }
}
