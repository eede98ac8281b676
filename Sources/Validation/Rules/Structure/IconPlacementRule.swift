import ConformCore
import VAST

/// VAST 4 Icon without placement attributes.
struct IconPlacementRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-icon-placement",
        name: "Icon placement attributes",
        summary: "a VAST 4 <Icon> lacks program, width, height, xPosition or yPosition",
        rationale: "VAST 4 made the icon attributes optional in the schema, but a player needs the size and position to draw the icon and the program to deduplicate AdChoices icons; without them it places the icon by guesswork or drops it, which can break AdChoices compliance. Decision: a warning in 4.x (3.0 requires them; see VAST-3.0-icon-attributes).",
        fix: "Add program, width, height, xPosition and yPosition to the <Icon>.",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.11.1", quote: "xPosition | The x-coordinate of the top, left corner of the icon asset relative to the ad display area"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<Icons><Icon program=\"AdChoices\" width=\"20\" height=\"20\" xPosition=\"right\" yPosition=\"top\"><StaticResource creativeType=\"image/png\"><![CDATA[https://i.example/ac.png]]></StaticResource></Icon></Icons>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<Icons>↓<Icon program=\"AdChoices\"><StaticResource creativeType=\"image/png\"><![CDATA[https://i.example/ac.png]]></StaticResource></Icon></Icons>"),
        ])

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for icon in creative.linear?.icons ?? [] {
                let missing = IconRequiredAttributesRule.missing(icon)
                guard !missing.isEmpty else { continue }
                context.report("<Icon> has no \(missing.joined(separator: ", ")); players cannot place it reliably", at: icon.position, path: icon.path)
            }
        }
    }
}
