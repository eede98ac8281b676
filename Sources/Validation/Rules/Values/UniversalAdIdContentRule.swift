import ConformCore
import VAST

/// From VAST 4.1 every <UniversalAdId> must contain the creative id as its text.
struct UniversalAdIdContentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-universaladid-content",
        name: "UniversalAdId content",
        summary: "from VAST 4.1 every <UniversalAdId> must contain the creative id as its text",
        rationale: "Since 4.1 the id is the element's content (\"unknown\" when there is none); an empty element identifies nothing and breaks [UNIVERSALADID] in tracking URLs. The 4.1 and 4.2 XSDs reject the 4.0 form (an idValue attribute and no content) because they no longer declare idValue, but type the content as xs:string, which takes an empty element without it; the draft 4.4 schema declares idValue again. The rule reports every empty id, as the text asks for \"unknown\" when there is none.",
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
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/><UniversalAdId idRegistry="ad-id.org">X</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.1"><Ad><InLine><Creatives><Creative>↓<UniversalAdId idRegistry="ad-id.org" idValue="X"/><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/>↓<UniversalAdId idRegistry="ad-id.org" idValue="X"/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear/>↓<UniversalAdId idRegistry="ad-id.org"></UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "UniversalAdId", [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "UniversalAdId content xs:string, no idValue attribute", .partial),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "UniversalAdId content vastString_type, idValue use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for id in creative.universalAdIds where id.value.isEmpty {
                context.report("<UniversalAdId> is empty; from VAST 4.1 the id is its content (\"unknown\" if there is none)", at: id.position, path: id.path)
            }
        }
    }
}
