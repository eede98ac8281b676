import ConformCore
import VAST

/// Wrapper must point to the next response.
struct WrapperVASTAdTagURIRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-vastadtaguri",
        name: "Wrapper VASTAdTagURI",
        summary: "every <Wrapper> must contain a <VASTAdTagURI>",
        rationale: "VASTAdTagURI is the only element unique to Wrappers and required in every schema: it is the address of the next response. A Wrapper without it is a dead end (error 300/303). The VAST 1-style <VASTAdTagURL><URL> is accepted here.",
        fix: "Add <VASTAdTagURI><![CDATA[https://next-ad-server/vast]]></VASTAdTagURI>.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.19.1", quote: "Required in Response | Yes (if <Wrapper> is used)"),
        ],
        validExamples: [
            SketchTag.wrapper("4.2", "<VASTAdTagURI><![CDATA[https://ads.example/next]]></VASTAdTagURI>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad id=\"1\">↓<Wrapper><Impression><![CDATA[https://w.example/i]]></Impression></Wrapper></Ad></VAST>"),
        ])

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let wrapper = ad.wrapper, wrapper.vastAdTagURI == nil else { continue }
            context.report("<Wrapper> has no <VASTAdTagURI>; the chain has nowhere to go", at: wrapper.position, path: wrapper.path)
        }
    }
}
