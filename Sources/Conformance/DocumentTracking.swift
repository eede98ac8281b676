import ConformCore
import VAST

/// The tracking URLs of a single document, per event, in document order: what a player would fire
/// for this response alone (hop 0). Wrapper chains get their merged tracking from the chain evaluator.
///
/// Event names: `impression`, `error`, `clickThrough`, `clickTracking`, `customClick`, every Linear
/// `<Tracking event>` by its name, `nonLinear:<event>`, `nonLinearClickTracking`, `nonLinearCustomClick` (4.4),
/// `nonLinear:iconViewTracking`, `nonLinear:iconClickThrough`, `nonLinear:iconClickTracking` (Icons under a 4.4
/// NonLinearAds),
/// `companion:<event>`, `companionClickThrough`, `companionClickTracking`, `iconViewTracking`,
/// `iconClickThrough`, `iconClickTracking`, `viewable`, `notViewable`, `viewUndetermined`.
///
/// An element the spec allows once that the document repeats (a second `<Linear>` in a Creative, a second
/// `<ClickThrough>`) is reported by the rules, and its URLs are listed after the others of their event, marked
/// ``TrackedURL/repeated``: players that read every element fire them.
///
/// The CTV Ad Portfolio extension (`<Extension type="ctv_ad_portfolio">`, VAST 2.0 to 4.3) adds its tracking
/// under the same NonLinear names, after the others, each marked ``TrackedURL/fromExtension``.
public enum DocumentTracking {
    public static func collect(_ vast: VASTDocument) -> [String: [TrackedURL]] {
        // Room for the names a typical document has, so the table is not rebuilt as it fills. (Made with
        // room, not given room after: reserving is a generic call that looks its types up each time.)
        var result = [String: [TrackedURL]](minimumCapacity: 16)
        func add(_ event: String, _ node: TextNode?) {
            guard let node, !node.value.isEmpty else { return }
            result[event, default: []].append(TrackedURL(url: node.value, hop: 0, position: node.position))
        }
        /// A run of elements with one event name: the name is looked up once for the whole run.
        func add(_ event: String, _ nodes: [TextNode]) {
            guard let first = nodes.firstIndex(where: { !$0.value.isEmpty }) else { return }
            append(nodes[first...], to: &result[event, default: []])
        }
        func append(_ nodes: some Sequence<TextNode>, to urls: inout [TrackedURL]) {
            for node in nodes where !node.value.isEmpty {
                urls.append(TrackedURL(url: node.value, hop: 0, position: node.position))
            }
        }
        /// `<Tracking>` elements, named `prefix` + their event: tags list them in runs of one event (three
        /// `start` pixels, then three `firstQuartile` ones), so the name is looked up once per run, and only
        /// for a run with a URL.
        func add(_ events: [TrackingEvent], prefix: String?) {
            var start = 0
            while start < events.count {
                let name = events[start].event
                var end = start + 1
                while end < events.count, events[end].event == name { end += 1 }
                if let first = events[start ..< end].firstIndex(where: { !$0.url.value.isEmpty }) {
                    let event = prefix.map { $0 + (name ?? "?") } ?? (name ?? "?")
                    append(events[first ..< end].lazy.map(\.url), to: &result[event, default: []])
                }
                start = end
            }
        }
        add("error", vast.errors)
        for ad in vast.ads {
            guard let body = ad.body else { continue }
            add("impression", body.impressions)
            add("error", body.errors)
            if let viewable = body.viewableImpression {
                add("viewable", viewable.viewable)
                add("notViewable", viewable.notViewable)
                add("viewUndetermined", viewable.viewUndetermined)
            }
            for creative in body.creatives {
                if let linear = creative.linear {
                    add(linear.trackingEvents, prefix: nil)
                    add("clickThrough", linear.videoClicks?.clickThrough)
                    add("clickTracking", linear.videoClicks?.clickTrackings ?? [])
                    add("customClick", linear.videoClicks?.customClicks ?? [])
                    for icon in linear.icons {
                        add("iconViewTracking", icon.viewTrackings)
                        add("iconClickThrough", icon.clickThrough)
                        add("iconClickTracking", icon.clickTrackings)
                    }
                }
                if let nonLinearAds = creative.nonLinearAds {
                    add(nonLinearAds.trackingEvents, prefix: "nonLinear:")
                    for nonLinear in nonLinearAds.nonLinears {
                        add("nonLinearClickTracking", nonLinear.clickTrackings)
                        add("nonLinearCustomClick", nonLinear.customClicks)
                    }
                    for icon in nonLinearAds.icons {
                        add("nonLinear:iconViewTracking", icon.viewTrackings)
                        add("nonLinear:iconClickThrough", icon.clickThrough)
                        add("nonLinear:iconClickTracking", icon.clickTrackings)
                    }
                }
                for companion in creative.companionAds?.companions ?? [] {
                    add(companion.trackingEvents, prefix: "companion:")
                    add("companionClickThrough", companion.clickThrough)
                    add("companionClickTracking", companion.clickTrackings)
                }
            }
        }
        addRepeats(vast, to: &result)
        addCTVAdPortfolioExtensions(vast, to: &result)
        return result
    }

