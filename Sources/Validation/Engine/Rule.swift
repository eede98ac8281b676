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
}

extension Rule {
    public var description: RuleDescription { Self.description }
}

/// Everything a rule may look at for one input, plus the finding sink. Not shared across threads:
/// each validation run makes its own.
public final class RuleContext {
    public let input: DecodedInput
    /// The version rules are checked against: the declared version when conform knows it, otherwise 4.3.
    public let version: VASTVersion
    public let configuration: Configuration
    private(set) var findings: [Diagnostic] = []
    private var currentRule: RuleDescription?

    public init(input: DecodedInput, configuration: Configuration = .default) {
        self.input = input
        self.version = input.vast?.version ?? .v4_3
        self.configuration = configuration
    }

    public var vast: VASTDocument? { input.vast }
    public var vmap: VMAPDocument? { input.vmap }
    public var root: XMLElement? { input.xml.root }

    func begin(_ rule: RuleDescription) { currentRule = rule }

    /// Values that several rules derive from one walk of the input, computed once per input.
    private var memos: [String: Any] = [:]

    /// The value stored under `key`, made by `make` the first time it is asked for.
    public func memo<T>(_ key: String, _ make: () -> T) -> T {
        // A class box: casting it back is one pointer check, where casting a collection stored as
        // `Any` would check every element.
        if let box = memos[key] as? MemoBox<T> { return box.value }
        let value = make()
        memos[key] = MemoBox(value)
        return value
    }

    /// Reports a finding of the running rule at `position` (and `path`), at the rule's default severity.
    public func report(_ message: String, at position: SourcePosition?, path: String?, details: [String: String] = [:]) {
        guard let rule = currentRule else { return }
        findings.append(rule.diagnostic(message, at: position, path: path, details: details))
    }

    /// Adds a finding made by another checker (for example a trafficking-parameter rule), keeping
    /// its own rule id and severity.
    public func emit(_ diagnostic: Diagnostic) {
        findings.append(diagnostic)
    }

    /// Reports a finding at a text node.
    public func report(_ message: String, at node: TextNode, details: [String: String] = [:]) {
        report(message, at: node.position, path: node.path, details: details)
    }

    // MARK: Shared walks, computed once per input.

    /// Every Ad of the VAST document, with its body (InLine or Wrapper), in document order.
    public lazy var ads: [Ad] = vast?.ads ?? []

    /// Every creative with the body it belongs to.
    public lazy var creatives: [(body: AdBody, creative: Creative)] = ads.flatMap { ad -> [(AdBody, Creative)] in
        guard let body = ad.body else { return [] }
        return body.creatives.map { (body, $0) }
    }

    /// Every `<Tracking>` with what it sits under and whether that is an InLine or a Wrapper.
    /// (The kind, not the whole `AdBody`: copying a body per event would cost more than the rules.)
    public lazy var trackingEvents: [(parent: TrackingParent, body: AdBody.Kind?, event: TrackingEvent)] = {
        var out: [(TrackingParent, AdBody.Kind?, TrackingEvent)] = []
        for ad in ads {
            guard let body = ad.body else { continue }
            for creative in body.creatives {
                if let linear = creative.linear { out += linear.trackingEvents.map { (.linear, body.kind, $0) } }
                if let nl = creative.nonLinearAds { out += nl.trackingEvents.map { (.nonLinear, body.kind, $0) } }
                if let ca = creative.companionAds {
                    for companion in ca.companions { out += companion.trackingEvents.map { (.companion, body.kind, $0) } }
                }
            }
        }
        for ad in ads {
            guard let body = ad.body else { continue }
            for verification in body.adVerifications {
                out += verification.trackingEvents.map { (.verification, body.kind, $0) }
            }
        }
        return out
    }()

    /// Every URL-bearing text node with its role.
    public lazy var urls: [(role: URLRole, node: TextNode)] = {
        var out: [(URLRole, TextNode)] = []
        if let vast { out += vast.errors.map { (.error, $0) } }
        for ad in ads {
            guard let body = ad.body else { continue }
            out += body.errors.map { (.error, $0) }
            out += body.impressions.map { (.impression, $0) }
            if let uri = body.vastAdTagURI { out.append((.vastAdTagURI, uri)) }
            if let v = body.viewableImpression {
                out += (v.viewable + v.notViewable + v.viewUndetermined).map { (.viewableImpression, $0) }
            }
            for verification in body.adVerifications {
                out += (verification.javaScriptResources + verification.executableResources).map { (.verificationResource, $0.url) }
            }
            for creative in body.creatives {
                if let linear = creative.linear {
                    out += linear.mediaFiles.map { (.mediaFile, $0.url) }
                    out += linear.mezzanines.map { (.mediaFile, $0.url) }
                    out += linear.interactiveCreativeFiles.map { (.mediaFile, $0.url) }
                    out += linear.closedCaptionFiles.map { (.mediaFile, $0.url) }
                    if let clicks = linear.videoClicks {
                        if let ct = clicks.clickThrough { out.append((.clickThrough, ct)) }
                        out += clicks.clickTrackings.map { (.clickTracking, $0) }
                        out += clicks.customClicks.map { (.clickTracking, $0) }
                    }
                    for icon in linear.icons {
                        if let ct = icon.clickThrough { out.append((.clickThrough, ct)) }
                        out += icon.clickTrackings.map { (.clickTracking, $0) }
                        out += icon.viewTrackings.map { (.tracking, $0) }
                        out += icon.resources.filter { $0.kind != .html }.map { (.resource, $0.content) }
                    }
                }
                if let nl = creative.nonLinearAds {
                    for n in nl.nonLinears {
                        if let ct = n.clickThrough { out.append((.clickThrough, ct)) }
                        out += n.clickTrackings.map { (.clickTracking, $0) }
                        out += n.resources.filter { $0.kind != .html }.map { (.resource, $0.content) }
                    }
                }
                if let ca = creative.companionAds {
                    for c in ca.companions {
                        if let ct = c.clickThrough { out.append((.clickThrough, ct)) }
                        out += c.clickTrackings.map { (.clickTracking, $0) }
                        out += c.resources.filter { $0.kind != .html }.map { (.resource, $0.content) }
                    }
                }
            }
        }
        out += trackingEvents.map { (.tracking, $0.event.url) }
        return out
    }()
}

private final class MemoBox<T> {
    let value: T
    init(_ value: T) { self.value = value }
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
