import ConformCore
import VAST
import XMLCore

/// <CompanionAds>, <Icons>, <IconClickFallbackImages> and an InLine's <NonLinearAds> must contain at least one item when present.
struct EmptyContainerRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-empty-container",
        name: "Containers are not empty",
        summary: "<CompanionAds>, <Icons>, <IconClickFallbackImages> and an InLine's <NonLinearAds> must contain at least one item when present",
        rationale: "The spec bounds the items of these containers at \"1+ if the container is used\": an empty container promises a companion, overlay, icon or fallback image that is not there. Players that honour CompanionAds@required=\"all\" then reject the ad (602), and an empty <Icons> means the AdChoices icon the campaign needs is missing. A Wrapper's <NonLinearAds> is exempt: in a wrapper it only carries TrackingEvents, since NonLinear creative cannot be provided there. The XSDs declare the items of these containers with minOccurs=\"0\" and so accept an empty container; the rule follows the text, which gives each container at least one item.",
        fix: "Add the <Companion>, <NonLinear>, <Icon> or <IconClickFallbackImage>, or remove the empty container.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.13.1", quote: "Required in Response: At least one Companion is required if CompanionAds is provided"),
            SpecReference(document: .vast43, section: "3.12.1", quote: "NonLinear ... Bounded: 1+ (if <NonLinearAds> is used)"),
            SpecReference(document: .vast43, section: "3.11.1", quote: "Icon ... Required in Response: Yes, if at least one <Icons> element is provided"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1"/></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative><NonLinearAds><TrackingEvents/></NonLinearAds></Creative></Creatives></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative>↓<CompanionAds required="all"></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:05</Duration>↓<Icons/></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "CompanionAds", items: ["Companion"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_4, "CompanionAds/Companion minOccurs=\"0\", Icons/Icon and the other containers alike", .looser),
        ]))

    func check(_ context: RuleContext) {
        context.report(context.structureScan.emptyContainers)
    }
}
