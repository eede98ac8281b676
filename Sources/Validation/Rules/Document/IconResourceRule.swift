import ConformCore
import VAST

/// Every <Icon> must contain a StaticResource, IFrameResource or HTMLResource.
struct IconResourceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-icon-resource",
        name: "Icon resource",
        summary: "every <Icon> must contain a StaticResource, IFrameResource or HTMLResource",
        rationale: "An Icon (AdChoices and similar industry icons) without a resource shows nothing, which for privacy icons defeats their purpose. Applies to InLine and Wrapper icons alike, since wrappers may add icons, and to the Icons VAST 4.4 allows under NonLinearAds (§3.11) as to a Linear's. The XSDs make every resource of an Icon optional and so accept one with none; the rule follows the text, for which an icon without a resource shows nothing.",
        fix: "Add <StaticResource creativeType=\"image/png\"><![CDATA[https://...]]></StaticResource> to the <Icon>.",
        severity: .error,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Icon"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.15.1", quote: "One of <StaticResource>, <IFrameResource>, or <HTMLResource> is required if <NonLinear>, <Companion>, or <Icon> is used"),
            SpecReference(document: .vast43, section: "2.3.7", quote: "Industry Icon Support"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices"><StaticResource creativeType="image/png">https://i.example/a.png</StaticResource></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons>↓<Icon program="AdChoices"/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><StaticResource creativeType="image/png">https://m.example/p.png</StaticResource></NonLinear><Icons>↓<Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top"/></Icons></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Icon", items: ["StaticResource", "IFrameResource", "HTMLResource"], [
            .init(VASTVersion.v3_0...VASTVersion.v4_4, "Icon: StaticResource, IFrameResource, HTMLResource minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for icon in creative.allIcons where icon.resources.isEmpty {
                context.report("<Icon\(icon.program.map { " program=\"\($0)\"" } ?? "")> has no StaticResource, IFrameResource or HTMLResource", at: icon.position, path: icon.path)
            }
        }
    }
}
