import ConformCore
import VAST

/// Verification tracking has one event: verificationNotExecuted.
struct TrackingVerificationEventRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-tracking-verification-event",
        name: "Verification tracking event",
        summary: "a <Verification> may track only the verificationNotExecuted event",
        rationale: "VAST 4.1 gives <Verification> a <TrackingEvents> element with a single event, verificationNotExecuted, fired when the player does not run the verification script. Any other event is never fired there. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares. The XSDs type the event of a Verification's Tracking as a plain string; the rule follows the text, which defines verificationNotExecuted there and nothing else.",
        fix: "Use event=\"verificationNotExecuted\" under <Verification>; put playback events under the creative's <TrackingEvents>.",
        severity: .error,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.4", quote: "One event type is currently supported ... verificationNotExecuted: The player did not or was not able to execute the provided verification code"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><JavaScriptResource apiFramework=\"omid\"><![CDATA[https://v.example/v.js]]></JavaScriptResource><TrackingEvents><Tracking event=\"verificationNotExecuted\"><![CDATA[https://v.example/x?r=[REASON]]]></Tracking></TrackingEvents></Verification></AdVerifications>"),
            SketchTag.inLine("4.0", "<AdVerifications><Verification vendor=\"v.example-omid\"><TrackingEvents><Tracking event=\"start\"><![CDATA[https://v.example/s]]></Tracking></TrackingEvents></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><TrackingEvents>\n↓<Tracking event=\"start\"><![CDATA[https://v.example/s]]></Tracking></TrackingEvents></Verification></AdVerifications>"),
            SketchTag.verificationExtension("3.0", "<Verification vendor=\"v.example-omid\"><TrackingEvents>\n↓<Tracking event=\"start\"><![CDATA[https://v.example/s]]></Tracking></TrackingEvents></Verification>"),
        ],
        schemaBasis: SchemaBasis(element: "Tracking", items: ["event"], [
            .init(VASTVersion.v4_1...VASTVersion.v4_4, "Verification/TrackingEvents/Tracking@event type=\"xs:string\"", .looser),
        ]))

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        for index in events.indices where context.checksVerificationTracking(events[index]) {
            let event = events[index].event
            guard let name = event.event, name != "verificationNotExecuted" else { continue }
            context.report("<Verification> tracks \"\(name)\"; its only tracking event is verificationNotExecuted", at: event.url)
        }
    }
}
