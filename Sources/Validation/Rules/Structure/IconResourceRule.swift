import ConformCore
import VAST

/// Icon without a resource.
struct IconResourceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-icon-resource",
        name: "Icon resource",
        summary: "every <Icon> must contain a StaticResource, IFrameResource or HTMLResource",
        rationale: "One of the three resources is required when an Icon is used: it is the image or page the player shows. An Icon without one shows nothing, which for AdChoices means the disclosure is missing.",
        fix: "Add <StaticResource creativeType=\"image/png\"><![CDATA[https://…]]></StaticResource> to the <Icon>.",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.15.1", quote: "One of <StaticResource>, <IFrameResource>, or <HTMLResource> is required if <NonLinear>, <Companion>, or <Icon> is used"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<Icons><Icon program=\"AdChoices\" width=\"20\" height=\"20\" xPosition=\"right\" yPosition=\"top\"><IFrameResource><![CDATA[https://i.example/ac.html]]></IFrameResource></Icon></Icons>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<Icons>↓<Icon program=\"AdChoices\" width=\"20\" height=\"20\" xPosition=\"right\" yPosition=\"top\"><IconViewTracking><![CDATA[https://i.example/v]]></IconViewTracking></Icon></Icons>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for icon in creative.linear?.icons ?? [] where icon.resources.isEmpty {
                context.report("<Icon\(icon.program.map { " program=\"\($0)\"" } ?? "")> has no StaticResource, IFrameResource or HTMLResource", at: icon.position, path: icon.path)
            }
        }
    }
}
