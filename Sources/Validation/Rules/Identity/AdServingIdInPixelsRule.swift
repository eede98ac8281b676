import ConformCore
import VAST

/// No pixel carries the AdServingId.
struct AdServingIdInPixelsRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-adservingid-in-pixels",
        name: "AdServingId on pixels",
        summary: "none of an InLine's impression and tracking URLs carries the AdServingId or [ADSERVINGID]",
        rationale: "The AdServingId exists to join impression-level data across systems; the spec asks for it to be included on all outgoing tracking pixels, either written in by the ad server or through the [ADSERVINGID] macro. When no pixel carries it, the ad server's own logs cannot be matched with anyone else's. Should-level but advice about measurement, so info.",
        fix: "Add the id to the pixels, for example ?sid=[ADSERVINGID].",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.4.3", quote: "This should be inserted into the <AdServingId> element, and also be included on all outgoing tracking pixels"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdServingId>srv-1</AdServingId><Impression><![CDATA[https://i.example/imp?sid=[ADSERVINGID]]]></Impression>"),
            SketchTag.inLine("4.2", "<AdServingId>srv-1</AdServingId><Impression><![CDATA[https://i.example/imp?sid=srv-1]]></Impression>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "↓<AdServingId>srv-1</AdServingId><Impression><![CDATA[https://i.example/imp]]></Impression>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        // The URLs with an [ADSERVINGID] token: impression and tracking URLs are among `context.urls`, whose
        // tokens are already collected, so a pixel carries the macro exactly when its text is one of these.
        var carrying = Set<String>()
        let tokens = context.macroTokens
        for index in tokens.indices where tokens[index].upper.isSameName("ADSERVINGID") {
            let token = tokens[index]
            carrying.insert(context.urls[token.url].node.value)
        }
        for ad in context.ads {
            guard let inLine = ad.inLine, let id = inLine.adServingId, !id.value.isEmpty else { continue }
            var count = 0
            var carries = false
            func consider(_ url: String) {
                guard !url.isEmpty && !url.isSameName("about:blank") else { return }
                count += 1
                if !carries && (url.containsBytes(id.value) || !carrying.isEmpty && carrying.contains(url)) { carries = true }
            }
            for impression in inLine.impressions { consider(impression.value) }
            for creative in inLine.creatives {
                // Through the buffers: iterating the arrays would copy every event.
                creative.linear?.trackingEvents.withUnsafeBufferPointer { events in
                    for i in events.indices { consider(events[i].url.value) }
                }
                creative.nonLinearAds?.trackingEvents.withUnsafeBufferPointer { events in
                    for i in events.indices { consider(events[i].url.value) }
                }
            }
            guard count > 0 else { continue }
            if !carries {
                context.report("none of the \(count) impression and tracking URLs carries the AdServingId", at: id)
            }
        }
    }
}
