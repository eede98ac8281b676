import ConformCore
import VAST
import XMLCore

/// A VAST element that has its own place in the ad, written inside an extension instead.
struct ExtensionVASTElementRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-extension-vast-element",
        name: "VAST element inside an extension",
        summary: "an <Extension> or <CreativeExtension> holds a VAST element that has its own place in the ad, such as <Impression> or <Tracking>",
        rationale: "Players read an extension only when they know its type and ignore it otherwise, so an <Impression>, <Tracking> or <MediaFile> written there is never fired or played by the others; usually it was meant for the ad itself. The extension's owner may read it, so this is advice: info. Verification (<AdVerifications>, the carrier before VAST 4.1) and <UniversalAdId> (the CTV carrier before VAST 4.0) are the documented exceptions and are not reported. Through 4.2 the XSDs let an extension hold any element, so they accept what the rule reports; the draft 4.4 schema admits only plcmt, pos, playbackmethod, attr and elements of other namespaces, so it rejects a VAST element there and, in an un-namespaced tag, every other element too.",
        fix: "Move the element to its place in the <InLine> or <Wrapper> (an <Impression> under the ad, a <Tracking> under the creative's <TrackingEvents>), or give it the namespace of the extension's owner.",
        severity: .info,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension", "CreativeExtension"],
        specReferences: [
            SpecReference(document: .vast4, section: "XSD AdDefinitionBase_type", quote: "When used, a custom element should be nested under <Extensions> to help separate custom XML elements from VAST elements."),
            SpecReference(document: .conform, section: "Extensions", quote: "a player ignores an extension whose type it does not know, with everything inside it"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Extensions><Extension type=\"iab-Count\"><total_available><![CDATA[2]]></total_available></Extension></Extensions>"),
            SketchTag.inLine("4.0", "<Extensions><Extension type=\"AdVerifications\"><AdVerifications/></Extension></Extensions>"),
            SketchTag.inLine("4.2", "<Extensions><Extension type=\"activeview\"><CustomTracking><Tracking event=\"viewable_impression\"><![CDATA[https://t.example/v]]></Tracking></CustomTracking></Extension></Extensions>"),
            SketchTag.inLine("4.2", "<Extensions><Extension type=\"vendor\"><Impression xmlns=\"urn:vendor\">https://t.example/i</Impression></Extension></Extensions>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Extensions><Extension type=\"vendor\">↓<Impression><![CDATA[https://t.example/i]]></Impression></Extension></Extensions>"),
            SketchTag.creative("3.0", "<CreativeExtensions><CreativeExtension type=\"vendor\">↓<TrackingEvents/>↓<MediaFile>https://m.example/a.mp4</MediaFile></CreativeExtension></CreativeExtensions><Linear><Duration>00:00:10</Duration></Linear>"),
            SketchTag.inLine("4.4", "<Extensions><Extension type=\"vendor\">↓<Tracking event=\"start\"><![CDATA[https://t.example/s]]></Tracking></Extension></Extensions>"),
        ],
        schemaBasis: SchemaBasis(element: "Extension", items: ["Tracking"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "Extension content xs:any processContents=\"lax\"", .looser),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastExtension_type: plcmt, pos, playbackmethod, attr or xs:any namespace=\"##other\"", .partial),
        ]))

    /// The VAST elements with a place of their own that matters to playback or measurement.
    static let placed: Set<String> = [
        "Impression", "Error", "Tracking", "TrackingEvents", "ClickThrough", "ClickTracking", "CustomClick", "VideoClicks",
        "MediaFiles", "MediaFile", "Mezzanine", "InteractiveCreativeFile", "Creatives", "Creative", "Linear", "Duration",
        "NonLinearAds", "NonLinear", "CompanionAds", "Companion", "Icons", "Icon", "VASTAdTagURI", "ViewableImpression",
        "AdParameters", "AdServingId",
    ]

    func check(_ context: RuleContext) {
        context.forEachExtension { ext, kind in check(ext, kind: kind, context) }
    }

    private func check(_ ext: Extension, kind: String, _ context: RuleContext) {
        let element = ext.element
        for c in 0 ..< element.childCount where Self.placed.contains(element.childName(at: c)) {
            let child = element.child(at: c)
            guard child.prefix == nil, child.namespaceURI.map({ $0 == vastNamespace }) ?? true else { continue }
            let type = ext.type.map { " type=\"\($0)\"" } ?? ""
            context.report("<\(child.name)> inside <\(kind)\(type)> is read only by players that know this extension; the others never see it",
                           at: child.position, path: child.path)
        }
    }
}
