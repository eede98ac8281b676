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
        ])

    /// Whether "ADSERVINGID" occurs in `url` in any case: a URL without it cannot carry the macro.
    static func mentionsMacroName(_ url: String) -> Bool {
        var copy = url
        return copy.withUTF8 { bytes in
            let target: StaticString = "adservingid"
            let count = target.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            let t = target.utf8Start
            var i = 0
            while i <= bytes.count - count {
                if bytes[i] | 0x20 == t[0] {
                    var k = 1
                    while k < count, bytes[i + k] | 0x20 == t[k] { k += 1 }
                    if k == count { return true }
                }
                i += 1
            }
            return false
        }
    }

    func check(_ context: RuleContext) {
        for ad in context.ads {
            guard let inLine = ad.inLine, let id = inLine.adServingId, !id.value.isEmpty else { continue }
            var pixels = inLine.impressions.map(\.value)
            for creative in inLine.creatives {
                pixels += creative.linear?.trackingEvents.map(\.url.value) ?? []
                pixels += creative.nonLinearAds?.trackingEvents.map(\.url.value) ?? []
            }
            pixels = pixels.filter { !$0.isEmpty && $0 != "about:blank" }
            guard !pixels.isEmpty else { continue }
            let carries = pixels.contains { url in
                url.containsBytes(id.value)
                    || Self.mentionsMacroName(url) && Macros.occurrences(in: url).contains { $0.name.uppercased() == "ADSERVINGID" }
            }
            if !carries {
                context.report("none of the \(pixels.count) impression and tracking URLs carries the AdServingId", at: id)
            }
        }
    }
}
