import ConformCore
import VAST

/// A VMAP error tracking URI without the macro that carries the error code.
struct VMAPErrorTrackingCodeRule: Rule {
    static let description = RuleDescription(
        id: "VMAP-1.0-error-tracking-code",
        name: "VMAP error URI carries the code",
        summary: "a VMAP <Tracking event=\"error\"> URI has no [ERROR_CODE] macro, so the server learns that a break failed but not why",
        rationale: "VMAP defines its own error codes (1000 to 1009, and the VAST codes for the ads inside) and its own macro for them, [ERROR_CODE]. Without it every failure of the break reaches the server as the same request. VAST's [ERRORCODE] is a different name that a VMAP player need not fill, so a URI with only that one is reported too. Advice, so info, as for VAST <Error> URIs.",
        fix: "Add the macro to the URI: <vmap:Tracking event=\"error\"><![CDATA[https://t.example/e?code=[ERROR_CODE]]]></vmap:Tracking>.",
        severity: .info,
        versions: nil,
        elements: ["VMAP"],
        specReferences: [
            SpecReference(document: .vmap1, section: "2.5", quote: "1003 AdBreak type not supported"),
            SpecReference(document: .conform, section: "VMAP", quote: "a VMAP error tracking URI carries the error code in the [ERROR_CODE] macro"),
        ],
        validExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:TrackingEvents><vmap:Tracking event="error"><![CDATA[https://t.example/e?c=[ERROR_CODE]]]></vmap:Tracking><vmap:Tracking event="breakStart"><![CDATA[https://t.example/s]]></vmap:Tracking></vmap:TrackingEvents></vmap:AdBreak></vmap:VMAP>"#),
        ],
        invalidExamples: [
            RuleExample(#"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak timeOffset="start" breakType="linear"><vmap:TrackingEvents>↓<vmap:Tracking event="error"><![CDATA[https://t.example/e]]></vmap:Tracking>↓<vmap:Tracking event="error"><![CDATA[https://t.example/e?c=[ERRORCODE]]]></vmap:Tracking></vmap:TrackingEvents></vmap:AdBreak></vmap:VMAP>"#),
        ],
        schemaBasis: .vmap)

    func check(_ context: RuleContext) {
        for adBreak in context.input.vmap?.adBreaks ?? [] {
            for event in adBreak.trackingEvents where event.event == "error" {
                let url = event.url.value
                guard !url.isEmpty, !url.contains("[ERROR_CODE]") else { continue }
                let message = url.contains("[ERRORCODE]")
                    ? "VMAP error URI \(url) uses VAST's [ERRORCODE]; a VMAP player fills [ERROR_CODE]"
                    : "VMAP error URI \(url) has no [ERROR_CODE]"
                context.report(message, at: event.url)
            }
        }
    }
}
