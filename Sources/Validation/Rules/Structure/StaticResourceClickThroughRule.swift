import ConformCore
import VAST

/// A static image creative with nowhere to click to.
struct StaticResourceClickThroughRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-static-resource-clickthrough",
        name: "Static creative without click-through",
        summary: "an InLine <Companion> or <NonLinear> shown as a <StaticResource> has no click-through",
        rationale: "A static image cannot open a landing page by itself; the spec says the click-through element is used for it (\"Static image file\" is its first case). Without CompanionClickThrough or NonLinearClickThrough a click on the image does nothing and no click is measured. Advice, so info. The XSDs make the click-through optional; the rule notes its absence by decision, as information, because an image that cannot be clicked is rarely what the advertiser meant.",
        fix: "Add <CompanionClickThrough> (or <NonLinearClickThrough>) with the landing page URL.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Companion", "NonLinear"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.13.3", quote: "in the case where the creative cannot provide a clickthrough, such as with a simple static image, the CompanionClickThrough element can be used"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\"><StaticResource creativeType=\"image/png\"><![CDATA[https://c.example/a.png]]></StaticResource><CompanionClickThrough><![CDATA[https://adv.example/]]></CompanionClickThrough></Companion></CompanionAds>"),
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\"><HTMLResource><![CDATA[<a href=\"https://adv.example/\">x</a>]]></HTMLResource></Companion></CompanionAds>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<CompanionAds>↓<Companion width=\"300\" height=\"250\"><StaticResource creativeType=\"image/png\"><![CDATA[https://c.example/a.png]]></StaticResource></Companion></CompanionAds>"),
            SketchTag.creative("4.2", "<NonLinearAds>↓<NonLinear width=\"480\" height=\"70\"><StaticResource creativeType=\"image/png\"><![CDATA[https://c.example/o.png]]></StaticResource></NonLinear></NonLinearAds>"),
        ],
        schemaBasis: SchemaBasis(element: "Companion", items: ["CompanionClickThrough"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "Companion/CompanionClickThrough minOccurs=\"0\", NonLinear/NonLinearClickThrough minOccurs=\"0\"", .looser),
        ]))

    /// Only static resources: an HTML or iframe creative handles its own clicks.
    static func isStaticOnly(_ resources: [Resource]) -> Bool {
        !resources.isEmpty && resources.allSatisfy { $0.kind == .staticResource }
    }

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            for companion in creative.companionAds?.companions ?? [] where Self.isStaticOnly(companion.resources) && companion.clickThrough == nil {
                context.report("<Companion> is a static image without <CompanionClickThrough>; clicks go nowhere", at: companion.position, path: companion.path)
            }
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] where Self.isStaticOnly(nonLinear.resources) && nonLinear.clickThrough == nil {
                context.report("<NonLinear> is a static image without <NonLinearClickThrough>; clicks go nowhere", at: nonLinear.position, path: nonLinear.path)
            }
        }
    }
}
