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
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        struct Key: Hashable {
            var parent: Substring
            var event: String?
            var offset: String?
            var url: String
        }
        // Keys are hashed with ByteHash and compared in full when hashes meet; keys that collide with a
        // different key go to `overflow`.
        let events = context.trackingEvents
        guard events.count > 1 else { return }
        let hashes = context.trackingURLHashes
        var first = FirstIndexTable(capacity: events.count)
        var overflow = Set<Key>()
        // Through the buffer, reading fields in place: an element read out of the array is a copy of the
        // whole item, with a reference count per string.
        events.withUnsafeBufferPointer { events in
            func key(_ i: Int) -> Key {
                Key(parent: events[i].event.url.path.parentOfPathSlice, event: events[i].event.event,
                    offset: events[i].event.offset?.raw, url: events[i].event.url.value)
            }
            // The event name's hash, kept while the next event has the same name (they come in runs).
            var lastName: String?
            var lastNameHash: UInt64 = 0
            for index in events.indices {
                guard !events[index].event.url.value.isEmpty else { continue }
                let name = events[index].event.event ?? ""
                if lastName == nil || !lastName!.isSameName(name) {
                    lastName = name
                    lastNameHash = ByteHash.hash(name)
                }
                var hash = ByteHash.combine(hashes[index], lastNameHash)
                if let offset = events[index].event.offset { hash = ByteHash.hash(offset.raw, seed: hash &+ 1) }
                var repeated = false
                if let earlier = first.firstIndex(of: hash, orInsert: index) {
                    let k = key(index)
                    repeated = key(earlier) == k || !overflow.insert(k).inserted
                }
                if repeated {
                    let url = events[index].event.url
                    context.report("\(events[index].event.event ?? "tracking") URL \(url.value) is listed twice under <\(url.path.parentOfPath.parentOfPath.elementNameOfPath)>", at: url)
                }
            }
        }
    }
}
