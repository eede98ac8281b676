import ConformCore
import VAST
import XMLCore

/// A check over one decoded input. One rule per file: the type carries its description (id,
/// severity, versions, spec references, examples) and its logic.
public protocol Rule: Sendable {
    /// What the rule is. Its examples are run as tests.
    static var description: RuleDescription { get }
    init()
    /// Reports findings through `context.report`. Called only when the rule applies to the input's
    /// effective VAST version (or, for rules without versions, always).
    func check(_ context: RuleContext)
    /// Makes the rule and runs its check (the default does exactly that): the validator's one call per
    /// rule, made through the metatype.
    static func run(_ context: RuleContext)
}

extension Rule {
    public var description: RuleDescription { Self.description }

    /// A requirement with this default, so each rule's witness calls its own check directly. (Making the
    /// value through the metatype took four indirect calls: its size, make, check and destroy.)
    public static func run(_ context: RuleContext) { Self().check(context) }
}

/// Everything a rule may look at for one input, plus the finding sink. Not shared across threads:
/// each validation run makes its own.
public final class RuleContext {
    /// The decoded input, the one way to its model (`input.vast`, `input.vmap`), its element tree
    /// (`input.xml.root`) and the decoder's findings. What several rules derive from it is below, each fact
    /// read one way.
    public let input: DecodedInput
    /// The version rules are checked against: the declared version when conform knows it, otherwise 4.3.
    public let version: VASTVersion
    public let configuration: Configuration
    private(set) var findings: [Diagnostic] = []
    /// The rules the context runs: what the findings of the running rule carry comes from their stamps.
    private let rules: CompiledRules
    /// The running rule's place in `rules`.
    private var currentRule = 0
    /// The severity of the running rule's findings: its own, or the configuration's override.
    private var currentSeverity: Severity = .error
    /// Whether a finding was added with ``emit(_:)``: those keep their own rule ids, so the configuration's
    /// settings are applied to them when the validation finishes.
    private(set) var hasEmitted = false

    /// The facts of `input`, for a rule run with every registered rule.
    public convenience init(input: DecodedInput, configuration: Configuration = .default) {
        self.init(input: input, configuration: configuration, rules: CompiledRule.all)
    }

    init(input: DecodedInput, configuration: Configuration, rules: CompiledRules) {
        self.input = input
        self.rules = rules
        let version = input.vast?.version ?? .v4_3
        self.version = version
        self.configuration = configuration
        let ads = input.vast?.ads ?? []
        let (creatives, creativeKinds) = Self.creatives(of: ads)
        let trackingEvents = Self.trackingEvents(of: ads)
        let urls = Self.urls(of: input.vast, ads: ads, trackingEvents: trackingEvents)
        self.ads = ads
        self.creatives = creatives
        self.creativeKinds = creativeKinds
        self.trackingEvents = trackingEvents
        self.urls = urls
        let urlScan = URLScan(urls)
        urlFacts = urlScan.facts
        macroTokens = urlScan.tokens
        structureScan = StructureScan(root: input.xml.root, version: version, checksVersion: input.vast?.version != nil)
        resources = ResourceWalk.collect(creatives)
        trackingIsStandardName = TrackingFacts.isStandardName(of: trackingEvents, version: version)
        trackingURLHashes = TrackingFacts.urlHashes(of: trackingEvents)
        // Room for the usual count: tags with findings have about one per URL (placeholder hosts, http).
        findings.reserveCapacity(urls.count + 16)
    }

    /// Starts the rule at `index` of the context's rules, whose findings take `severity`.
    func begin(_ index: Int, severity: Severity) {
        currentRule = index
        currentSeverity = severity
    }

    /// The findings so far, handed over without a copy; the context keeps none.
    func takeFindings() -> [Diagnostic] {
        var out: [Diagnostic] = []
        swap(&out, &findings)
        return out
    }

    /// Reports a finding of the running rule at `position` (and `path`), at the rule's severity (its default,
    /// or the configuration's).
    /// Never inlined, like the overload for text nodes: inlined, every call site in every rule carried
    /// its own copy of the diagnostic's construction, a third of the rules' machine code.
    @inline(never)
    public func report(_ message: String, at position: SourcePosition?, path: String?, details: [String: String] = [:]) {
        let stamp = rules.stamps[currentRule]
        findings.append(Diagnostic.finding(
            ruleID: stamp.id, severity: currentSeverity, message: message, position: position, path: path,
            spec: stamp.spec, details: details))
    }

    /// Adds a finding made by another checker (for example a trafficking-parameter rule), keeping
    /// its own rule id and severity.
    public func emit(_ diagnostic: Diagnostic) {
        hasEmitted = true
        findings.append(diagnostic)
    }

