import ConformCore
import VAST

/// Survey is deprecated from VAST 4.1.
struct SurveyDeprecatedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-survey-deprecated",
        name: "Survey deprecated",
        summary: "an <InLine> uses <Survey>, deprecated in VAST 4.1",
        rationale: "VAST 4.1 deprecated Survey because usage was very limited; players are not expected to load it. Survey vendors use third-party trackers instead. Deprecated: warning.",
        fix: "Remove <Survey>; deliver the survey vendor's pixel as an <Impression> or tracking event.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.9", quote: "The survey node is deprecated in VAST 4.1"),
        ],
        validExamples: [
            SketchTag.inLine("4.0", "<Survey><![CDATA[https://s.example/s]]></Survey>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<Survey><![CDATA[https://s.example/s]]></Survey>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let survey = ad.body?.survey else { continue }
            context.report("<Survey> is deprecated since VAST 4.1", at: survey.url)
        }
    }
}
