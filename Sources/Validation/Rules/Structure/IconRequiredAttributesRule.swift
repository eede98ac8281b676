import ConformCore
import VAST

/// VAST 3.0 requires the Icon placement attributes.
struct IconRequiredAttributesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-icon-attributes",
        name: "Icon attributes (3.0)",
        summary: "in VAST 3.0 every <Icon> must have program, width, height, xPosition and yPosition",
        rationale: "The VAST 3.0 schema requires these attributes; 4.x made them optional (see VAST-4.0-icon-placement for the 4.x warning). Decision: an error for 3.0 documents, following the 3.0 schema.",
        fix: "Add program=\"AdChoices\" width=\"…\" height=\"…\" xPosition=\"right\" yPosition=\"top\" to the <Icon>.",
        severity: .error,
        versions: VASTVersion.v3_0...VASTVersion.v3_0,
        specReferences: [
            SpecReference(document: .vast3, section: "XSD Icon_type", quote: "attribute name=\"program\" use=\"required\""),
        ],
        validExamples: [
            SketchTag.linear("3.0", "<Icons><Icon program=\"AdChoices\" width=\"20\" height=\"20\" xPosition=\"right\" yPosition=\"top\"><StaticResource creativeType=\"image/png\"><![CDATA[https://i.example/ac.png]]></StaticResource></Icon></Icons>"),
        ],
        invalidExamples: [
            SketchTag.linear("3.0", "<Icons>↓<Icon program=\"AdChoices\" width=\"20\"><StaticResource creativeType=\"image/png\"><![CDATA[https://i.example/ac.png]]></StaticResource></Icon></Icons>"),
        ])

    /// The placement attributes an icon lacks.
    static func missing(_ icon: Icon) -> [String] {
        var names: [String] = []
        if icon.program?.isBlank ?? true { names.append("program") }
        if icon.width == nil { names.append("width") }
        if icon.height == nil { names.append("height") }
        if icon.xPosition?.isBlank ?? true { names.append("xPosition") }
        if icon.yPosition?.isBlank ?? true { names.append("yPosition") }
        return names
    }

    func check(_ context: RuleContext) {
        for (_, creative) in context.creatives {
            for icon in creative.linear?.icons ?? [] {
                let missing = Self.missing(icon)
                guard !missing.isEmpty else { continue }
                context.report("<Icon> has no \(missing.joined(separator: ", ")), which VAST 3.0 requires", at: icon.position, path: icon.path)
            }
        }
    }
}
