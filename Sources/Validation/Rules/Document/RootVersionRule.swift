import ConformCore

/// `<VAST>` must declare its version.
struct RootVersionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-root-version",
        name: "VAST version declared",
        summary: "the <VAST> root must have a version attribute",
        rationale: "The version attribute is required by every VAST schema; players use it to pick a parser and may reject the response with error 102 without it. Without it conform checks against VAST 4.3.",
        fix: "Add version=\"4.2\" (or the version the tag is written for) to the <VAST> element.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast42, section: "3.1", quote: "version: the version of the VAST spec (should be \"4.2\" for this version)"),
            SpecReference(document: .vast2, section: "2.2", quote: "The VAST root element ... version attribute required"),
        ],
        validExamples: [RuleExample("<VAST version=\"3.0\"/>")],
        invalidExamples: [RuleExample("↓<VAST/>"), RuleExample("<!-- comment -->\n↓<VAST xmlns=\"http://www.iab.com/VAST\"></VAST>")],
        schemaBasis: SchemaBasis(element: "VAST", items: ["version"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "VAST@version use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        guard let vast = context.input.vast, vast.declaredVersion == nil else { return }
        context.report("the <VAST> element has no version attribute; conform checks it as VAST 4.3",
                       at: vast.position, path: vast.path)
    }
}
