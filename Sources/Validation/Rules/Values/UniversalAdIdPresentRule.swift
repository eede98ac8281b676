import ConformCore
import VAST

/// Every InLine <Creative> with a <Linear> must contain a <UniversalAdId>.
struct UniversalAdIdPresentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-universaladid-present",
        name: "UniversalAdId for linear creatives",
        summary: "every InLine <Creative> with a <Linear> must contain a <UniversalAdId>",
        rationale: "The 4.x XSDs require UniversalAdId in every InLine Creative, while the 4.3 prose says it is required for linear ads (it identifies the creative across systems, such as the Ad-ID a broadcaster clears). Decision: required for InLine linear creatives only; NonLinear and Companion creatives are not flagged, since real players and clearance systems use it only for linear ads (a known false positive of other validators). Wrapper creatives do not carry it.",
        fix: "Add <UniversalAdId idRegistry=\"ad-id.org\">ABCD1234000H</UniversalAdId> (idRegistry=\"unknown\" with the value \"unknown\" when there is none).",
        severity: .error,
        versions: VASTVersion.v4_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.7.1", quote: "A required element for the purpose of tracking ad creative ... Parent: Creative only in the InLine format"),
            SpecReference(document: .vast42, section: "XSD", quote: "Creative_Inline_type: UniversalAdId minOccurs=\"1\""),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><UniversalAdId idRegistry="ad-id.org">X</UniversalAdId><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives>↓<Creative><Linear/></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creativeList) where kind == .inLine && creative.linear != nil && creative.universalAdIds.isEmpty {
            context.report("linear <Creative\(creative.id.map { " id=\"\($0)\"" } ?? "")> has no <UniversalAdId>", at: creative.position, path: creative.path)
        }
    }
}
