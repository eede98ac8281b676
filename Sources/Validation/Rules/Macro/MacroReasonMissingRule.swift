import ConformCore
import VAST

/// A verificationNotExecuted URL without [REASON].
struct MacroReasonMissingRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.1-macro-verification-reason",
        name: "verificationNotExecuted URL without [REASON]",
        summary: "a verificationNotExecuted tracking URL has no [REASON] macro, so the vendor learns that its script did not run but not why",
        rationale: "When the player does not run a verification script it fires the Verification's verificationNotExecuted URL, and [REASON] is how it says why: the resource was rejected (1), the vendor is not supported (2) or the resource could not load (3). Without the macro the vendor cannot tell a player that refuses its script from one that failed to fetch it. The macro is the tag author's choice, so this is info, like <Error> URLs without [ERRORCODE]. Before VAST 4.1 the same content travels in <Extension type=\"AdVerifications\"> (4.3 §1.8); conform checks it there as 4.1 content, whatever version the document declares.",
        fix: "Add a parameter carrying [REASON], for example ?reason=[REASON].",
        severity: .info,
        versions: VASTVersion.v4_1.andLater,
        elements: ["Verification"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.17.4", quote: "The following macros should be supported specifically in URIs for this event type ... [REASON]"),
        ],
        validExamples: [
            SketchTag.inLine("4.2", "<AdVerifications><Verification vendor=\"v.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://v.example/v.js]]></JavaScriptResource><TrackingEvents><Tracking event=\"verificationNotExecuted\"><![CDATA[https://v.example/x?r=[REASON]]]></Tracking></TrackingEvents></Verification></AdVerifications>"),
            SketchTag.inLine("4.0", "<AdVerifications><Verification vendor=\"v.example-omid\"><TrackingEvents><Tracking event=\"verificationNotExecuted\"><![CDATA[https://v.example/x]]></Tracking></TrackingEvents></Verification></AdVerifications>"),
        ],
        invalidExamples: [
            SketchTag.inLine("4.1", "<AdVerifications><Verification vendor=\"v.example-omid\"><JavaScriptResource apiFramework=\"omid\" browserOptional=\"true\"><![CDATA[https://v.example/v.js]]></JavaScriptResource><TrackingEvents>↓<Tracking event=\"verificationNotExecuted\"><![CDATA[https://v.example/x]]></Tracking></TrackingEvents></Verification></AdVerifications>"),
            SketchTag.verificationExtension("3.0", "<Verification vendor=\"v.example-omid\"><TrackingEvents>↓<Tracking event=\"verificationNotExecuted\"><![CDATA[https://v.example/x]]></Tracking></TrackingEvents></Verification>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let events = context.trackingEvents
        for index in events.indices where context.checksVerificationTracking(events[index]) {
            let event = events[index].event
            guard event.event == "verificationNotExecuted" else { continue }
            let url = event.url.value
            guard !url.isEmpty, !url.contains("[REASON]"), !url.contains("%%REASON%%") else { continue }
            context.report("verificationNotExecuted URL \(url) has no [REASON]", at: event.url)
        }
    }
}