    /// Reports a finding at a text node.
    @inline(never)
    public func report(_ message: String, at node: TextNode, details: [String: String] = [:]) {
        report(message, at: node.position, path: node.path, details: details)
    }

    // MARK: Facts several rules read, computed once per input when the context is made.

    // Stored `let`s, computed up front rather than on first use: a rule reads a `let` of the context in
    // place, while a property filled on first use is copied out of its storage on every read, two atomic
    // reference-count updates per read by each of a hundred rules. Rules read every one of them on any
    // VAST input, and on other inputs (VMAP, broken XML) they are empty and cost nothing.

    /// Every Ad of the VAST document, with its body (InLine or Wrapper), in document order.
    public let ads: [Ad]
    /// Every creative of every ad, in document order (without its body: walking these copies only the creative).
    public let creatives: [Creative]
    /// The kind of body (InLine or Wrapper) each of `creatives` belongs to, in the same order.
    public let creativeKinds: [AdBody.Kind]
    /// Every `<Tracking>` with what it sits under and whether that is an InLine or a Wrapper.
    /// (The kind, not the whole `AdBody`: copying a body per event would cost more than the rules.)
    public let trackingEvents: [TrackingItem]
    /// Every URL-bearing text node with its role.
    public let urls: [URLItem]
    /// What one byte scan tells about each URL of `urls` (same order).
    let urlFacts: [URLFacts]
    /// Every macro token of every URL of `urls`, in URL order, found by the same scan. Rules read it by
    /// index: iterating the array would copy every token (and count references to its strings).
    let macroTokens: [MacroToken]
    /// The structural findings, from one walk of the element tree. Typed storage, not a keyed
    /// look-up: a dozen rules read it per input, and a look-up with a cast would cost more than their work.
    let structureScan: StructureScan
    /// ``ResourceWalk/collect(_:)``, once per input.
    let resources: [Resource]
    /// For each of `trackingEvents`: whether its event name is one of the effective version's tracking
    /// events (``TrackingFacts/isStandardName(of:version:)``).
    let trackingIsStandardName: [Bool]
    /// For each of `trackingEvents`: the ByteHash of its parent's path and its URL, for the rules that look
    /// for repeated tracking URLs (``TrackingFacts/urlHashes(of:)``).
    let trackingURLHashes: [UInt64]

    private static func creatives(of ads: [Ad]) -> ([Creative], [AdBody.Kind]) {
        var creatives: [Creative] = [], kinds: [AdBody.Kind] = []
        for ad in ads {
            guard let body = ad.body else { continue }
            creatives += body.creatives
            kinds += repeatElement(body.kind, count: body.creatives.count)
        }
        return (creatives, kinds)
    }

    private static func trackingEvents(of ads: [Ad]) -> [TrackingItem] {
        var out: [TrackingItem] = []
        var count = 0
        for ad in ads {
            guard let body = ad.body else { continue }
            for creative in body.creatives {
                count += (creative.linear?.trackingEvents.count ?? 0) + (creative.nonLinearAds?.trackingEvents.count ?? 0)
                for companion in creative.companionAds?.companions ?? [] { count += companion.trackingEvents.count }
            }
            for verification in body.allVerifications { count += verification.trackingEvents.count }
        }
        out.reserveCapacity(count)
        func add(_ events: [TrackingEvent], _ parent: TrackingParent, _ kind: AdBody.Kind, fromExtension: Bool = false) {
            for event in events { out.append(TrackingItem(parent: parent, body: kind, event: event, fromExtension: fromExtension)) }
        }
        for ad in ads {
            guard let body = ad.body else { continue }
            for creative in body.creatives {
                if let linear = creative.linear { add(linear.trackingEvents, .linear, body.kind) }
                if let nl = creative.nonLinearAds { add(nl.trackingEvents, .nonLinear, body.kind) }
                if let ca = creative.companionAds {
                    for companion in ca.companions { add(companion.trackingEvents, .companion, body.kind) }
                }
            }
        }
        for ad in ads {
            guard let body = ad.body else { continue }
            for verification in body.allVerifications {
                add(verification.trackingEvents, .verification, body.kind, fromExtension: verification.fromExtension)
            }
        }
        return out
    }

