import ConformCore
import VAST
import XMLCore

/// A ctv_ad_portfolio extension with video or interactive media and time-based tracking gives a Duration.
struct CTVExtensionDurationRequiredRule: Rule {
    static let description = RuleDescription(
        id: "VAST-2.0-ctv-extension-duration-required",
        name: "CTV extension Duration for time-based media and tracking",
        summary: "a ctv_ad_portfolio <Extension> with a video <MediaFile> or an <InteractiveCreativeFile> must give a <Duration> when time-based tracking (start, quartiles, complete, progress) is expected",
        rationale: "The extension document makes Duration required for video and interactive CTV creatives when quartile or other time-based tracking is expected, and optional for a static image whose duration is unknown: a player places firstQuartile, midpoint, thirdQuartile and complete on the duration, and without one never fires them. The time-based tracking may be the creative's NonLinearAds tracking or the extension's own. A Duration of either form counts: the extension's, or the NonLinear's own (VAST 4.4). In a VAST 4.4 document a creative whose NonLinear VAST-4.4-nonlinear-duration-required already reports is left to that rule, so the missing Duration is reported once.",
        fix: "Add <Duration>00:00:30</Duration> (the length of the video or interactive experience) to the ctv_ad_portfolio <Extension>, or drop the time-based events.",
        severity: .error,
        versions: VASTVersion.v2_0.andLater,
        elements: ["Extension"],
        specReferences: [
            SpecReference(document: .ctvAdPortfolio, section: "Duration and tracking", quote: "Duration is required for video and interactive CTV Ad Portfolio creatives when quartile or other time-based tracking is expected."),
        ],
        validExamples: [
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><TrackingEvents><Tracking event="midpoint">https://t.example/mid</Tracking></TrackingEvents><NonLinear><StaticResource creativeType="image/jpeg">https://c.example/poster.jpg</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><Duration>00:00:30</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://c.example/cine.mp4</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><TrackingEvents><Tracking event="close">https://t.example/close</Tracking></TrackingEvents><NonLinear><StaticResource creativeType="image/jpeg">https://c.example/poster.jpg</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions><Extension type="ctv_ad_portfolio"><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://c.example/cine.mp4</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        invalidExamples: [
            RuleExample(#"<VAST version="2.0"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><TrackingEvents><Tracking event="firstQuartile">https://t.example/q1</Tracking></TrackingEvents><NonLinear><StaticResource creativeType="image/jpeg">https://c.example/poster.jpg</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions>↓<Extension type="ctv_ad_portfolio"><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080">https://c.example/cine.mp4</MediaFile></MediaFiles></Extension></Extensions></InLine></Ad></VAST>"#),
            RuleExample(#"<VAST version="4.1"><Ad><InLine><Creatives><Creative id="a"><NonLinearAds><NonLinear><StaticResource creativeType="image/png">https://c.example/f.png</StaticResource></NonLinear></NonLinearAds></Creative></Creatives><Extensions>↓<Extension type="ctv_ad_portfolio"><MediaFiles><InteractiveCreativeFile type="text/html" apiFramework="SIMID">https://c.example/s.html</InteractiveCreativeFile></MediaFiles><TrackingEvents><Tracking event="complete">https://t.example/complete</Tracking></TrackingEvents></Extension></Extensions></InLine></Ad></VAST>"#),
        ],
        schemaBasis: .specTextOnly)

    func check(_ context: RuleContext) {
        let timeBased = NonLinearDurationRequiredRule.timeBasedEvents
        for (body, portfolio, element) in CTVExtensionMedia.portfolios(context) {
            guard let nonLinear = portfolio.nonLinear, nonLinear.duration == nil else { continue }
            let creative = portfolio.creative(in: body)
            let natives = creative?.nonLinearAds?.nonLinears ?? []
            if natives.contains(where: { $0.duration != nil }) { continue }
            let media = nonLinear.mediaFiles.first(where: CTVExtensionMedia.isVideo).map { "a video <MediaFile> (\($0.type ?? "video"))" }
                ?? nonLinear.interactiveCreativeFiles.first.map { _ in "an <InteractiveCreativeFile>" }
            guard let media else { continue }
            let events = (creative?.nonLinearAds?.trackingEvents ?? []) + portfolio.nonLinearAds.trackingEvents
            guard let timed = events.compactMap(\.event).first(where: timeBased.contains) else { continue }
            // VAST 4.4: VAST-4.4-nonlinear-duration-required reports a NonLinear of this creative without a Duration
            // when it has video or its NonLinearAds tracks a time-based event; that finding covers the creative.
            if context.version >= .v4_4 {
                let nativeTracked = creative?.nonLinearAds?.trackingEvents.contains { $0.event.map(timeBased.contains) ?? false } ?? false
                let nativeVideo = natives.contains { $0.mediaFiles.contains(where: CTVExtensionMedia.isVideo) }
                if !natives.isEmpty && (nativeTracked || nativeVideo) { continue }
            }
            context.report("the ctv_ad_portfolio <Extension> has \(media) and the time-based event \(timed) is tracked, but no <Duration> (in the extension or the NonLinear) to place it on", at: element.position, path: element.path)
        }
    }
}
