import ConformCore
import VAST

/// Attributes must be ones the VAST schema defines for their element in the declared version.
struct UnknownAttributeRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-unknown-attribute",
        name: "Known attributes",
        summary: "attributes must be ones the VAST schema defines for their element in the declared version",
        rationale: "Unknown attributes are schema errors but players ignore them, so this is a warning: the usual cause is a misspelling (adID, Delivery, skipOffset) whose intended meaning is then lost. Attributes with a namespace prefix (xsi:, custom extensions) and the content of extensions are not checked; attributes that belong to a later version are reported by the version-mismatch rule instead. The draft 4.4 schema lets MediaFile carry any attribute, so it accepts a misspelt one there; the rule keeps to the attributes the text defines.",
        fix: "Fix the spelling (attribute names are case-sensitive) or remove the attribute.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "5", quote: "Human Readable VAST XML Schema"),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative id="1" adId="a"><Linear skipoffset="00:00:05"/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives>↓<Creative id="1" adID="a"><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><MediaFiles>↓<MediaFile Delivery="progressive">https://m.example/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Creative", otherElements: ["MediaFile"], items: ["adID", "Delivery"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_3, "no xs:anyAttribute on Creative or MediaFile: an undeclared attribute is not allowed", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "vastMediaFile_type has xs:anyAttribute processContents=\"lax\"; Creative none", .partial),
        ]))

    func check(_ context: RuleContext) {
        context.report(context.structureScan.unknownAttributes)
    }
}
