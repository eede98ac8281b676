import ConformCore
import VAST

/// interactiveStart on a Linear with nothing interactive.
struct TrackingInteractiveStartRule: Rule {
    static let description = RuleDescription(
        id: "VAST-4.2-tracking-interactivestart",
        name: "interactiveStart without interactive file",
        summary: "an InLine <Linear> tracks interactiveStart but has no <InteractiveCreativeFile>",
        rationale: "interactiveStart (VAST 4.2) fires when the interactive component (SIMID) starts; a Linear without an InteractiveCreativeFile never starts one, so the pixel is dead. Advice, so info.",
        fix: "Add the <InteractiveCreativeFile> the event is meant for, or remove the interactiveStart tracking.",
        severity: .info,
        versions: VASTVersion.v4_2.andLater,
        elements: ["Tracking"],
        specReferences: [
            SpecReference(document: .vast43, section: "3.14.1", quote: "interactiveStart: ... A separate way of tracking the interactive creative start is needed"),
        ],
        validExamples: [
            SketchTag.linear("4.2", "<MediaFiles><InteractiveCreativeFile type=\"text/html\" apiFramework=\"SIMID\"><![CDATA[https://i.example/s.html]]></InteractiveCreativeFile></MediaFiles><TrackingEvents><Tracking event=\"interactiveStart\"><![CDATA[https://t.example/i]]></Tracking></TrackingEvents>"),
        ],
        invalidExamples: [
            SketchTag.linear("4.2", "<TrackingEvents>↓<Tracking event=\"interactiveStart\"><![CDATA[https://t.example/i]]></Tracking></TrackingEvents>"),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let linear = creative.linear, linear.interactiveCreativeFiles.isEmpty else { continue }
            for event in linear.trackingEvents where event.event?.isSameName("interactiveStart") == true {
                context.report("<Linear> tracks interactiveStart but has no <InteractiveCreativeFile>", at: event.url)
            }
        }
    }
}
