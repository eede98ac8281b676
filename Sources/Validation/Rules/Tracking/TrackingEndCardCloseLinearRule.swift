import ConformCore
import VAST

/// An end-card companion whose ad does not track closeLinear.
struct TrackingEndCardCloseLinearRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-tracking-endcard-closelinear",
        name: "End-card without closeLinear",
        summary: "an ad has an end-card <Companion> but its <Linear> does not track closeLinear",
        rationale: "VAST 4.1 defined the end-card companion (renderingMode=\"end-card\") and requires players to fire closeLinear when the end card is closed; that is how the ad server learns the end card was dismissed. Without a closeLinear <Tracking> on the Linear there is nothing to fire. Advice to the tag author, so info.",
        fix: "Add <Tracking event=\"closeLinear\"> to the Linear creative of the ad.",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.13", quote: "The VAST event of closeLinear must be fired upon the companion closing"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<Creatives><Creative><Linear><TrackingEvents><Tracking event=\"closeLinear\"><![CDATA[https://t.example/close]]></Tracking></TrackingEvents></Linear></Creative>\n<Creative><CompanionAds><Companion width=\"640\" height=\"360\" renderingMode=\"end-card\"/></CompanionAds></Creative></Creatives>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<Creatives><Creative><Linear><TrackingEvents><Tracking event=\"start\"><![CDATA[https://t.example/s]]></Tracking></TrackingEvents></Linear></Creative>\n<Creative><CompanionAds>↓<Companion width=\"640\" height=\"360\" renderingMode=\"end-card\"/></CompanionAds></Creative></Creatives>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let inLine = ad.inLine else { continue }
            let linears = inLine.creatives.compactMap(\.linear)
            guard !linears.isEmpty else { continue }
            let tracksClose = linears.contains { $0.trackingEvents.contains { $0.event?.isSameName("closeLinear") == true } }
            guard !tracksClose else { continue }
            for creative in inLine.creatives {
                for companion in creative.companionAds?.companions ?? [] where companion.renderingMode == "end-card" {
                    context.report("end-card <Companion> but the ad's <Linear> does not track closeLinear", at: companion.position, path: companion.path)
                }
            }
        }
    }
}
