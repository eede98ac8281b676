import ConformCore
import VAST

/// Every <NonLinear> of an <InLine> must have width and height attributes.
struct NonLinearDimensionsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-nonlinear-dimensions",
        name: "NonLinear width and height",
        summary: "every <NonLinear> of an <InLine> must have width and height attributes",
        rationale: "width and height are required on the InLine NonLinear: the player reserves that area over the content (501 when it does not fit). A Wrapper NonLinear only carries tracking and is not checked. Sources differ by version: the 2.0.1, 3.0, 4.1 and 4.2 XSDs declare width and height with use=\"required\" on the InLine NonLinear and the 4.3 text marks them required, while vast4.xsd (4.0) declares no width or height there at all, so it rejects a NonLinear that has them. Decision: required in 4.0 too, as before and after it; the 4.0 schema's omission was repaired in 4.1, and a 4.0 player still needs the size to place the overlay.",
        fix: "Add width=\"480\" height=\"70\" (the overlay size in pixels).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["NonLinear"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.12.1", quote: "width*: The pixel width of the placement slot for which the creative is intended."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="480" height="70"/></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds>↓<NonLinear height="70"/></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "NonLinear", items: ["width", "height"], [
            .init(VASTVersion.v2_0...VASTVersion.v3_0, "NonLinear@width, NonLinear@height use=\"required\"", .enforced),
            .init(VASTVersion.v4_0...VASTVersion.v4_0, "the InLine NonLinear of vast4.xsd declares no width or height", .undeclared),
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "NonLinear@width, NonLinear@height use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] where nonLinear.width == nil || nonLinear.height == nil {
                context.report("<NonLinear> lacks \(Missing.list(["width": nonLinear.width == nil, "height": nonLinear.height == nil])); width and height are required", at: nonLinear.position, path: nonLinear.path)
            }
        }
    }
}
