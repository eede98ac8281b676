import ConformCore
import XMLCore

/// The VMAP 1.0 namespace as the spec writes it.
public let vmapNamespace = "http://www.iab.net/videosuite/vmap"

/// A decoded VMAP 1.0 document.
public struct VMAPDocument: Sendable, Encodable, Hashable {
    public var version: String?
    public var prefix: String?
    public var namespaceURI: String?
    public var adBreaks: [AdBreak]
    public var extensions: [Extension]
    public var position: SourcePosition
    public var path: String
    public var unknownNodes: [UnknownNode]
}

public struct AdBreak: Sendable, Encodable, Hashable {
    public var timeOffset: Attr<VMAPTimeOffset>?
    /// `breakType` as written (comma-separated list of linear, nonlinear, display).
    public var breakType: String?
    public var breakTypes: [String]
    public var breakId: String?
    public var repeatAfter: Attr<VASTTime>?
    public var adSource: AdSource?
    public var adSourceCount: Int
    public var trackingEvents: [VMAPTrackingEvent]
    public var extensions: [Extension]
    public var position: SourcePosition
    public var path: String
}

public struct AdSource: Sendable, Encodable, Hashable {
    public var id: String?
    public var allowMultipleAds: Attr<Bool>?
    public var followRedirects: Attr<Bool>?
    /// Embedded VAST (`VASTAdData`), decoded with the VAST decoder; positions are in the VMAP file.
    public var vastAdData: VASTDocument?
    /// `VASTAdData` was present but did not hold a `<VAST>` root.
    public var vastAdDataRoot: String?
    public var adTagURI: TextNode?
    public var adTagTemplateType: String?
    public var customAdData: TextNode?
    /// How many of VASTAdData, AdTagURI and CustomAdData were present (exactly one is required).
    public var contentCount: Int
    public var position: SourcePosition
    public var path: String
}

public struct VMAPTrackingEvent: Sendable, Codable, Hashable {
    public var event: String?
    public var url: TextNode
}
