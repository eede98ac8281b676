import ConformCore
import VAST

/// StaticResource@creativeType should be a MIME type of the form type/subtype.
struct StaticResourceCreativeTypeValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-staticresource-creativetype-value",
        name: "StaticResource creativeType is a MIME type",
        summary: "StaticResource@creativeType should be a MIME type of the form type/subtype",
        rationale: "Players compare creativeType with the image and script types they render; \"png\" or \"image\" matches nothing and the resource is skipped. The XSDs type creativeType as xs:string, which takes any text; the rule checks the MIME type form by decision, since a player can match nothing else.",
        fix: "Write the MIME type: image/png, image/jpeg, image/gif, image/webp or application/javascript.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        elements: ["StaticResource"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.15.1", quote: "creativeType*: Identifies the MIME type of the creative provided."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1"><StaticResource creativeType="image/png">https://s.example/a.png</StaticResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1">↓<StaticResource creativeType="png">https://s.example/a.png</StaticResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "StaticResource", items: ["creativeType"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "StaticResource@creativeType type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for resource in context.resources where resource.kind == .staticResource {
            guard let type = resource.creativeType, !MIMEType.isWellFormed(type) else { continue }
            context.report("StaticResource@creativeType is \"\(type)\", not a MIME type of the form type/subtype", at: resource.content)
        }
    }
}