    private static func urls(of vast: VASTDocument?, ads: [Ad], trackingEvents: [TrackingItem]) -> [URLItem] {
        var out: [URLItem] = []
        out.reserveCapacity(trackingEvents.count + 64)
        func add(_ nodes: [TextNode], _ role: URLRole) {
            for node in nodes { out.append(URLItem(role: role, node: node)) }
        }
        func add(_ resources: [Resource], _ role: URLRole) {
            for resource in resources where resource.kind != .html { out.append(URLItem(role: role, node: resource.content)) }
        }
        if let vast { add(vast.errors, .error) }
        for ad in ads {
            guard let body = ad.body else { continue }
            add(body.errors, .error)
            add(body.impressions, .impression)
            if let uri = body.vastAdTagURI { out.append(URLItem(role: .vastAdTagURI, node: uri)) }
            if let v = body.viewableImpression {
                add(v.viewable, .viewableImpression)
                add(v.notViewable, .viewableImpression)
                add(v.viewUndetermined, .viewableImpression)
            }
            for verification in body.allVerifications {
                for resource in verification.javaScriptResources { out.append(URLItem(role: .verificationResource, node: resource.url)) }
                for resource in verification.executableResources { out.append(URLItem(role: .verificationResource, node: resource.url)) }
            }
            for creative in body.creatives {
                if let linear = creative.linear {
                    for file in linear.mediaFiles { out.append(URLItem(role: .mediaFile, node: file.url)) }
                    for file in linear.mezzanines { out.append(URLItem(role: .mediaFile, node: file.url)) }
                    for file in linear.interactiveCreativeFiles { out.append(URLItem(role: .mediaFile, node: file.url)) }
                    for file in linear.closedCaptionFiles { out.append(URLItem(role: .mediaFile, node: file.url)) }
                    if let clicks = linear.videoClicks {
                        if let ct = clicks.clickThrough { out.append(URLItem(role: .clickThrough, node: ct)) }
                        add(clicks.clickTrackings, .clickTracking)
                        add(clicks.customClicks, .clickTracking)
                    }
                    for icon in linear.icons {
                        if let ct = icon.clickThrough { out.append(URLItem(role: .clickThrough, node: ct)) }
                        add(icon.clickTrackings, .clickTracking)
                        add(icon.viewTrackings, .tracking)
                        add(icon.resources, .resource)
                    }
                }
                if let nl = creative.nonLinearAds {
                    for n in nl.nonLinears {
                        if let ct = n.clickThrough { out.append(URLItem(role: .clickThrough, node: ct)) }
                        add(n.clickTrackings, .clickTracking)
                        add(n.customClicks, .clickTracking)
                        add(n.resources, .resource)
                        for file in n.mediaFiles { out.append(URLItem(role: .mediaFile, node: file.url)) }
                        for file in n.interactiveCreativeFiles { out.append(URLItem(role: .mediaFile, node: file.url)) }
                    }
                    for icon in nl.icons {
                        if let ct = icon.clickThrough { out.append(URLItem(role: .clickThrough, node: ct)) }
                        add(icon.clickTrackings, .clickTracking)
                        add(icon.viewTrackings, .tracking)
                        add(icon.resources, .resource)
                    }
                }
                if let ca = creative.companionAds {
                    for c in ca.companions {
                        if let ct = c.clickThrough { out.append(URLItem(role: .clickThrough, node: ct)) }
                        add(c.clickTrackings, .clickTracking)
                        add(c.resources, .resource)
                    }
                }
            }
        }
        // Through the buffer: iterating the array would copy each whole item (three counted strings) to read its URL.
        trackingEvents.withUnsafeBufferPointer { events in
            for i in events.indices { out.append(URLItem(role: .tracking, node: events[i].event.url)) }
        }
        return out
    }
}

/// A URL-bearing text node with its role (see ``RuleContext/urls``). A struct, not a tuple: arrays of
/// tuples are copied and destroyed through the runtime's generic tuple witnesses.
public struct URLItem: Sendable {
    public let role: URLRole
    public let node: TextNode
}

/// A `<Tracking>` with what it sits under and whether that is an InLine or a Wrapper (see
/// ``RuleContext/trackingEvents``).
public struct TrackingItem: Sendable {
    public let parent: TrackingParent
    public let body: AdBody.Kind?
    public let event: TrackingEvent
    /// The `<Tracking>` is a verification's in `<Extension type="AdVerifications">` (verification before VAST 4.1).
    public let fromExtension: Bool
}

/// The element a `<Tracking>` sits under.
public enum TrackingParent: String, Sendable, Codable, Hashable {
    case linear = "Linear", nonLinear = "NonLinearAds", companion = "Companion", verification = "Verification"
}

/// What a URL in a tag is for.
public enum URLRole: String, Sendable, Codable, Hashable {
    case error, impression, vastAdTagURI, viewableImpression, verificationResource, mediaFile, clickThrough,
         clickTracking, tracking, resource
}
