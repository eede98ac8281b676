import ConformCore
import VAST

/// Every <Companion> of an <InLine> must contain a StaticResource, IFrameResource or HTMLResource.
struct CompanionResourceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-companion-resource",
        name: "Companion resource",
        summary: "every <Companion> of an <InLine> must contain a StaticResource, IFrameResource or HTMLResource",
        rationale: "A companion without a resource has nothing to display; the player fires error 604 or shows an empty slot. Wrapper companions may omit resources only in the sense that they are tracking-only; this rule checks InLine ads. The XSDs make every resource of a Companion optional and so accept one with none; the rule follows the text, for which a companion without a resource shows nothing.",
        fix: "Add <StaticResource creativeType=\"image/png\"><![CDATA[https://...]]></StaticResource> (or an IFrameResource/HTMLResource).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Companion"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.15.1", quote: "One of <StaticResource>, <IFrameResource>, or <HTMLResource> is required if <NonLinear>, <Companion>, or <Icon> is used"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "604 Couldn't find Companion resource with supported type."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="300" height="250"><HTMLResource><![CDATA[<p>x</p>]]></HTMLResource></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds>↓<Companion width="300" height="250"><CompanionClickThrough>https://c.example</CompanionClickThrough></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Companion", items: ["StaticResource", "IFrameResource", "HTMLResource"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "Companion: StaticResource, IFrameResource, HTMLResource minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            for companion in creative.companionAds?.companions ?? [] where companion.resources.isEmpty {
                context.report("<Companion\(companion.id.map { " id=\"\($0)\"" } ?? "")> has no StaticResource, IFrameResource or HTMLResource", at: companion.position, path: companion.path)
            }
        }
    }
}
