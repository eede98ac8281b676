import ConformCore
import VAST

/// One URL tracked for two different events.
struct TrackingSharedURLRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-tracking-url-shared",
        name: "One URL for several events",
        summary: "the same URL is tracked for two different events under one element",
        rationale: "A tracking server tells events apart only by the URL it receives; when start and complete (or two progress offsets) request the identical URL, every event is counted as the same one and the quartile report collapses. Usually an event parameter was lost when the tag was templated.",
        fix: "Give each event its own URL (for example add event=start, event=complete parameters).",
        severity: .warning,
        versions: VASTVersion.v2_0.andLater,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.4", quote: "Calls to these resources are counted by the ad server or other measurement vendor to tally up the total for a specific video event"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"start\"><![CDATA[https://t.example/e?ev=start]]></Tracking><Tracking event=\"complete\"><![CDATA[https://t.example/e?ev=complete]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"start\"><![CDATA[https://t.example/e]]></Tracking>\n↓<Tracking event=\"complete\"><![CDATA[https://t.example/e]]></Tracking></TrackingEvents>"),
        ])

    func check(_ context: RuleContext) {
        struct Key: Hashable {
            var parent: Substring
            var url: String
        }
        func label(_ event: TrackingEvent, _ name: String) -> String { event.offset.map { "\(name)@\($0.raw)" } ?? name }
        // Keys are hashed with ByteHash and compared in full when hashes meet; keys that collide with a
        // different key go to `overflow`.
        let events = context.trackingEvents, hashes = TrackingFacts.urlHashes(context)
        var firstByHash = FirstIndexTable(capacity: events.count)
        var overflow: [Key: String] = [:]
        for index in events.indices {
            guard !events[index].event.url.value.isEmpty, events[index].event.event != nil else { continue }
            let hash = hashes[index]
            guard let firstIndex = firstByHash.firstIndex(of: hash, orInsert: index) else { continue }
            let event = events[index].event, name = event.event ?? ""
            let parent = event.url.path.parentOfPathSlice
            let other = events[firstIndex].event
            let earlier: String
            if other.url.value == event.url.value && other.url.path.parentOfPathSlice == parent {
                earlier = label(other, other.event ?? "")
            } else {
                let key = Key(parent: parent, url: event.url.value)
                guard let found = overflow[key] else {
                    overflow[key] = label(event, name)
                    continue
                }
                earlier = found
            }
            if earlier != label(event, name) {
                context.report("\(name) uses the same URL as \(earlier); the server cannot tell the events apart", at: event.url)
            }
        }
    }
}
