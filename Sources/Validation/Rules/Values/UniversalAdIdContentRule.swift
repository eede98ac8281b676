import ConformCore
import VAST

/// From VAST 4.1 every <UniversalAdId> must contain the creative id as its text.
struct UniversalAdIdContentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-universaladid-content",
        name: "UniversalAdId content",
        summary: "from VAST 4.1 every <UniversalAdId> must contain the creative id as its text",
        rationale: "Since 4.1 the id is the element's content (\"unknown\" when there is none); an empty element identifies nothing and breaks [UNIVERSALADID] in tracking URLs.",
        fix: "Write the id as content: <UniversalAdId idRegistry=\"ad-id.org\">ABCD1234000H</UniversalAdId>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["UniversalAdId"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "Content: A string identifying the unique creative identifier. Default value is “unknown”"),
            SpecReference(document: .vast43, section: "3.7.1", quote: "should always use the Content as the source of truth for the creative ID value"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.1"><Ad><InLine><Creatives><Creative><UniversalAdId idRegistry="ad-id.org">X</UniversalAdId><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.1"><Ad><InLine><Creatives><Creative>↓<UniversalAdId idRegistry="ad-id.org" idValue="X"/><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for id in creative.universalAdIds where id.value.isEmpty {
                context.report("<UniversalAdId> is empty; from VAST 4.1 the id is its content (\"unknown\" if there is none)", at: id.position, path: id.path)
            }
        }
    }
}
