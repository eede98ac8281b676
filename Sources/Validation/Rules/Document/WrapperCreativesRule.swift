import ConformCore
import VAST

/// A VAST 2.0 or 3.0 <Wrapper> must contain a <Creatives> element.
struct WrapperCreativesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-creatives",
        name: "Wrapper Creatives in VAST 2.0 and 3.0",
        summary: "a VAST 2.0 or 3.0 <Wrapper> must contain a <Creatives> element",
        rationale: "The 2.0.1 and 3.0 XSDs make Wrapper/Creatives required (minOccurs 1, possibly empty); VAST 4.0.3 made it optional. Decision: required for 2.0 and 3.0 documents, not checked from 4.0 on, as the sources say per version.",
        fix: "Add <Creatives/> (or the wrapper's tracking creatives) to the <Wrapper>, or declare VAST 4.x if the tag is written for it.",
        severity: .error,
        versions: VASTVersion.v2_0...VASTVersion.v3_0,
        elements: ["Wrapper"],
        specReferences: [
            SpecReference(document: .vast3, section: "2.4.4", quote: "Creatives ... required element of the Wrapper"),
            SpecReference(document: .vast43, section: "3.19", quote: "Creatives ... optional"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><Wrapper><Creatives/></Wrapper></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad><Wrapper><AdSystem>x</AdSystem></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="3.0"><Ad>↓<Wrapper><AdSystem>x</AdSystem></Wrapper></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Wrapper", items: ["Creatives"], [
            .init(VASTVersion.v2_0...VASTVersion.v3_0, "Wrapper/Creatives minOccurs=\"1\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let body = ad.wrapper, !body.hasCreativesElement else { continue }
            context.report("<Wrapper> has no <Creatives>, which VAST \(context.version.rawValue) requires (it may be empty)", at: body.position, path: body.path)
        }
    }
}
