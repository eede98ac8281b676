import ConformCore
import VAST

/// The tracking URLs of a single document, per event, in document order: what a player would fire
/// for this response alone (hop 0). Wrapper chains get their merged tracking from the chain evaluator.
///
/// Event names: `impression`, `error`, `clickThrough`, `clickTracking`, `customClick`, every Linear
/// `<Tracking event>` by its name, `nonLinear:<event>`, `nonLinearClickTracking`,
/// `companion:<event>`, `companionClickThrough`, `companionClickTracking`, `iconViewTracking`,
/// `iconClickThrough`, `iconClickTracking`, `viewable`, `notViewable`, `viewUndetermined`.
public enum DocumentTracking {
    public static func collect(_ vast: VASTDocument) -> [String: [TrackedURL]] {
        var result: [String: [TrackedURL]] = [:]
        func add(_ event: String, _ node: TextNode?) {
            guard let node, !node.value.isEmpty else { return }
            result[event, default: []].append(TrackedURL(url: node.value, hop: 0, position: node.position))
        }
        for node in vast.errors { add("error", node) }
        for ad in vast.ads {
            guard let body = ad.body else { continue }
            for node in body.impressions { add("impression", node) }
            for node in body.errors { add("error", node) }
            if let viewable = body.viewableImpression {
                for node in viewable.viewable { add("viewable", node) }
                for node in viewable.notViewable { add("notViewable", node) }
                for node in viewable.viewUndetermined { add("viewUndetermined", node) }
            }
            for creative in body.creatives {
                if let linear = creative.linear {
                    for event in linear.trackingEvents { add(event.event ?? "?", event.url) }
                    add("clickThrough", linear.videoClicks?.clickThrough)
                    for node in linear.videoClicks?.clickTrackings ?? [] { add("clickTracking", node) }
                    for node in linear.videoClicks?.customClicks ?? [] { add("customClick", node) }
                    for icon in linear.icons {
                        for node in icon.viewTrackings { add("iconViewTracking", node) }
                        add("iconClickThrough", icon.clickThrough)
                        for node in icon.clickTrackings { add("iconClickTracking", node) }
                    }
                }
                if let nonLinearAds = creative.nonLinearAds {
                    for event in nonLinearAds.trackingEvents { add("nonLinear:" + (event.event ?? "?"), event.url) }
                    for nonLinear in nonLinearAds.nonLinears {
                        for node in nonLinear.clickTrackings { add("nonLinearClickTracking", node) }
                    }
                }
                for companion in creative.companionAds?.companions ?? [] {
                    for event in companion.trackingEvents { add("companion:" + (event.event ?? "?"), event.url) }
                    add("companionClickThrough", companion.clickThrough)
                    for node in companion.clickTrackings { add("companionClickTracking", node) }
                }
            }
        }
        return result
    }
}
