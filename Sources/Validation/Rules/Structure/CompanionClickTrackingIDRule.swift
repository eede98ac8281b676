import ConformCore
import VAST

/// CompanionClickTracking needs an id from VAST 4.1.
struct CompanionClickTrackingIDRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-companion-clicktracking-id",
        name: "CompanionClickTracking id",
        summary: "every <CompanionClickTracking> must have an id attribute (VAST 4.1 and later)",
        rationale: "The VAST 4.1 and 4.2 schemas declare CompanionClickTracking@id with use=\"required\" (a change made in 4.0.5); the id names the click in the ad server's reports. The 4.3 attribute table lists it without the required mark. Decision: required from 4.1, following the schema 4.3 tags are validated with; 4.0 is not checked because 4.0 schemas before 4.0.5 do not require it. The draft VAST 4.4 schema declares CompanionClickTracking@id optional; the 4.4 text keeps the 4.3 wording, and the text wins.",
        fix: "Add id=\"…\" to the <CompanionClickTracking>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["CompanionClickTracking"],
        specReferences: [
            SpecReference(document: .vast42, section: "XSD CompanionAd_type", quote: "<xs:attribute name=\"id\" type=\"xs:string\" use=\"required\">"),
            SpecReference(document: .vast43, section: "3.13.4", quote: "id | An id provided by the ad server to track the click in reports"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\"><CompanionClickTracking id=\"c1\"><![CDATA[https://c.example/c]]></CompanionClickTracking></Companion></CompanionAds>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\">↓<CompanionClickTracking><![CDATA[https://c.example/c]]></CompanionClickTracking></Companion></CompanionAds>"),
        ],
        schemaBasis: SchemaBasis(element: "CompanionClickTracking", items: ["id"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "CompanionClickTracking@id use=\"required\"", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "CompanionClickTracking@id use=\"optional\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creativeList {
            for companion in creative.companionAds?.companions ?? [] {
                for tracking in companion.clickTrackings where tracking.id == nil {
                    context.report("<CompanionClickTracking> has no id", at: tracking)
                }
            }
        }
    }
}
