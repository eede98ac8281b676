import ConformCore
import VAST

/// Wrapper must carry an Impression.
struct WrapperImpressionRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-impression",
        name: "Wrapper Impression",
        summary: "every <Wrapper> must contain at least one <Impression>",
        rationale: "Impression is required in Wrappers too (4.3 §5 marks VAST/Ad/Wrapper/Impression required): each party in the chain counts its own impression, and players fire all of them together.",
        fix: "Add the wrapper's impression pixel: <Impression><![CDATA[https://…]]></Impression>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.19", quote: "Sub-elements | Impression* VASTAdTagURI* AdSystem"),
        ],
        validExamples: [
            SketchTag.wrapper("4.2", "<Impression><![CDATA[https://w.example/imp]]></Impression>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad id=\"1\">↓<Wrapper><VASTAdTagURI><![CDATA[https://ads.example/next]]></VASTAdTagURI></Wrapper></Ad></VAST>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let wrapper = ad.wrapper, wrapper.impressions.isEmpty else { continue }
            context.report("<Wrapper> has no <Impression>", at: wrapper.position, path: wrapper.path)
        }
    }
}
