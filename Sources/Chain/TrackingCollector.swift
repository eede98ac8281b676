import ConformCore
import Foundation
import VAST

/// A tracking URL with its provenance and its macro-expanded form.
public struct TrackingURL: Sendable, Codable, Hashable {
    /// The URL as written (trimmed).
    public var url: String
    /// The URL as a player requests it: `[NAME]` and `%%NAME%%` filled from the sample values (or overrides).
    public var expanded: String
    /// The hop it came from (0 = root document, counting up to the InLine).
    public var hop: Int
    /// The document it came from: a path for local files, the URI otherwise (`nil` for an unnamed root).
    public var document: String?
    /// 1-based line and column of the element in its document.
    public var position: SourcePosition
    /// The element's path in its document.
    public var path: String
    /// For tracking events: the creative type the event belongs to (`Linear`, `NonLinear`, `Companion`).
    public var creativeType: String?
    /// For `progress` events: the `offset` attribute as written.
    public var offset: String?
}

/// Every URL a player would request for one ad that reached an InLine, merged across its chain.
public struct TrackingReport: Sendable, Codable, Hashable {
    /// The ad's label (see ``ResolvedAd/label``).
    public var ad: String
    /// Every hop's `<Impression>`: all of them fire together.
    public var impression: [TrackingURL]
    /// Every hop's `<Error>`, `[ERRORCODE]` filled with the sample (900) unless overridden.
    public var error: [TrackingURL]
    /// The Linear `ClickThrough` closest to the InLine (the InLine's own, else the nearest Wrapper's).
    public var clickThrough: TrackingURL?
    /// Linear `ClickTracking` of the InLine and of every Wrapper (when the InLine has a Linear creative).
    public var clickTracking: [TrackingURL]
    /// Linear `CustomClick` of the InLine and of every Wrapper (when the InLine has a Linear creative).
    public var customClick: [TrackingURL]
    /// Tracking events by event name. Wrapper tracking of a creative type joins only when the InLine has a
    /// creative of that type; each entry says its ``TrackingURL/creativeType``.
    public var events: [String: [TrackingURL]]
    /// `NonLinearClickTracking` across the chain (when the InLine has NonLinear creatives).
    public var nonLinearClickTracking: [TrackingURL]
    /// `CompanionClickTracking` across the chain (when the InLine has Companion creatives).
    public var companionClickTracking: [TrackingURL]
    /// `IconViewTracking` of every Icon across the chain (when the InLine has a Linear creative).
    public var iconViewTracking: [TrackingURL]
    /// `IconClickTracking` of every Icon across the chain (when the InLine has a Linear creative).
    public var iconClickTracking: [TrackingURL]
    /// `ViewableImpression` children of every hop, keyed `viewable`, `notViewable`, `viewUndetermined`.
    public var viewableImpression: [String: [TrackingURL]]
    /// Verification `Tracking` of every hop's `AdVerifications`, by event name.
    public var verification: [String: [TrackingURL]]
    /// Findings: wrapper tracking with no creative to join, URLs invalid after expansion.
    public var diagnostics: [Diagnostic]

    /// Every URL of the report, for counting and validity checks.
    public var allURLs: [TrackingURL] {
        var out = impression + error + clickTracking + customClick + nonLinearClickTracking
        out += companionClickTracking + iconViewTracking + iconClickTracking
        if let clickThrough { out.append(clickThrough) }
        for key in events.keys.sorted() { out += events[key]! }
        for key in viewableImpression.keys.sorted() { out += viewableImpression[key]! }
        for key in verification.keys.sorted() { out += verification[key]! }
        return out
    }
}

/// Collects the tracking of resolved ads the way the spec merges a chain (VAST 4.3 §2.3.5.2): every hop's
/// impressions and Error URLs fire; Wrapper tracking for a creative type joins the InLine's creatives of that
/// type; the ClickThrough closest to the InLine wins. URLs keep their hop, document and line:column.
public struct TrackingCollector: Sendable {
    /// Macro values that override the catalogue's samples (`--macro NAME=VALUE`).
    public var macros: [String: String]

    public init(macros: [String: String] = [:]) {
        self.macros = macros
    }

    /// One report per ad of `chain` that reached an InLine, in chain order.
    public func collect(_ chain: ResolvedChain) -> [TrackingReport] {
        chain.ads.compactMap(collect)
    }

