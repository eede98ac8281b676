import ConformCore
import VAST

/// An Icon offset should be before the end of the Linear Duration.
struct IconTimingRangeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-icon-timing-range",
        name: "Icon shown within the ad",
        summary: "an Icon offset should be before the end of the Linear Duration",
        rationale: "Icon@offset is when the icon appears. An offset at or after the end of the ad means the icon (often the AdChoices privacy notice) is never shown, which can breach the policy it is there for.",
        fix: "Set offset within the ad, or leave it out to show the icon from the start.",
        severity: .warning,
        versions: VASTVersion.v3_0.andLater,
        elements: ["Icon"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.11.1", quote: "offset: The time of delay from when the associated linear creative begins playing to when the icon should be displayed"),
            SpecReference(document: .vast43, section: "2.3.7", quote: "Industry Icon Support"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:15</Duration><Icons><Icon offset="00:00:01" duration="00:00:05"/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:15</Duration><Icons>↓<Icon offset="00:00:15"/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            guard let linear = creative.linear, let duration = linear.duration?.value else { continue }
            for icon in linear.icons {
                guard let offset = icon.offset?.value, offset >= duration else { continue }
                context.report("Icon@offset \(icon.offset!.raw) is not before the end of the \(duration.seconds)-second ad, so the icon never shows", at: icon.position, path: icon.path)
            }
        }
    }
}
