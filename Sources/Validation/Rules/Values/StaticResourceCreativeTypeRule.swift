import ConformCore
import VAST

/// Every <StaticResource> of a NonLinear, Companion or Icon must have a creativeType attribute (its MIME type).
struct StaticResourceCreativeTypeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-staticresource-creativetype",
        name: "StaticResource creativeType",
        summary: "every <StaticResource> of a <NonLinear>, <Companion> or <Icon> must have a creativeType attribute (its MIME type)",
        rationale: "The XSD of every version declares creativeType with use=\"required\" on the StaticResource of NonLinear, Companion and Icon, and the 4.3 text lists those three as the parents that carry it: players decide from it whether they can render the image or script without fetching it, and skip a resource without it (503, 604). The StaticResource inside a 4.2 IconClickFallbackImage is different: the 4.2 XSD types it as a bare anyURI with no attributes, so it is not checked. A StaticResource in a Wrapper's NonLinear (3.0 on) is reported once, by VAST-2.0-wrapper-inline-only-element, since it does not belong there at all. The draft VAST 4.4 schema gives a Wrapper's NonLinear the InLine type, so it also rejects a Wrapper StaticResource without creativeType; conform keeps reporting that element once, as not belonging in a Wrapper.",
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
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon><IconClicks><IconClickFallbackImages><IconClickFallbackImage width="300" height="250"><StaticResource>https://s.example/f.png</StaticResource></IconClickFallbackImage></IconClickFallbackImages></IconClicks></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative><NonLinearAds><NonLinear><StaticResource>https://s.example/a.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1">↓<StaticResource>https://s.example/a.png</StaticResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon>↓<StaticResource>https://s.example/i.png</StaticResource></Icon></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><Wrapper><Creatives><Creative><NonLinearAds><NonLinear>↓<StaticResource>https://s.example/a.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives></Wrapper></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "StaticResource", items: ["creativeType"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "NonLinear, Companion and Icon StaticResource@creativeType use=\"required\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "StaticResource@creativeType use=\"required\", also in a Wrapper's NonLinear", .partial),
        ]))

    func check(_ context: RuleContext) {
        // A Wrapper NonLinear may hold resources only in 2.0; later, VAST-2.0-wrapper-inline-only-element reports them.
        let wrapperNonLinearChecked = context.version < .v3_0
        for (kind, creative) in zip(context.creativeKinds, context.creatives) {
            var resources: [Resource] = []
            for icon in creative.allIcons { resources += icon.resources }
            if kind == .inLine || wrapperNonLinearChecked {
                for nonLinear in creative.nonLinearAds?.nonLinears ?? [] { resources += nonLinear.resources }
            }
            for companion in creative.companionAds?.companions ?? [] { resources += companion.resources }
            for resource in resources where resource.kind == .staticResource && resource.creativeType == nil {
                context.report("<StaticResource> has no creativeType attribute (a MIME type such as image/png)", at: resource.content)
            }
        }
    }
}