    /// The report of `ad`, or `nil` when it did not reach an InLine.
    public func collect(_ ad: ResolvedAd) -> TrackingReport? {
        guard ad.stop.reason == .inLine, let inLine = ad.hops.last?.ad?.inLine else { return nil }
        var builder = Builder(collector: self)
        let inLineKinds = Set(inLine.creatives.compactMap(\.kind))
        let inLineHop = ad.hops.count - 1
        var clickThroughCandidates: [TrackingURL] = []

        for hop in ad.hops {
            guard let body = hop.ad?.body else { continue }
            let name = documentName(hop.uri)
            let isInLine = hop.index == inLineHop
            builder.document = name
            builder.hop = hop.index
            builder.add(body.impressions, to: \.impression)
            builder.add(body.errors, to: \.error)
            if let viewable = body.viewableImpression {
                builder.add(viewable.viewable, toKey: "viewable", in: \.viewableImpression)
                builder.add(viewable.notViewable, toKey: "notViewable", in: \.viewableImpression)
                builder.add(viewable.viewUndetermined, toKey: "viewUndetermined", in: \.viewableImpression)
            }
            for verification in body.adVerifications {
                builder.addEvents(verification.trackingEvents, creativeType: nil, in: \.verification)
            }
            var orphaned: Set<CreativeKind> = []
            for creative in body.creatives {
                guard let kind = creative.kind else { continue }
                if !isInLine && !inLineKinds.contains(kind) {
                    if builder.hasTracking(creative) { orphaned.insert(kind) }
                    continue
                }
                if let linear = creative.linear {
                    builder.addEvents(linear.trackingEvents, creativeType: kind.rawValue, in: \.events)
                    if let clicks = linear.videoClicks {
                        if let through = clicks.clickThrough, let url = builder.make(through) {
                            clickThroughCandidates.append(url)
                        }
                        builder.add(clicks.clickTrackings, to: \.clickTracking)
                        builder.add(clicks.customClicks, to: \.customClick)
                    }
                    for icon in linear.icons {
                        builder.add(icon.viewTrackings, to: \.iconViewTracking)
                        builder.add(icon.clickTrackings, to: \.iconClickTracking)
                    }
                }
                if let nonLinearAds = creative.nonLinearAds {
                    builder.addEvents(nonLinearAds.trackingEvents, creativeType: kind.rawValue, in: \.events)
                    for nonLinear in nonLinearAds.nonLinears {
                        builder.add(nonLinear.clickTrackings, to: \.nonLinearClickTracking)
                    }
                }
                if let companionAds = creative.companionAds {
                    for companion in companionAds.companions {
                        builder.addEvents(companion.trackingEvents, creativeType: kind.rawValue, in: \.events)
                        builder.add(companion.clickTrackings, to: \.companionClickTracking)
                    }
                }
            }
            for kind in CreativeKind.allCases where orphaned.contains(kind) {
                builder.report.diagnostics.append(ChainRules.make(
                    ChainRuleID.trackingOrphaned,
                    "the Wrapper at hop \(hop.index) has \(kind.rawValue) tracking but the InLine has no \(kind.rawValue) creative; those URLs never fire",
                    file: name, at: body.position, path: body.path))
            }
        }
        // Closest to the InLine wins: the candidates are in hop order, so the last one.
        builder.report.clickThrough = clickThroughCandidates.last
        builder.report.ad = ad.label
        builder.report.diagnostics = Array(Set(builder.report.diagnostics)).sorted()
        return builder.report
    }

    /// Fills the macros of `url`: overrides first, then the catalogue's samples.
    public func expand(_ url: String) -> String { Macros.expand(url, values: macros) }

    /// Why an expanded URL is not one a player can request, or `nil` when it is fine.
    public static func problem(with expanded: String) -> String? {
        if let left = Macros.occurrences(in: expanded).first {
            return "the macro \(expanded.unicodeScalars.count > left.start ? String(String.UnicodeScalarView(Array(expanded.unicodeScalars)[left.start..<left.end])) : left.name) is not a known macro and stays unexpanded"
        }
        guard let url = URL(string: expanded) else { return "it is not a valid URL" }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "its scheme is not http or https"
        }
        guard let host = url.host, !host.isEmpty else { return "it has no host" }
        return nil
    }

    private struct Builder {
        let collector: TrackingCollector
        var document: String?
        var hop = 0
        var report = TrackingReport(
            ad: "", impression: [], error: [], clickThrough: nil, clickTracking: [], customClick: [], events: [:],
            nonLinearClickTracking: [], companionClickTracking: [], iconViewTracking: [], iconClickTracking: [],
            viewableImpression: [:], verification: [:], diagnostics: [])

        init(collector: TrackingCollector) { self.collector = collector }

        func hasTracking(_ creative: Creative) -> Bool {
            if let linear = creative.linear {
                return !linear.trackingEvents.isEmpty || !(linear.videoClicks?.clickTrackings.isEmpty ?? true)
                    || !(linear.videoClicks?.customClicks.isEmpty ?? true) || linear.videoClicks?.clickThrough != nil
                    || !linear.icons.isEmpty
            }
            if let nonLinearAds = creative.nonLinearAds {
                return !nonLinearAds.trackingEvents.isEmpty || nonLinearAds.nonLinears.contains { !$0.clickTrackings.isEmpty }
            }
            if let companionAds = creative.companionAds {
                return companionAds.companions.contains { !$0.trackingEvents.isEmpty || !$0.clickTrackings.isEmpty }
            }
            return false
        }

        mutating func make(_ node: TextNode, creativeType: String? = nil, offset: String? = nil) -> TrackingURL? {
            guard !node.value.isEmpty else { return nil }
            let expanded = collector.expand(node.value)
            if let problem = TrackingCollector.problem(with: expanded) {
                report.diagnostics.append(ChainRules.make(
                    ChainRuleID.trackingURLInvalid,
                    "the URL \(node.value) is not requestable after macro expansion: \(problem)",
                    file: document, at: node.position, path: node.path, details: ["expanded": expanded]))
            }
            return TrackingURL(url: node.value, expanded: expanded, hop: hop, document: document, position: node.position,
                               path: node.path, creativeType: creativeType, offset: offset)
        }

        mutating func add(_ nodes: [TextNode], to field: WritableKeyPath<TrackingReport, [TrackingURL]>) {
            for node in nodes { if let url = make(node) { report[keyPath: field].append(url) } }
        }

        mutating func add(_ nodes: [TextNode], toKey key: String,
                          in field: WritableKeyPath<TrackingReport, [String: [TrackingURL]]>) {
            for node in nodes { if let url = make(node) { report[keyPath: field][key, default: []].append(url) } }
        }

        mutating func addEvents(_ events: [TrackingEvent], creativeType: String?,
                                in field: WritableKeyPath<TrackingReport, [String: [TrackingURL]]>) {
            for event in events {
                guard let url = make(event.url, creativeType: creativeType, offset: event.offset?.raw) else { continue }
                report[keyPath: field][event.event ?? "(no event)", default: []].append(url)
            }
        }
    }
}
