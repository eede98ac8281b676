import ConformCore
import VAST

/// Every <NonLinear> of an <InLine> must contain a StaticResource, IFrameResource or HTMLResource.
struct NonLinearResourceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-nonlinear-resource",
        name: "NonLinear resource",
        summary: "every <NonLinear> of an <InLine> must contain a StaticResource, IFrameResource or HTMLResource",
        rationale: "A NonLinear (overlay, pause ad) without a resource has nothing to display; the player fires 503. Wrapper NonLinears carry tracking only and are not checked here.",
        fix: "Add <StaticResource creativeType=\"image/png\"><![CDATA[https://...]]></StaticResource> (or an IFrameResource/HTMLResource).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["NonLinear"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.15.1", quote: "One of <StaticResource>, <IFrameResource>, or <HTMLResource> is required if <NonLinear>, <Companion>, or <Icon> is used"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "503 Couldn't find NonLinear resource with supported type."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="480" height="70"><IFrameResource>https://o.example/f</IFrameResource></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds>↓<NonLinear width="480" height="70"/></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creativeList) where kind == .inLine {
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] where nonLinear.resources.isEmpty {
                context.report("<NonLinear> has no StaticResource, IFrameResource or HTMLResource", at: nonLinear.position, path: nonLinear.path)
            }
        }
    }
}
