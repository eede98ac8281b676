import ConformCore
import VAST

/// Every <StaticResource> must have a creativeType attribute (its MIME type).
struct StaticResourceCreativeTypeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-staticresource-creativetype",
        name: "StaticResource creativeType",
        summary: "every <StaticResource> must have a creativeType attribute (its MIME type)",
        rationale: "creativeType is required in every schema: players decide whether they can render the image or script from it without fetching; a resource without it is skipped (503, 604).",
        fix: "Add creativeType=\"image/png\" (or the resource's MIME type).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["StaticResource"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.15.1", quote: "creativeType*: Identifies the MIME type of the creative provided."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1"><StaticResource creativeType="image/png">https://s.example/a.png</StaticResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1">↓<StaticResource>https://s.example/a.png</StaticResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for resource in context.resources where resource.kind == .staticResource && resource.creativeType == nil {
            context.report("<StaticResource> has no creativeType attribute (a MIME type such as image/png)", at: resource.content)
        }
    }
}
