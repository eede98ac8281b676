import ConformCore
import VAST

/// CompanionClickTracking needs an id in VAST 4.0 to 4.3, as their schemas declare.
struct CompanionClickTrackingIDRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-companion-clicktracking-id",
        name: "CompanionClickTracking id",
        summary: "every <CompanionClickTracking> must have an id attribute (VAST 4.0 to 4.3)",
        rationale: "The schemas of VAST 4.0, 4.1 and 4.2 (which 4.3 shares) declare CompanionClickTracking@id with use=\"required\"; the id names the click in the ad server's reports. The 4.3 attribute table lists it without the required mark; the 4.4 table marks it not required and the 4.4 schema declares it optional. Decisions: an error from 4.0 to 4.3, where the schema a tag is validated with rejects the missing attribute; not checked from 4.4. An empty id=\"\" satisfies the schema (xs:string) and is not reported. This rule replaces two that overlapped: VAST-4.0-companionclicktracking-id (a warning for 4.0 that also reported an empty id) and VAST-4.1-companion-clicktracking-id (an error from 4.1); a configuration that names either applies to this rule.",
        fix: "Add id=\"…\" to the <CompanionClickTracking>.",
        severity: .error,
        versions: .v4_0 ... .v4_3,
        elements: ["CompanionClickTracking"],
        specReferences: [
            SpecReference(document: .vast42, section: "XSD CompanionAd_type", quote: "<xs:attribute name=\"id\" type=\"xs:string\" use=\"required\">"),
            SpecReference(document: .vast43, section: "3.13.4", quote: "id | An id provided by the ad server to track the click in reports"),
        ],
        validExamples: [
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\"><CompanionClickTracking id=\"c1\"><![CDATA[https://c.example/c]]></CompanionClickTracking></Companion></CompanionAds>"),
            SketchTag.creative("4.0", "<CompanionAds><Companion width=\"300\" height=\"250\"><CompanionClickTracking id=\"\"><![CDATA[https://c.example/c]]></CompanionClickTracking></Companion></CompanionAds>"),
            SketchTag.creative("3.0", "<CompanionAds><Companion width=\"300\" height=\"250\"><CompanionClickTracking><![CDATA[https://c.example/c]]></CompanionClickTracking></Companion></CompanionAds>"),
        ],
        invalidExamples: [
            SketchTag.creative("4.2", "<CompanionAds><Companion width=\"300\" height=\"250\">↓<CompanionClickTracking><![CDATA[https://c.example/c]]></CompanionClickTracking></Companion></CompanionAds>"),
            SketchTag.creative("4.0", "<CompanionAds><Companion width=\"300\" height=\"250\">↓<CompanionClickTracking><![CDATA[https://c.example/c]]></CompanionClickTracking></Companion></CompanionAds>"),
        ],
        deprecatedAliases: ["VAST-4.1-companion-clicktracking-id", "VAST-4.0-companionclicktracking-id"],
        schemaBasis: SchemaBasis(element: "CompanionClickTracking", items: ["id"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "CompanionClickTracking@id use=\"required\"", .enforced),
        ]))

    func check(_ context: RuleContext) {
        for creative in context.creatives {
            for companion in creative.companionAds?.companions ?? [] {
                for tracking in companion.clickTrackings where tracking.id == nil {
                    context.report("<CompanionClickTracking> has no id", at: tracking)
                }
            }
        }
    }
}
