import ConformCore
import VAST
import XMLCore

/// A <Wrapper>'s creatives must not carry media, durations or NonLinear resources, which belong to the InLine.
struct WrapperInLineOnlyRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-wrapper-inline-only-element",
        name: "No InLine-only content in Wrapper",
        summary: "a <Wrapper>'s creatives must not carry media, durations or NonLinear resources, which belong to the InLine",
        rationale: "Wrapper creatives exist only to add tracking (and, for companions and icons, assets). The Wrapper Linear of every schema has no Duration, MediaFiles or AdParameters; from VAST 3.0 a Wrapper NonLinear has no resources or NonLinearClickThrough. Players ignore them, so an ad-ops team that edits the wrapper's media changes nothing. The draft 4.4 schema gives the InLine and the Wrapper one Linear type and so accepts media and durations in a Wrapper; the 4.4 text keeps them in the InLine, and the text wins.",
        fix: "Put media and resources in the InLine ad; keep only TrackingEvents, VideoClicks ClickTracking, Icons and companions in the Wrapper.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Wrapper"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.6", quote: "Companion and Icon creative may be included in a Wrapper, but files for Linear and NonLinear ads can only be provided in the InLine version of the ad."),
            SpecReference(document: .vast43, section: "3.12.1", quote: "In a Wrapper response, only tracking elements may be provided."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative><Linear><TrackingEvents/><VideoClicks/></Linear></Creative></Creatives></Wrapper></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative><Linear>↓<Duration>00:00:15</Duration>↓<MediaFiles/></Linear></Creative></Creatives></Wrapper></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><Wrapper><Creatives><Creative><NonLinearAds><NonLinear>↓<StaticResource creativeType="image/png">https://s.example/a.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives></Wrapper></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Linear", items: ["Duration", "MediaFiles", "StaticResource"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "the Wrapper Linear declares no Duration or MediaFiles, the Wrapper NonLinear no resources", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastLinear_type, shared by InLine and Wrapper", .looser),
        ]))

    func check(_ context: RuleContext) {
        context.report(context.structureScan.wrapperInLineOnly)
    }
}
