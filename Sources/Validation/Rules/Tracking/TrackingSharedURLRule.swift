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
        func label(_ offset: Attr<VASTOffset>?, _ name: String) -> String { offset.map { "\(name)@\($0.raw)" } ?? name }
        // Keys are hashed with ByteHash and compared in full when hashes meet; keys that collide with a
        // different key go to `overflow`.
        let events = context.trackingEvents, hashes = TrackingFacts.urlHashes(context)
        var firstByHash = FirstIndexTable(capacity: events.count)
        var overflow: [Key: String] = [:]
        // Through the buffer, reading fields in place: an element read out of the array is a copy of the
        // whole item, with a reference count per string.
        events.withUnsafeBufferPointer { events in
            for index in events.indices {
                guard let name = events[index].event.event else { continue }
                // The text is read only when hashes meet: a field read through the text node's accessors
                // copies the whole item. (An empty URL may be recorded first for its hash; only an empty
                // URL has that hash, short of a collision, which the comparisons below settle.)
                let hash = hashes[index]
                guard let firstIndex = firstByHash.firstIndex(of: hash, orInsert: index) else { continue }
                let url = events[index].event.url
                guard !url.value.isEmpty else { continue }
                let parent = url.path.parentOfPathSlice
                let earlier: String
                if events[firstIndex].event.url.value == url.value && events[firstIndex].event.url.path.parentOfPathSlice == parent {
                    earlier = label(events[firstIndex].event.offset, events[firstIndex].event.event ?? "")
                } else {
                    let key = Key(parent: parent, url: url.value)
                    guard let found = overflow[key] else {
                        overflow[key] = label(events[index].event.offset, name)
                        continue
                    }
                    earlier = found
                }
                if earlier != label(events[index].event.offset, name) {
                    context.report("\(name) uses the same URL as \(earlier); the server cannot tell the events apart", at: url)
                }
            }
        }
    }
}
