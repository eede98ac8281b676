import ConformCore
import VAST

/// A VAST 1.0 <VideoAdServingTemplate> document is not a supported response.
struct VAST1UnsupportedRule: DecodeFindingRule {
    static let description = RuleDescription(
        id: "VAST-1.0-unsupported",
        name: "VAST 1.0 not supported",
        summary: "a VAST 1.0 <VideoAdServingTemplate> document is not a supported response",
        rationale: "VAST 1.0 was deprecated by VAST 3.0; its root element and structure differ from every later version and current players answer it with error 102 (version not supported).",
        fix: "Ask the ad server for VAST 2.0 or later (VAST 4.2 is the best supported today).",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .vast3, section: "2.4.2.1", quote: "VAST 1.0 is deprecated"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "102 VAST version of response not supported."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="2.0"/>"#),
        ],
        invalidExamples: [
            RuleExample(#"↓<VideoAdServingTemplate><Ad id="1"/></VideoAdServingTemplate>"#),
        ],
        schemaBasis: .outsideVASTSchemas("the rule checks for a VAST 1.0 document (root <VideoAdServingTemplate>), a format the 2.0 to 4.4 XSDs do not describe; it rests on the texts, which deprecate VAST 1.0 (3.0) and give error 102 for an unsupported version (4.3)."))
}
