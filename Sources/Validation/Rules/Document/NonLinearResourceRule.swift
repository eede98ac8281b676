import ConformCore
import VAST

/// Every <NonLinear> of an <InLine> must contain a StaticResource, IFrameResource or HTMLResource.
struct NonLinearResourceRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-nonlinear-resource",
        name: "NonLinear resource",
        summary: "every <NonLinear> of an <InLine> must contain a StaticResource, IFrameResource or HTMLResource (from VAST 4.4, or a MediaFile or InteractiveCreativeFile in its MediaFiles)",
        rationale: "A NonLinear (overlay, pause ad) without a resource has nothing to display; the player fires 503. Wrapper NonLinears carry tracking only and are not checked here. VAST 4.4 adds media-file delivery: a NonLinear whose <MediaFiles> holds a MediaFile or an InteractiveCreativeFile has its asset. In a document declared 4.3 or earlier those are not part of the version, so a player of that version still finds no resource and the NonLinear is reported. The XSDs make every resource of a NonLinear optional, so they accept one with none; through 4.2 they reject MediaFiles under NonLinear, which 4.4 adds, as the rule does before 4.4.",
        fix: "Add <StaticResource creativeType=\"image/png\"><![CDATA[https://...]]></StaticResource> (or an IFrameResource/HTMLResource).",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["NonLinear"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.15.1", quote: "One of <StaticResource>, <IFrameResource>, or <HTMLResource> is required if <NonLinear>, <Companion>, or <Icon> is used"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "503 Couldn't find NonLinear resource with supported type."),
            SpecReference(document: .vast44, section: "3.12", quote: "For CTV Ad Portfolio ad units, NonLinear creative may use non-video resource files described in section 3.15, or may use <MediaFiles> described in section 3.9."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="480" height="70"><IFrameResource>https://o.example/f</IFrameResource></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080">https://o.example/p.png</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><NonLinearAds>↓<NonLinear width="480" height="70"/></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.3"><Ad><InLine><Creatives><Creative><NonLinearAds>↓<NonLinear width="1920" height="1080"><MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080">https://o.example/p.png</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "NonLinear", items: ["StaticResource", "IFrameResource", "HTMLResource", "MediaFiles"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "NonLinear: StaticResource, IFrameResource, HTMLResource minOccurs=\"0\"; no MediaFiles", .partial),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastNonLinear_type: resources and MediaFiles minOccurs=\"0\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            for nonLinear in creative.nonLinearAds?.nonLinears ?? [] where nonLinear.resources.isEmpty {
                if context.version >= .v4_4, !nonLinear.mediaFiles.isEmpty || !nonLinear.interactiveCreativeFiles.isEmpty { continue }
                context.report("<NonLinear> has no StaticResource, IFrameResource or HTMLResource", at: nonLinear.position, path: nonLinear.path)
            }
        }
    }
}
