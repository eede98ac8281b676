import ConformCore
import VAST

/// <Survey> is deprecated from VAST 4.1.
struct SurveyDeprecatedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-survey-deprecated",
        name: "Survey deprecated",
        summary: "<Survey> is deprecated from VAST 4.1",
        rationale: "VAST 4.1 deprecates Survey; survey and brand-lift vendors measure through AdVerifications now. Players ignore it. The XSDs of 4.1 and later still declare Survey: the deprecation is in the text only.",
        fix: "Remove <Survey>; use a <Verification> for measurement vendors.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Survey"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.9", quote: "The survey node is deprecated in VAST 4.1"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Survey>https://s.example</Survey></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.1"><Ad><InLine>↓<Survey>https://s.example</Survey></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "InLine", items: ["Survey"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "InLine/Survey minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let survey = ad.body?.survey else { continue }
            context.report("<Survey> is deprecated in VAST \(context.version.rawValue) and ignored by players", at: survey.url)
        }
    }
}
