import ConformCore
import VAST

/// Every <CompanionClickTracking> should have an id attribute in VAST 4.x.
struct CompanionClickTrackingIdRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-companionclicktracking-id",
        name: "CompanionClickTracking id",
        summary: "every <CompanionClickTracking> of a VAST 4.0 document should have an id attribute",
        rationale: "The 4.1 XSD (following 4.0.5) makes CompanionClickTracking@id required, while 4.0 schemas before 4.0.5 do not and the 4.3 text lists id without marking it required. Decision: a warning in 4.0 documents; from 4.1 on, VAST-4.1-companion-clicktracking-id reports it as an error, so a tag gets one finding, never both. The id is what ad servers use to tell the clicks of different companions apart in reports.",
        fix: "Add id=\"companion-300x250\" (any ad-server id for the click).",
        severity: .warning,
        versions: .v4_0 ... .v4_0,
        elements: ["CompanionClickTracking"],
        specReferences: [
            SpecReference(document: .vast41, section: "XSD", quote: "CompanionClickTracking: attribute id use=\"required\""),
            SpecReference(document: .vast43, section: "3.13.4", quote: "id: An id provided by the ad server to track the click in reports."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1"><CompanionClickTracking id="c1">https://t.example/c</CompanionClickTracking></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="3.0"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1"><CompanionClickTracking>https://t.example/c</CompanionClickTracking></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.2"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1"><CompanionClickTracking>https://t.example/c</CompanionClickTracking></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.0"><Ad><InLine><Creatives><Creative><CompanionAds><Companion width="1" height="1">↓<CompanionClickTracking>https://t.example/c</CompanionClickTracking></Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ])

    func check(_ context: RuleContext) {
        for creative in context.creativeList {
            for companion in creative.companionAds?.companions ?? [] {
                for tracking in companion.clickTrackings where (tracking.id ?? "").isEmpty {
                    context.report("<CompanionClickTracking> has no id attribute", at: tracking)
                }
            }
        }
    }
}
