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
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        struct Key: Hashable {
            var parent: Substring
            var url: String
        }
        func label(_ offset: Attr<VASTOffset>?, _ name: String) -> String { offset.map { "\(name)@\($0.raw)" } ?? name }
        // Keys are hashed with ByteHash and compared in full when hashes meet; keys that collide with a
        // different key go to `overflow`.
        let events = context.trackingEvents, hashes = context.trackingURLHashes
        var firstByHash = FirstIndexTable(capacity: events.count)
        var overflow: [Key: String] = [:]
        // Every event is recorded under its hash, and an event's fields are read only when hashes meet:
        // reading a field of an item in the list copies the whole item. Events without a name or a URL
        // take part in nothing; one recorded first sends the events that meet it to `overflow`, where
        // the first event taking part is found by its key.
        events.withUnsafeBufferPointer { events in
            for index in events.indices {
                guard let firstIndex = firstByHash.firstIndex(of: hashes[index], orInsert: index) else { continue }
                guard let name = events[index].event.event else { continue }
                let url = events[index].event.url
                guard !url.value.isEmpty else { continue }
                let parent = url.path.parentOfPathSlice
                let other = events[firstIndex].event
                let earlier: String
                if let otherName = other.event, other.url.value == url.value, other.url.path.parentOfPathSlice == parent {
                    earlier = label(other.offset, otherName)
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
