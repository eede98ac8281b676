import ConformCore
import VAST

/// conditionalAd is deprecated from VAST 4.1.
struct ConditionalAdDeprecatedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-conditionalad-deprecated",
        name: "conditionalAd deprecated",
        summary: "an <Ad> uses the conditionalAd attribute, deprecated in VAST 4.1",
        rationale: "conditionalAd (VAST 4.0) marked VPAID units that only decide whether to show an ad; it was deprecated in 4.1 together with VPAID, and players increasingly reject such ads (error 408). Deprecated, still parsed: warning.",
        fix: "Remove conditionalAd and serve a real ad (with OMID for measurement, SIMID for interactivity).",
        severity: .warning,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.3.2", quote: "conditionalAd | [Deprecated in VAST 4.1, along with apiFramework]"),
        ],
        validExamples: [
            SketchTag.vast("4.2", "<Ad id=\"a\"><InLine/></Ad>"),
            SketchTag.vast("4.0", "<Ad id=\"a\" conditionalAd=\"false\"><InLine/></Ad>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "↓<Ad id=\"a\" conditionalAd=\"true\"><InLine/></Ad>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads where ad.conditionalAd != nil {
            context.report("<Ad> has conditionalAd, deprecated since VAST 4.1", at: ad.position, path: ad.path)
        }
    }
}
