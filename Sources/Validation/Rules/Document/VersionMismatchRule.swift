import ConformCore
import VAST

/// Elements and attributes introduced after the declared VAST version contradict the version.
struct VersionMismatchRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-version-mismatch",
        name: "Structure matches declared version",
        summary: "elements and attributes introduced after the declared VAST version contradict the version",
        rationale: "A document declared 3.0 that contains AdServingId (4.1), UniversalAdId, Mezzanine or ViewableImpression (4.0) was written for a later version, as is one declared 4.3 or earlier whose NonLinear holds MediaFiles or Duration, or whose NonLinearAds holds Icons (4.4). The 4.4 text asks for the backwards-compatible extension form instead when an older version is required. A player trusting the declaration parses with the older schema and ignores or rejects the newer parts, and conform checks the document against the declared version. Each signal is reported once, at its first occurrence. A warning: the fix is usually the version attribute, not the content. The XSD of the declared version rejects what that version does not declare, as the rule reports; from 4.1 it also requires AdServingId, so it rejects a document written for an earlier version for a reason VAST-4.1-adservingid-present reports.",
        fix: "Declare the version the tag was written for (for example version=\"4.2\"), or remove the newer elements.",
        severity: .warning,
        versions: VASTVersion.v2_0...VASTVersion.v4_3,
        specReferences: [
            SpecReference(document: .vast43, section: "3.2", quote: "version: A float (number with decimal) to indicate the VAST version being used."),
            SpecReference(document: .vast43, section: "Executive Summary", quote: "VAST 4.1 Updates ... AdServingId: A required field has been added"),
            SpecReference(document: .vast44, section: "4.1", quote: "When a VAST 2.0 or VAST 3.0 response is required, ad servers should follow the relevant CTV Ad Portfolio extension guidance rather than emitting VAST 4.4-only elements into an older-versioned response."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.1"><Ad><InLine><AdServingId>a</AdServingId></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><AdServingId>a</AdServingId><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><Duration>00:00:10</Duration><MediaFiles><MediaFile type="image/png" width="1920" height="1080">https://m.example/p.png</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="3.0"><Ad><InLine>↓<AdServingId>a</AdServingId><Creatives><Creative>↓<UniversalAdId idRegistry="ad-id.org">X</UniversalAdId></Creative><Creative><UniversalAdId idRegistry="ad-id.org">Y</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0">↓<Ad sequence="1"><InLine/></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.3"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080">↓<Duration>00:00:10</Duration>↓<MediaFiles><MediaFile type="image/png" width="1920" height="1080">https://m.example/p.png</MediaFile></MediaFiles></NonLinear>↓<Icons><Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top"><StaticResource creativeType="image/png">https://m.example/i.png</StaticResource></Icon></Icons></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: SchemaBasis(element: "Ad", otherElements: ["AdServingId", "UniversalAdId", "Duration"], items: ["sequence", "AdServingId", "UniversalAdId", "Duration"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_0, "the XSD of the declared version does not declare the later elements and attributes (Ad@sequence before 3.0, UniversalAdId before 4.0, AdServingId before 4.1, a NonLinear's Duration before 4.4)", .enforced),
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "the XSD of the declared version does not declare the later elements; InLine/AdServingId minOccurs=\"1\"", .partial),
        ]))

    func check(_ context: RuleContext) {
        context.report(context.structureScan.versionMismatch)
    }
}
