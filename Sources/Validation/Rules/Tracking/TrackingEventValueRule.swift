import ConformCore
import VAST

/// A `<Tracking event>` must name an event of the declared VAST version.
struct TrackingEventValueRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-tracking-event-value",
        name: "Tracking event name",
        summary: "a <Tracking> event must be one the declared VAST version defines",
        rationale: """
            Each VAST schema enumerates the tracking events it defines; a player ignores a name it does not \
            know, so the pixel never fires. The lists are the 2.0.1, 3.0, 4.0, 4.1 and 4.2 schema enumerations; \
            VAST 4.3 published no schema, so its list is the 4.2 list plus notUsed from the 4.3 prose (§3.14.1): \
            notUsed is accepted in 4.3 documents and reported in earlier ones. VAST 4.4 keeps the 4.3 list: its \
            text adds no event, and its draft schema types the event as a plain string. interactiveStart is accepted \
            from 4.2, following the 4.2 text on SIMID, although the 4.2 schema's enumeration omits it. Names from a later version are \
            reported here; names an earlier version had but this one dropped (fullscreen, expand, ...) are \
            reported by VAST-4.0-tracking-event-removed, and verificationNotExecuted, from 4.1, by its own placement \
            rule (before 4.1 it is reported here). The 4.1 and 4.2 XSDs enumerate the events of the version but \
            declare verificationNotExecuted only under Verification, which \
            VAST-4.1-tracking-verificationnotexecuted-parent checks, and the 4.2 one omits interactiveStart; 4.3 \
            has no XSD of its own and the 4.2 one lacks notUsed, which 4.3 adds; the draft 4.4 schema types event \
            as a plain string. The rule follows the event table of the declared version.
            """,
        fix: "Use an event of the declared version (see the VAST tracking-event table), or declare the version that defines it.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.3", quote: "Accepted values are listed in section 3.14.1 and differ for <Linear>, <NonLinear>, and <Companion>"),
            SpecReference(document: .vast43, section: "3.14.1", quote: "notUsed: This ad was not and will not be played"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<TrackingEvents><Tracking event=\"start\"><![CDATA[https://t.example/start]]></Tracking></TrackingEvents>"),
            SketchTag.linear("4.3", "<TrackingEvents><Tracking event=\"notUsed\"><![CDATA[https://t.example/n]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"impression\"><![CDATA[https://t.example/i]]></Tracking></TrackingEvents>"),
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"notUsed\"><![CDATA[https://t.example/n]]></Tracking></TrackingEvents>"),
            // Only the case differs: `conform fix` writes creativeView.
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"CreativeView\"><![CDATA[https://t.example/v]]></Tracking></TrackingEvents>"),
            SketchTag.linear("3.0", "<TrackingEvents>↓<Tracking event=\"loaded\"><![CDATA[https://t.example/l]]></Tracking></TrackingEvents>"),
            // Before 4.1 (where the placement rule takes it), verificationNotExecuted is no event at all.
            SketchTag.linear("4.0", "<TrackingEvents>↓<Tracking event=\"verificationNotExecuted\"><![CDATA[https://t.example/v]]></Tracking></TrackingEvents>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v2_0...VASTVersion.v4_0, "Tracking@event enumeration (the events of the version)", .enforced),
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "Tracking@event enumeration (the events of 4.1 and 4.2)", .partial),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Tracking@event type=\"xs:string\"", .looser),
        ]))

    /// Elements that people write as tracking events.
    static let elementEvents: [String: String] = [
        "impression": "<Impression>", "click": "<ClickTracking>", "clicktracking": "<ClickTracking>",
        "clickthrough": "<ClickThrough>", "error": "<Error>", "viewable": "<ViewableImpression><Viewable>",
    ]

    /// A suggestion for a name that is not an event: the same event in another case or spacing, or the
    /// element that tracks the moment.
    static func hint(for name: String) -> String {
        let folded = name.lowercased().filter { !$0.isWhitespace && $0 != "_" && $0 != "-" }
        if let event = TrackingEvents.allNames.sorted().first(where: { $0.lowercased() == folded }) {
            return " (did you mean \"\(event)\"?)"
        }
        if let element = elementEvents[folded] { return "; use \(element) instead" }
        return ""
    }

    func check(_ context: RuleContext) {
        let valid = TrackingEvents.names(for: context.version)
        let events = context.trackingEvents, standard = context.trackingIsStandardName
        for index in events.indices where !standard[index] && events[index].parent != .verification {
            let event = events[index].event
            // From 4.1 a misplaced verificationNotExecuted is the placement rule's; before, no version defines it.
            guard let name = event.event, name != "verificationNotExecuted" || context.version < .v4_1, !valid.contains(name) else { continue }
            if name == "verificationNotExecuted" {
                context.report("<Tracking> event \"verificationNotExecuted\" is defined from VAST 4.1, under <Verification> only; this tag is VAST \(context.version.rawValue)",
                               at: event.url)
                continue
            }
            switch TrackingFacts.standing(of: name, in: context.version) {
            case .valid, .removed:
                continue
            case .newer(let since):
                context.report("<Tracking> event \"\(name)\" is defined from VAST \(since.rawValue); this tag is VAST \(context.version.rawValue)",
                               at: event.url)
            case .unknown:
                let hint = Self.hint(for: name)
                context.report("<Tracking> event \"\(name)\" is not a VAST \(context.version.rawValue) tracking event\(hint)",
                               at: event.url)
            }
        }
    }
}
