import ConformCore
import VAST

/// In VAST 3.0 every <Icon> must have program, width, height, xPosition and yPosition.
struct IconAttributesRule: Rule {
    static let description = RuleDescription(
        id: "VAST-3.0-icon-attributes",
        name: "Icon attributes in VAST 3.0",
        summary: "in VAST 3.0 every <Icon> must have program, width, height, xPosition and yPosition",
        rationale: "The 3.0 XSD makes these five attributes required; VAST 4.0.5 and later made them optional. Decision, per version: an error for 3.0 documents only; 4.x icons without them are not flagged (players place such icons by their own defaults).",
        fix: "Add program=\"AdChoices\" width=\"20\" height=\"20\" xPosition=\"right\" yPosition=\"top\".",
        severity: .error,
        versions: VASTVersion.v3_0...VASTVersion.v3_0,
        elements: ["Icon"],
        specReferences: [
            SpecReference(document: .vast3, section: "2.4.4.5", quote: "program ... width ... height ... xPosition ... yPosition ... required"),
            SpecReference(document: .vast43, section: "3.11.1", quote: "program ... optional"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top"/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><Linear><Icons>↓<Icon program="AdChoices" width="20" height="20"/></Icons></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Icon", items: ["program", "width", "height", "xPosition", "yPosition"], [
            .init(VASTVersion.v3_0...VASTVersion.v3_0, "Icon@program, @width, @height, @xPosition, @yPosition use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for icon in creative.linear?.icons ?? [] {
                let missing = [icon.program == nil ? "program" : nil, icon.width == nil ? "width" : nil, icon.height == nil ? "height" : nil,
                               icon.xPosition == nil ? "xPosition" : nil, icon.yPosition == nil ? "yPosition" : nil].compactMap { $0 }
                guard !missing.isEmpty else { continue }
                context.report("<Icon> lacks \(missing.joined(separator: ", ")), which VAST 3.0 requires", at: icon.position, path: icon.path)
            }
        }
    }
}
