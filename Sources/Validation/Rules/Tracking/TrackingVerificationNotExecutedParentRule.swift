import ConformCore
import VAST

/// verificationNotExecuted belongs under `<Verification>` only.
struct TrackingVerificationNotExecutedParentRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-tracking-verificationnotexecuted-parent",
        name: "verificationNotExecuted placement",
        summary: "verificationNotExecuted may be tracked only under <Verification>",
        rationale: "The event reports that one verification vendor's script did not run, with the [REASON] macro; it is defined only for <Verification>/<TrackingEvents>. Under a Linear, NonLinear or Companion creative no player fires it. The draft 4.4 schema types event as a plain string and so accepts verificationNotExecuted anywhere; the 4.4 text keeps it under Verification, and the text wins.",
        fix: "Move the <Tracking event=\"verificationNotExecuted\"> into the <Verification> element of the vendor it reports on.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.4", quote: "verificationNotExecuted: The player did not or was not able to execute the provided verification code"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><TrackingEvents><Tracking event=\"verificationNotExecuted\"><![CDATA[https://v.example/x]]></Tracking></TrackingEvents></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"verificationNotExecuted\"><![CDATA[https://v.example/x]]></Tracking></TrackingEvents>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_3, "Tracking@event enumeration of creative TrackingEvents (no verificationNotExecuted)", .enforced),
            .init(VASTVersion.v4_4...VASTVersion.v4_4, "Tracking@event type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        for index in events.indices where events[index].parent != .verification && events[index].event.event?.isSameName("verificationNotExecuted") == true {
            let parent = events[index].parent, event = events[index].event
            context.report("verificationNotExecuted is tracked under <\(parent.rawValue)>; it belongs under <Verification>", at: event.url)
        }
    }
}
