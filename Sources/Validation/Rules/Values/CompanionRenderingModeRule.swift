import ConformCore
import VAST

/// Companion@renderingMode is default, end-card or concurrent unless players agreed on another value.
struct CompanionRenderingModeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-companion-renderingmode-value",
        name: "Companion renderingMode value",
        summary: "Companion@renderingMode is default, end-card or concurrent unless players agreed on another value",
        rationale: "VAST 4.1 defines default, end-card and concurrent and allows other values by agreement between the parties, so an unknown value is information, not an error: players that do not know it treat the companion as default (concurrent), which turns an end-card into a banner. The 4.1 and 4.2 XSDs enumerate the three values and reject any other, so a value agreed between parties fails them; the rule stays information because the text allows such values. The draft 4.4 schema takes any string.",
        fix: "Use renderingMode=\"end-card\", \"concurrent\" or \"default\", or confirm the custom value with the publisher.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Companion"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.13.1", quote: "renderingMode: Used to indicate when and where to use this companion ad. Values can be “default” or “end-card” or “concurrent”."),
            SpecReference(document: .vast43, section: "3.13", quote: "The renderingMode may use other values other than the ones listed to support these additional use cases."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1" renderingMode="end-card"/></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds>↓<Companion width="1" height="1" renderingMode="endcard"/></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Companion", items: ["renderingMode"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "Companion@renderingMode enumeration default, end-card, concurrent", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Companion@renderingMode type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for companion in creative.companionAds?.companions ?? [] {
                guard let mode = companion.renderingMode, !mode.isEmpty, !["default", "end-card", "concurrent"].contains(mode) else { continue }
                context.report("Companion@renderingMode is \"\(mode)\"; VAST defines default, end-card and concurrent", at: companion.position, path: companion.path)
            }
        }
    }
}
