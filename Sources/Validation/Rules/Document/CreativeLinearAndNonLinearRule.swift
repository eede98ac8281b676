import ConformCore
import VAST

/// A <Creative> holds both a <Linear> and a <NonLinearAds>.
struct CreativeLinearAndNonLinearRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-creative-linear-and-nonlinear",
        name: "Creative is Linear or NonLinear",
        summary: "a <Creative> holds both a <Linear> and a <NonLinearAds>; each belongs in a <Creative> of its own",
        rationale: "The 2.0.1 and 3.0 XSDs make a Creative a choice of exactly one of Linear, CompanionAds and NonLinearAds. The 4.x XSDs relax the content model (4.0 and 4.1 use xs:all, 4.2 a sequence of optional elements) so that a Linear can keep its CompanionAds beside it, but a Linear and a NonLinear are two different ads: one plays in place of the content, the other over it. Players that read the creative as one kind fire the other element's trackers with the wrong meaning (a NonLinear progress tracker read as a Linear one), or ignore it. Decision: an error in every version, at whichever of the two comes second, as a repeated single element is; the tracking inventory still lists both, each under its own type. The 2.0 and 3.0 XSDs make the three a choice and reject a Creative with two of them; the 4.0 to 4.2 XSDs put them in one optional sequence, which accepts Linear and NonLinearAds together in that order and rejects only other orders; the draft 4.4 schema accepts them together in any order. The rule follows the text, which gives each its own Creative.",
        fix: "Put the <Linear> and the <NonLinearAds> in two <Creative> elements.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["NonLinearAds"],
        specReferences: [
            SpecReference(document: .vast2, section: "XSD", quote: "Wraps each creative element within an InLine or Wrapper Ad"),
            SpecReference(document: .vast43, section: "3.7", quote: "Each <Creative> element contains nested elements that describe the type of ad being served using nested sub-elements. Multiple creatives may be used to define different components of the ad."),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Creatives><Creative><Linear/></Creative><Creative><NonLinearAds/></Creative></Creatives>"),
            SketchTag.inLine("4.1", "<Creatives><Creative><Linear/><CompanionAds/></Creative></Creatives>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Creatives><Creative><Linear/>\n↓<NonLinearAds/></Creative></Creatives>"),
            SketchTag.wrapper("3.0", "<Creatives><Creative><NonLinearAds/>\n↓<Linear/></Creative></Creatives>"),
        ],
        schemaBasis: SchemaBasis(element: "Creative", items: ["Linear", "NonLinearAds"], [
            .init(VASTVersion.v2_0...VASTVersion.v3_0, "Creative: xs:choice of Linear, CompanionAds, NonLinearAds", .enforced),
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "Creative: xs:sequence of CompanionAds, CreativeExtensions, Linear, NonLinearAds, each minOccurs=\"0\"", .partial),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastCreative_type: Linear, NonLinearAds, CompanionAds each minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear, let nonLinearAds = creative.nonLinearAds else { continue }
            let second = linear.position < nonLinearAds.position
                ? (position: nonLinearAds.position, path: nonLinearAds.path, name: "<NonLinearAds>", first: "<Linear>")
                : (position: linear.position, path: linear.path, name: "<Linear>", first: "<NonLinearAds>")
            context.report("<Creative> holds \(second.name) after \(second.first); a Linear and a NonLinear ad each need a <Creative> of their own",
                           at: second.position, path: second.path)
        }
    }
}
