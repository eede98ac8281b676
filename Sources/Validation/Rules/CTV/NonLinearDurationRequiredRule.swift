import ConformCore
import VAST

/// A VAST 4.4 NonLinear with video media or time-based tracking must give its `<Duration>`.
struct NonLinearDurationRequiredRule: Rule {
    /// The NonLinear tracking events that need a known duration (VAST 4.4 §3.12.2, §3.14).
    static let timeBasedEvents: Set<String> = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "progress"]

    static let description = RuleDescription(
        id: "VAST-4.4-nonlinear-duration-required",
        name: "NonLinear Duration for time-based media or tracking",
        summary: "a <NonLinear> with a video <MediaFile> or time-based tracking (start, quartiles, complete, progress) must have a <Duration>",
        rationale: "VAST 4.4 lets a NonLinear (a CTV pause, screensaver, overlay, squeezeback or in-scene ad) carry video and quartile tracking; a player can only place firstQuartile, midpoint, thirdQuartile, complete and offset progress events on a known duration, and only knows how long to run a video cinemagraph from it. The text makes Duration required in exactly those cases and optional for a static image whose display time is unknown, so a static image with creativeView and close tracking passes. Only the InLine NonLinear is checked: a Wrapper's carries tracking only. The draft 4.4 schema has Duration as an optional choice under NonLinear and cannot express the condition; the rule rests on the text.",
        fix: "Add <Duration>00:00:15</Duration> (the length of the video or of the timed experience) to the <NonLinear>, or drop the time-based events if the display time is unknown.",
        severity: .error,
        versions: VASTVersion.v4_4.andLater,
        elements: ["NonLinear"],
        specReferences: [
            SpecReference(document: .vast44, section: "3.12.2", quote: "For CTV Ad Portfolio ads, <Duration> is required when the NonLinear creative contains time-based media, such as video or cinemagraph media, or when time-based tracking events such as start, firstQuartile, midpoint, thirdQuartile, or complete are expected."),
            SpecReference(document: .vast44, section: "3.14.1", quote: "The following time-based events apply to Linear ads and to NonLinear ads when the NonLinear creative has a known <Duration>"),
        ],
        validExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><MediaFiles><MediaFile delivery="progressive" type="image/png" width="1920" height="1080">https://m.example/pause.png</MediaFile></MediaFiles></NonLinear><TrackingEvents><Tracking event="creativeView">https://t.example/cv</Tracking><Tracking event="close">https://t.example/close</Tracking></TrackingEvents></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds><NonLinear width="1920" height="1080"><Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://m.example/cine.mp4</MediaFile></MediaFiles></NonLinear><TrackingEvents><Tracking event="midpoint">https://t.example/mid</Tracking></TrackingEvents></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds>↓<NonLinear width="1920" height="1080"><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://m.example/cine.mp4</MediaFile></MediaFiles></NonLinear></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.4"><Ad><InLine><Creatives><Creative><NonLinearAds>↓<NonLinear width="1920" height="1080"><StaticResource creativeType="image/png">https://m.example/overlay.png</StaticResource></NonLinear><TrackingEvents><Tracking event="firstQuartile">https://t.example/q1</Tracking></TrackingEvents></NonLinearAds></Creative></Creatives></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        for (kind, creative) in zip(context.creativeKinds, context.creatives) where kind == .inLine {
            guard let nonLinearAds = creative.nonLinearAds else { continue }
            let timed = nonLinearAds.trackingEvents.first { $0.event.map(Self.timeBasedEvents.contains) ?? false }?.event
            for nonLinear in nonLinearAds.nonLinears where nonLinear.duration == nil {
                let video = nonLinear.mediaFiles.first { $0.type?.lowercased().hasPrefix("video/") ?? false }
                if let video {
                    context.report("<NonLinear> has a video <MediaFile> (\(video.type ?? "video")) but no <Duration>; time-based NonLinear media needs one", at: nonLinear.position, path: nonLinear.path)
                } else if let timed {
                    context.report("<NonLinearAds> tracks the time-based event \(timed), but its <NonLinear> has no <Duration> to place it on", at: nonLinear.position, path: nonLinear.path)
                }
            }
        }
    }
}
