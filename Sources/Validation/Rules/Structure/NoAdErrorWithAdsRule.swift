import ConformCore
import VAST

/// Root Error beside Ads in VAST 4.
struct NoAdErrorWithAdsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-noad-error-with-ads",
        name: "No-ad Error beside ads",
        summary: "the <VAST> element has both <Ad> and a top-level <Error>",
        rationale: "In VAST 4 the top-level Error reports a no-ad response, and either Error or Ad may be provided but not both. Players ignore it when ads are present, so the no-ad reporting is lost and the response is invalid.",
        fix: "Put error URIs inside each <InLine> or <Wrapper>, and use the top-level <Error> only in empty responses.",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.2", quote: "either <Error> or <Ad> may be provided but not both"),
        ],
        validExamples: [
            SketchTag.vast("4.2", "<Error><![CDATA[https://e.example/noad?c=[ERRORCODE]]]></Error>"),
        ],
        invalidExamples: [
            SketchTag.vast("4.2", "↓<Error><![CDATA[https://e.example/noad]]></Error>\n<Ad id=\"1\"><InLine/></Ad>"),
        ])

    func check(_ context: RuleContext) {
        guard let vast = context.vast, !vast.ads.isEmpty, let first = vast.errors.first else { return }
        context.report("<VAST> has \(vast.ads.count) <Ad> and a top-level <Error>; VAST 4 allows one or the other", at: first)
    }
}
