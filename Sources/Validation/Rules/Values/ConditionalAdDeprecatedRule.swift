import ConformCore
import VAST

/// Ad@conditionalAd is deprecated from VAST 4.1.
struct ConditionalAdDeprecatedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-conditionalad-deprecated",
        name: "conditionalAd deprecated",
        summary: "Ad@conditionalAd is deprecated from VAST 4.1",
        rationale: "conditionalAd existed for VPAID units that decide at run time whether to show an ad; VAST 4.1 deprecates it with VPAID, and players may reject conditional ads (408). The XSDs of 4.1 and later still declare conditionalAd: a deprecation is in the text only.",
        fix: "Remove conditionalAd and serve a non-conditional ad.",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.2", quote: "conditionalAd: [Deprecated in VAST 4.1, along with apiFramework]"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "408 Conditional ad rejected."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.0"><Ad conditionalAd="true"><InLine></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.1">↓<Ad conditionalAd="false"><InLine/></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Ad", items: ["conditionalAd"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "Ad@conditionalAd type=\"xs:boolean\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for ad in context.ads where ad.conditionalAd != nil {
            context.report("Ad@conditionalAd is deprecated in VAST \(context.version.rawValue)", at: ad.position, path: ad.path)
        }
    }
}
