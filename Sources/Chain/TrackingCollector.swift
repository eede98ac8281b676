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
    /// `true` when the URL stands in an element the spec allows once and the document repeats (a second
    /// `<Linear>` in a Creative, a second `<ClickThrough>`): the finding reports the repeat, and players that
    /// read every element still fire the URL, so it is listed. Absent otherwise.
    public var repeated: Bool?
    /// `true` when the URL comes from an extension: `<Extension type="AdVerifications">` (verification before
    /// VAST 4.1) or `<Extension type="ctv_ad_portfolio">` (CTV Ad Portfolio before VAST 4.4). Absent otherwise.
    public var fromExtension: Bool?
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
    /// Linear `ClickThrough`s of repeated elements (a second `ClickThrough` or `VideoClicks`, a second `Linear`),
    /// each marked ``TrackingURL/repeated``, in chain order; `nil` when there are none. They never win
    /// ``clickThrough``, but a player that reads every element may open them.
    public var repeatedClickThroughs: [TrackingURL]?
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
    /// `IconViewTracking` of every Icon across the chain: a Linear's (when the InLine has a Linear creative)
    /// and, from VAST 4.4, a NonLinearAds' (when the InLine has NonLinear creatives), each with its creativeType.
    public var iconViewTracking: [TrackingURL]
    /// `IconClickTracking` of every Icon across the chain, as ``iconViewTracking``.
    public var iconClickTracking: [TrackingURL]
    /// `NonLinearCustomClick` (VAST 4.4) of the InLine's NonLinear creatives; `nil` when there are none
    /// (a Wrapper's NonLinear may not hold it).
    public var nonLinearCustomClick: [TrackingURL]? = nil
    /// `ViewableImpression` children of every hop, keyed `viewable`, `notViewable`, `viewUndetermined`.
    public var viewableImpression: [String: [TrackingURL]]
    /// Verification `Tracking` of every hop's `AdVerifications` and `<Extension type="AdVerifications">` (those
    /// marked ``TrackingURL/fromExtension``), by event name.
    public var verification: [String: [TrackingURL]]
    /// Findings: wrapper tracking with no creative to join, URLs invalid after expansion.
    public var diagnostics: [Diagnostic]

    /// Every URL of the report, for counting and validity checks.
    public var allURLs: [TrackingURL] {
        var out = impression + error + clickTracking + customClick + nonLinearClickTracking
        out += companionClickTracking + iconViewTracking + iconClickTracking + (nonLinearCustomClick ?? [])
        if let clickThrough { out.append(clickThrough) }
        out += repeatedClickThroughs ?? []
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
        let inLineKinds = Set(inLine.creatives.flatMap(\.kinds))
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
            for verification in body.allVerifications {
                builder.fromExtension = verification.fromExtension
                builder.addEvents(verification.trackingEvents, creativeType: nil, in: \.verification)
                builder.fromExtension = false
            }
            var orphaned: Set<CreativeKind> = []
            // Each element joins by its own kind (a Creative may hold a Linear and a NonLinearAds, though it should
            // not), and its trackers carry that kind, not the creative's first one.
            func joins(_ kind: CreativeKind, hasTracking: Bool) -> Bool {
                if isInLine || inLineKinds.contains(kind) { return true }
                if hasTracking { orphaned.insert(kind) }
                return false
            }
            for creative in body.creatives {
                let repeats = creative.repeated
                let linears = [creative.linear].compactMap { $0 }.map { ($0, false) } + (repeats?.linears ?? []).map { ($0, true) }
                for (linear, repeated) in linears where joins(.linear, hasTracking: Builder.hasTracking(linear)) {
                    builder.addLinear(linear, repeated: repeated, clickThroughs: &clickThroughCandidates)
                }
                let nonLinears = [creative.nonLinearAds].compactMap { $0 }.map { ($0, false) }
                    + (repeats?.nonLinearAds ?? []).map { ($0, true) }
                for (nonLinearAds, repeated) in nonLinears where joins(.nonLinear, hasTracking: Builder.hasTracking(nonLinearAds)) {
                    builder.repeated = repeated
                    builder.addEvents(nonLinearAds.trackingEvents, creativeType: CreativeKind.nonLinear.rawValue, in: \.events)
                    builder.repeated = true
                    builder.addEvents(nonLinearAds.repeatedTrackingEvents, creativeType: CreativeKind.nonLinear.rawValue, in: \.events)
                    builder.repeated = repeated
                    builder.addNonLinearClicksAndIcons(nonLinearAds, isInLine: isInLine)
                    builder.repeated = false
                }
                let companions = [creative.companionAds].compactMap { $0 }.map { ($0, false) }
                    + (repeats?.companionAds ?? []).map { ($0, true) }
                for (companionAds, repeated) in companions where joins(.companion, hasTracking: Builder.hasTracking(companionAds)) {
                    builder.repeated = repeated
                    for companion in companionAds.companions {
                        builder.addEvents(companion.trackingEvents, creativeType: CreativeKind.companion.rawValue, in: \.events)
                        builder.add(companion.clickTrackings, to: \.companionClickTracking)
                    }
                    builder.repeated = false
                }
            }
            // The CTV Ad Portfolio extension (VAST 2.0 to 4.3) carries NonLinear tracking, clicks and icons
            // outside the creative; they join as the NonLinearAds' do, each marked fromExtension.
            for portfolio in body.ctvAdPortfolios {
                let nonLinearAds = portfolio.nonLinearAds
                let hasTracking = Builder.hasTracking(nonLinearAds) || nonLinearAds.nonLinears.contains { !$0.customClicks.isEmpty }
                guard joins(.nonLinear, hasTracking: hasTracking) else { continue }
                builder.fromExtension = true
                builder.addEvents(nonLinearAds.trackingEvents, creativeType: CreativeKind.nonLinear.rawValue, in: \.events)
                builder.addNonLinearClicksAndIcons(nonLinearAds, isInLine: isInLine)
                builder.fromExtension = false
            }
            for kind in CreativeKind.allCases where orphaned.contains(kind) {
                builder.report.diagnostics.append(ChainRules.make(
                    ChainRuleID.trackingOrphaned,
                    "the Wrapper at hop \(hop.index) has \(kind.rawValue) tracking but the InLine has no \(kind.rawValue) creative; those URLs never fire",
                    file: name, at: body.position, path: body.path))
            }
        }
        // Closest to the InLine wins: the candidates are in hop order, so the last one. Repeats never win.
        builder.report.clickThrough = clickThroughCandidates.last { $0.repeated == nil }
        let repeatedClickThroughs = clickThroughCandidates.filter { $0.repeated == true }
        builder.report.repeatedClickThroughs = repeatedClickThroughs.isEmpty ? nil : repeatedClickThroughs
        builder.report.ad = ad.label
        builder.report.diagnostics = Array(Set(builder.report.diagnostics)).sorted()
        return builder.report
    }

    /// `chain` with every Error URL (each ad's and the root's) filled as a player fires it: `[ERRORCODE]`
    /// already holds the stop's code; the other macros are filled here as the tracking URLs are.
    public func fillingErrorURLs(of chain: ResolvedChain) -> ResolvedChain {
        var chain = chain
        for a in chain.ads.indices {
            for u in chain.ads[a].errorURLs.indices { chain.ads[a].errorURLs[u].expanded = expand(chain.ads[a].errorURLs[u].expanded) }
        }
        for u in chain.rootErrors.indices { chain.rootErrors[u].expanded = expand(chain.rootErrors[u].expanded) }
        return chain
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
        /// The URLs being added stand in a repeated element (``TrackingURL/repeated``).
        var repeated = false
        /// The URLs being added come from an extension (``TrackingURL/fromExtension``).
        var fromExtension = false
        var report = TrackingReport(
            ad: "", impression: [], error: [], clickThrough: nil, repeatedClickThroughs: nil, clickTracking: [], customClick: [], events: [:],
            nonLinearClickTracking: [], companionClickTracking: [], iconViewTracking: [], iconClickTracking: [],
            viewableImpression: [:], verification: [:], diagnostics: [])

        init(collector: TrackingCollector) { self.collector = collector }

        static func hasTracking(_ linear: Linear) -> Bool {
            !linear.trackingEvents.isEmpty || !linear.repeatedTrackingEvents.isEmpty || !linear.repeatedVideoClicks.isEmpty
                || !(linear.videoClicks?.clickTrackings.isEmpty ?? true) || !(linear.videoClicks?.customClicks.isEmpty ?? true)
                || linear.videoClicks?.clickThrough != nil || !linear.icons.isEmpty
        }

        static func hasTracking(_ nonLinearAds: NonLinearAds) -> Bool {
            !nonLinearAds.trackingEvents.isEmpty || !nonLinearAds.repeatedTrackingEvents.isEmpty || !nonLinearAds.icons.isEmpty
                || nonLinearAds.nonLinears.contains { !$0.clickTrackings.isEmpty }
        }

        static func hasTracking(_ companionAds: CompanionAds) -> Bool {
            companionAds.companions.contains { !$0.trackingEvents.isEmpty || !$0.clickTrackings.isEmpty }
        }

        /// A Linear's tracking, clicks and icons; `repeated` when the Linear itself is a repeat.
        mutating func addLinear(_ linear: Linear, repeated isRepeat: Bool, clickThroughs: inout [TrackingURL]) {
            let type = CreativeKind.linear.rawValue
            repeated = isRepeat
            addEvents(linear.trackingEvents, creativeType: type, in: \.events)
            repeated = true
            addEvents(linear.repeatedTrackingEvents, creativeType: type, in: \.events)
            for (index, clicks) in ([linear.videoClicks].compactMap { $0 } + linear.repeatedVideoClicks).enumerated() {
                // The first VideoClicks of a Linear that is not itself a repeat is the one the rules read.
                let clicksRepeated = isRepeat || index > 0
                repeated = clicksRepeated
                if let through = clicks.clickThrough, let url = make(through) { clickThroughs.append(url) }
                add(clicks.clickTrackings, to: \.clickTracking)
                add(clicks.customClicks, to: \.customClick)
                repeated = true
                for through in clicks.repeatedClickThroughs { if let url = make(through) { clickThroughs.append(url) } }
            }
            repeated = isRepeat
            for icon in linear.icons {
                add(icon.viewTrackings, to: \.iconViewTracking)
                add(icon.clickTrackings, to: \.iconClickTracking)
            }
            repeated = false
        }

        /// A NonLinearAds' click tracking, its custom clicks (an InLine's only) and its icons' tracking, as the
        /// creative or the CTV extension carries them.
        mutating func addNonLinearClicksAndIcons(_ nonLinearAds: NonLinearAds, isInLine: Bool) {
            for nonLinear in nonLinearAds.nonLinears {
                add(nonLinear.clickTrackings, to: \.nonLinearClickTracking)
                if isInLine, !nonLinear.customClicks.isEmpty {
                    let urls = nonLinear.customClicks.compactMap { make($0, creativeType: CreativeKind.nonLinear.rawValue) }
                    report.nonLinearCustomClick = (report.nonLinearCustomClick ?? []) + urls
                }
            }
            addNonLinearIcons(nonLinearAds.icons)
        }

        /// The IconViewTracking and IconClickTracking of a NonLinearAds' icons (VAST 4.4, or the CTV extension).
        mutating func addNonLinearIcons(_ icons: [Icon]) {
            for icon in icons {
                add(icon.viewTrackings, to: \.iconViewTracking, creativeType: CreativeKind.nonLinear.rawValue)
                add(icon.clickTrackings, to: \.iconClickTracking, creativeType: CreativeKind.nonLinear.rawValue)
            }
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
                               path: node.path, creativeType: creativeType, offset: offset,
                               repeated: repeated ? true : nil, fromExtension: fromExtension ? true : nil)
        }

        mutating func add(_ nodes: [TextNode], to field: WritableKeyPath<TrackingReport, [TrackingURL]>, creativeType: String? = nil) {
            for node in nodes { if let url = make(node, creativeType: creativeType) { report[keyPath: field].append(url) } }
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