    /// The tracking of each `<Extension type="ctv_ad_portfolio">` (the CTV Ad Portfolio form for VAST 2.0 to 4.3),
    /// under the NonLinear names, after the others of their event, each marked ``TrackedURL/fromExtension``.
    static func addCTVAdPortfolioExtensions(_ vast: VASTDocument, to result: inout [String: [TrackedURL]]) {
        func add(_ event: String, _ nodes: [TextNode]) {
            for node in nodes where !node.value.isEmpty {
                result[event, default: []].append(TrackedURL(url: node.value, hop: 0, position: node.position, fromExtension: true))
            }
        }
        for ad in vast.ads {
            for portfolio in ad.body?.ctvAdPortfolios ?? [] {
                let nonLinearAds = portfolio.nonLinearAds
                for event in nonLinearAds.trackingEvents { add("nonLinear:" + (event.event ?? "?"), [event.url]) }
                for nonLinear in nonLinearAds.nonLinears {
                    add("nonLinearClickTracking", nonLinear.clickTrackings)
                    add("nonLinearCustomClick", nonLinear.customClicks)
                }
                for icon in nonLinearAds.icons {
                    add("nonLinear:iconViewTracking", icon.viewTrackings)
                    add("nonLinear:iconClickThrough", [icon.clickThrough].compactMap { $0 })
                    add("nonLinear:iconClickTracking", icon.clickTrackings)
                }
            }
        }
    }

    /// The URLs of repeated elements, after the others of their event, each marked repeated. A separate pass, so
    /// that the usual document (which repeats nothing) pays one check per creative.
    static func addRepeats(_ vast: VASTDocument, to result: inout [String: [TrackedURL]]) {
        func add(_ event: String, _ nodes: [TextNode]) {
            for node in nodes where !node.value.isEmpty {
                result[event, default: []].append(TrackedURL(url: node.value, hop: 0, position: node.position, repeated: true))
            }
        }
        func add(_ events: [TrackingEvent], prefix: String) {
            for event in events { add(prefix + (event.event ?? "?"), [event.url]) }
        }
        func add(_ clicks: VideoClicks) {
            add("clickThrough", [clicks.clickThrough].compactMap { $0 } + clicks.repeatedClickThroughs)
            add("clickTracking", clicks.clickTrackings)
            add("customClick", clicks.customClicks)
        }
        func add(_ linear: Linear, whole: Bool) {
            if whole {
                add(linear.trackingEvents, prefix: "")
                if let clicks = linear.videoClicks { add(clicks) }
                for icon in linear.icons {
                    add("iconViewTracking", icon.viewTrackings)
                    add("iconClickThrough", [icon.clickThrough].compactMap { $0 })
                    add("iconClickTracking", icon.clickTrackings)
                }
            } else {
                add("clickThrough", linear.videoClicks?.repeatedClickThroughs ?? [])
            }
            add(linear.repeatedTrackingEvents, prefix: "")
            for clicks in linear.repeatedVideoClicks { add(clicks) }
        }
        func add(_ nonLinearAds: NonLinearAds, whole: Bool) {
            if whole {
                add(nonLinearAds.trackingEvents, prefix: "nonLinear:")
                for nonLinear in nonLinearAds.nonLinears { add("nonLinearClickTracking", nonLinear.clickTrackings) }
            }
            add(nonLinearAds.repeatedTrackingEvents, prefix: "nonLinear:")
        }
        for ad in vast.ads {
            for creative in ad.body?.creatives ?? [] {
                if let linear = creative.linear { add(linear, whole: false) }
                if let nonLinearAds = creative.nonLinearAds { add(nonLinearAds, whole: false) }
                guard let repeated = creative.repeated else { continue }
                for linear in repeated.linears { add(linear, whole: true) }
                for nonLinearAds in repeated.nonLinearAds { add(nonLinearAds, whole: true) }
                for companion in repeated.companionAds.flatMap(\.companions) {
                    add(companion.trackingEvents, prefix: "companion:")
                    add("companionClickThrough", [companion.clickThrough].compactMap { $0 })
                    add("companionClickTracking", companion.clickTrackings)
                }
            }
        }
    }
}
