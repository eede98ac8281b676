import ConformCore
import VAST

/// An AdTitle left as a test or template value.
struct AdTitlePlaceholderRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-adtitle-placeholder",
        name: "Placeholder AdTitle",
        summary: "an <AdTitle> is a stand-in such as test, title, TBD or an unfilled ${TITLE} template slot",
        rationale: "AdTitle is the ad's common name: ad-ops, reports and verification vendors tell ads apart by it. A title such as \"test\" or \"${TITLE}\" means the ad went out as trafficked for testing, or from a template nobody filled in; in a live campaign both are mistakes worth stopping before launch. The XSDs take any string; a stand-in is reported by decision, as a warning.",
        fix: "Give the ad its campaign name, such as <AdTitle>Spring sale 30s</AdTitle>.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["AdTitle"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.2", quote: "The ad serving party must provide a title for the ad using the <AdTitle> element."),
            SpecReference(document: .conform, section: "Placeholder values", quote: "test, title, untitled, TBD, TODO, sample, n/a and the like, compared without case, and a whole value of ${NAME}, {{name}}, %%NAME%% or [NAME]"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdTitle>Spring sale 30s</AdTitle>"),
            SketchTag.inLine("2.0", "<AdTitle>VAST 2.0 Instream Test 1</AdTitle>"),
            SketchTag.inLine("4.2", "<AdTitle>[Spring] sale</AdTitle>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<AdTitle>Test</AdTitle>"),
            SketchTag.inLine("3.0", "↓<AdTitle> ad_title </AdTitle>"),
            SketchTag.inLine("4.1", "↓<AdTitle><![CDATA[${AD_TITLE}]]></AdTitle>"),
            SketchTag.inLine("4.0", "↓<AdTitle>[TITLE]</AdTitle>"),
        ],
        schemaBasis: SchemaBasis(element: "AdTitle", [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "AdTitle type=\"xs:string\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "AdTitle type=\"vastString_type\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let title = ad.body?.adTitle, PlaceholderText.isPlaceholder(title.value, words: PlaceholderText.titles) else { continue }
            context.report("<AdTitle> is \"\(title.value)\", a placeholder rather than the ad's name", at: title)
        }
    }
}
