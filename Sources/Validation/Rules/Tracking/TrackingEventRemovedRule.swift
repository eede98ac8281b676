import ConformCore
import VAST

/// An event an earlier VAST version had but the declared one dropped.
struct TrackingEventRemovedRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.0-tracking-event-removed",
        name: "Removed tracking event",
        summary: "a <Tracking> event that the declared VAST version removed or renamed",
        rationale: """
            VAST 4.0 replaced fullscreen/exitFullscreen and expand/collapse with playerExpand/playerCollapse and \
            adExpand/adCollapse, and dropped closeLinear (back in 4.1); 4.1 dropped acceptInvitationLinear and \
            timeSpentViewing. Players of the declared version no longer fire the old names. Decision: a warning, \
            not an error, because many players still fire the old names for compatibility, but the pixel is not \
            guaranteed; the schema of the declared version rejects the name. The draft 4.4 schema types event as a \
            plain string and so accepts a removed event; the 4.4 text does not bring them back, and the text wins.
            """,
        fix: "Use the replacement event of the declared version (for example playerExpand for fullscreen), or keep both during a migration.",
        severity: .warning,
        versions: VASTVersion.v4_0.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.1", quote: "playerExpand: ... This event replaces the fullscreen event"),
            SpecReference(document: .vast43, section: "VAST 4.1 Updates", quote: "Removed acceptInvitationLinear and timeSpentViewing"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"playerExpand\"><![CDATA[https://t.example/x]]></Tracking></TrackingEvents>"),
            SketchTag.linear("3.0", "<TrackingEvents><Tracking event=\"fullscreen\"><![CDATA[https://t.example/x]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"fullscreen\"><![CDATA[https://t.example/x]]></Tracking></TrackingEvents>"),
            SketchTag.linear("4.0", "<TrackingEvents>↓<Tracking event=\"closeLinear\"><![CDATA[https://t.example/x]]></Tracking></TrackingEvents>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v4_0...VASTVersion.v4_3, "Tracking@event enumeration without the removed events", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Tracking@event type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        let valid = TrackingEvents.names(for: context.version)
        let events = context.trackingEvents, standard = context.trackingIsStandardName
        for index in events.indices where !standard[index] && events[index].parent != .verification {
            let event = events[index].event
            guard let name = event.event, !valid.contains(name),
                  TrackingFacts.standing(of: name, in: context.version) == .removed else { continue }
            let replacement = TrackingFacts.replacements[name].map { "; use \($0)" } ?? ""
            context.report("<Tracking> event \"\(name)\" is not in VAST \(context.version.rawValue)\(replacement)", at: event.url)
        }
    }
}
