import ConformCore
import VAST

/// The same pixel twice for the same event.
struct TrackingDuplicateURLRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-tracking-duplicate-url",
        name: "Duplicate tracking URL",
        summary: "the same URL is tracked twice for the same event under one element",
        rationale: "Players fire every <Tracking> of an event, so a repeated URL is counted twice and inflates the measured events. Repeats usually come from templates merged twice. Duplicates across Wrapper and InLine are intended (each party tracks) and are not checked here.",
        fix: "Remove the repeated <Tracking> element.",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.3", quote: "Multiple tracking elements may be used ... to track events of the same type for multiple parties"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"start\"><![CDATA[https://a.example/s]]></Tracking><Tracking event=\"start\"><![CDATA[https://b.example/s]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"start\"><![CDATA[https://a.example/s]]></Tracking>\n↓<Tracking event=\"start\"><![CDATA[https://a.example/s]]></Tracking></TrackingEvents>"),
        ])

    func check(_ context: RuleContext) {
        struct Key: Hashable {
            var parent: Substring
            var event: String?
            var offset: String?
            var url: String
        }
        var seen = Set<Key>()
        for (_, _, event) in context.trackingEvents {
            let url = event.url.value
            guard !url.isEmpty else { continue }
            let key = Key(parent: event.url.path.parentOfPathSlice, event: event.event, offset: event.offset?.raw, url: url)
            if !seen.insert(key).inserted {
                context.report("\(event.event ?? "tracking") URL \(url) is listed twice under <\(event.url.path.parentOfPath.parentOfPath.elementNameOfPath)>", at: event.url)
            }
        }
    }
}
