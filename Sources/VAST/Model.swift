import ConformCore
import XMLCore

// The value-type model of VAST 2.0 to 4.4. Each type covers the union of the versions; which
// elements are allowed in which version is for the rules to say. Every node keeps its position and
// element path. Attributes keep their raw text beside the typed value (see `Attr`).

/// The namespace the IAB 4.x schemas put VAST elements in (many tags are un-namespaced instead).
public let vastNamespace = "http://www.iab.com/VAST"

/// A decoded `<VAST>` document.
public struct VASTDocument: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Encodable, Hashable {
        /// `VAST@version` as written; `nil` when absent.
        public var declaredVersion: String?
        /// The declared version when it is one conform knows.
        public var version: VASTVersion?
        /// Root-level `<Error>` URIs (a no-ad response).
        public var errors: [TextNode]
        public var ads: [Ad]
        public var position: SourcePosition
        public var path: String
        /// The root's namespace URI (`http://www.iab.com/VAST` in some 4.x tags), if any.
        public var namespaceURI: String?
        /// Elements and attributes not known for their parent in any VAST version.
        public var unknownNodes: [UnknownNode]
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(declaredVersion: String? = nil, version: VASTVersion? = nil, errors: [TextNode], ads: [Ad],
        position: SourcePosition, path: String, namespaceURI: String? = nil, unknownNodes: [UnknownNode]) {
        box = ModelBox(Fields(declaredVersion: declaredVersion, version: version, errors: errors, ads: ads,
            position: position, path: path, namespaceURI: namespaceURI, unknownNodes: unknownNodes))
    }

    @inlinable public var fields: Fields { box.fields }
    /// `VAST@version` as written; `nil` when absent.
    @inlinable public var declaredVersion: String? { box.fields.declaredVersion }
    /// The declared version when it is one conform knows.
    @inlinable public var version: VASTVersion? { box.fields.version }
    /// Root-level `<Error>` URIs (a no-ad response).
    @inlinable public var errors: [TextNode] { box.fields.errors }
    @inlinable public var ads: [Ad] { box.fields.ads }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
    /// The root's namespace URI (`http://www.iab.com/VAST` in some 4.x tags), if any.
    @inlinable public var namespaceURI: String? { box.fields.namespaceURI }
    /// Elements and attributes not known for their parent in any VAST version.
    @inlinable public var unknownNodes: [UnknownNode] { box.fields.unknownNodes }

    public init(fields: Fields) { box = ModelBox(fields) }
}

/// `<Ad>`: exactly one of `inLine` or `wrapper` in a valid document.
public struct Ad: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Encodable, Hashable {
        public var id: String?
        public var sequence: Attr<Int>?
        /// `adType` (4.1+): video, audio or hybrid.
        public var adType: String?
        /// `conditionalAd` (4.0, deprecated in 4.1).
        public var conditionalAd: Attr<Bool>?
        public var inLine: AdBody?
        public var wrapper: AdBody?
        /// How many `<InLine>` and `<Wrapper>` children were present (rules check for exactly one).
        public var inLineCount: Int
        public var wrapperCount: Int
        public var position: SourcePosition
        public var path: String
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(id: String? = nil, sequence: Attr<Int>? = nil, adType: String? = nil,
        conditionalAd: Attr<Bool>? = nil, inLine: AdBody? = nil, wrapper: AdBody? = nil, inLineCount: Int,
        wrapperCount: Int, position: SourcePosition, path: String) {
        box = ModelBox(Fields(id: id, sequence: sequence, adType: adType, conditionalAd: conditionalAd,
            inLine: inLine, wrapper: wrapper, inLineCount: inLineCount, wrapperCount: wrapperCount,
            position: position, path: path))
    }

    @inlinable public var fields: Fields { box.fields }
    @inlinable public var id: String? { box.fields.id }
    @inlinable public var sequence: Attr<Int>? { box.fields.sequence }
    /// `adType` (4.1+): video, audio or hybrid.
    @inlinable public var adType: String? { box.fields.adType }
    /// `conditionalAd` (4.0, deprecated in 4.1).
    @inlinable public var conditionalAd: Attr<Bool>? { box.fields.conditionalAd }
    @inlinable public var inLine: AdBody? { box.fields.inLine }
    @inlinable public var wrapper: AdBody? { box.fields.wrapper }
    /// How many `<InLine>` and `<Wrapper>` children were present (rules check for exactly one).
    @inlinable public var inLineCount: Int { box.fields.inLineCount }
    @inlinable public var wrapperCount: Int { box.fields.wrapperCount }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }

    public init(fields: Fields) { box = ModelBox(fields) }

    /// The InLine or the Wrapper, whichever is present (InLine first).
    @inlinable public var body: AdBody? { inLine ?? wrapper }
}

/// The content of an `<InLine>` or a `<Wrapper>`. Elements that only one of them allows are optional.
public struct AdBody: Sendable, BoxedModel {
    public enum Kind: String, Sendable, Codable, Hashable { case inLine = "InLine", wrapper = "Wrapper" }
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Encodable, Hashable {
        public var kind: Kind
        public var adSystem: AdSystem?
        public var adTitle: TextNode?
        public var description: TextNode?
        public var advertiser: Advertiser?
        public var pricing: Pricing?
        public var survey: Survey?
        public var errors: [TextNode]
        public var impressions: [TextNode]
        public var categories: [Category]
        public var adServingId: TextNode?
        public var expires: Attr<Int>?
        public var viewableImpression: ViewableImpression?
        public var adVerifications: [Verification]
        /// An `<AdVerifications>` element was present (even if empty).
        public var hasAdVerificationsElement: Bool
        /// The verifications of `<Extension type="AdVerifications">` (how verification travels before VAST 4.1),
        /// each marked ``Verification/fromExtension``.
        public var extensionVerifications: [Verification]
        /// The CTV Ad Portfolio content of each `<Extension type="ctv_ad_portfolio">` (the VAST 2.0 to 4.3 form).
        public var ctvAdPortfolios: [CTVAdPortfolio] = []
        public var blockedAdCategories: [Category]
        /// Wrapper: the next hop, from `VASTAdTagURI` (or the legacy VAST 2 `VASTAdTagURL/URL`).
        public var vastAdTagURI: TextNode?
        /// The URI came from the legacy `VASTAdTagURL/URL` form.
        public var usesLegacyAdTagURL: Bool
        /// How many `VASTAdTagURI` elements the Wrapper has (the legacy form is not counted).
        public var vastAdTagURICount: Int
        public var followAdditionalWrappers: Attr<Bool>?
        public var allowMultipleAds: Attr<Bool>?
        public var fallbackOnNoAd: Attr<Bool>?
        public var extensions: [Extension]
        public var creatives: [Creative]
        /// A `<Creatives>` element was present (even if empty).
        public var hasCreativesElement: Bool
        public var position: SourcePosition
        public var path: String
        /// How many times each child element appeared, for cardinality rules (e.g. two `AdSystem`).
        public var childCounts: [String: Int]
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(kind: Kind, adSystem: AdSystem? = nil, adTitle: TextNode? = nil, description: TextNode? = nil,
        advertiser: Advertiser? = nil, pricing: Pricing? = nil, survey: Survey? = nil, errors: [TextNode],
        impressions: [TextNode], categories: [Category], adServingId: TextNode? = nil, expires: Attr<Int>? = nil,
        viewableImpression: ViewableImpression? = nil, adVerifications: [Verification],
        hasAdVerificationsElement: Bool, extensionVerifications: [Verification] = [], blockedAdCategories: [Category],
        vastAdTagURI: TextNode? = nil,
        usesLegacyAdTagURL: Bool, vastAdTagURICount: Int, followAdditionalWrappers: Attr<Bool>? = nil,
        allowMultipleAds: Attr<Bool>? = nil, fallbackOnNoAd: Attr<Bool>? = nil, extensions: [Extension],
        creatives: [Creative], hasCreativesElement: Bool, position: SourcePosition, path: String,
        childCounts: [String: Int], ctvAdPortfolios: [CTVAdPortfolio] = []) {
        box = ModelBox(Fields(kind: kind, adSystem: adSystem, adTitle: adTitle, description: description,
            advertiser: advertiser, pricing: pricing, survey: survey, errors: errors, impressions: impressions,
            categories: categories, adServingId: adServingId, expires: expires,
            viewableImpression: viewableImpression, adVerifications: adVerifications,
            hasAdVerificationsElement: hasAdVerificationsElement, extensionVerifications: extensionVerifications,
            ctvAdPortfolios: ctvAdPortfolios, blockedAdCategories: blockedAdCategories,
            vastAdTagURI: vastAdTagURI, usesLegacyAdTagURL: usesLegacyAdTagURL, vastAdTagURICount: vastAdTagURICount,
            followAdditionalWrappers: followAdditionalWrappers, allowMultipleAds: allowMultipleAds,
            fallbackOnNoAd: fallbackOnNoAd, extensions: extensions, creatives: creatives,
            hasCreativesElement: hasCreativesElement, position: position, path: path, childCounts: childCounts))
    }

    @inlinable public var fields: Fields { box.fields }
    @inlinable public var kind: Kind { box.fields.kind }
    @inlinable public var adSystem: AdSystem? { box.fields.adSystem }
    @inlinable public var adTitle: TextNode? { box.fields.adTitle }
    @inlinable public var description: TextNode? { box.fields.description }
    @inlinable public var advertiser: Advertiser? { box.fields.advertiser }
    @inlinable public var pricing: Pricing? { box.fields.pricing }
    @inlinable public var survey: Survey? { box.fields.survey }
    @inlinable public var errors: [TextNode] { box.fields.errors }
    @inlinable public var impressions: [TextNode] { box.fields.impressions }
    @inlinable public var categories: [Category] { box.fields.categories }
    @inlinable public var adServingId: TextNode? { box.fields.adServingId }
    @inlinable public var expires: Attr<Int>? { box.fields.expires }
    @inlinable public var viewableImpression: ViewableImpression? { box.fields.viewableImpression }
    @inlinable public var adVerifications: [Verification] { box.fields.adVerifications }
    /// An `<AdVerifications>` element was present (even if empty).
    @inlinable public var hasAdVerificationsElement: Bool { box.fields.hasAdVerificationsElement }
    /// The verifications of `<Extension type="AdVerifications">` (before VAST 4.1), each marked ``Verification/fromExtension``.
    @inlinable public var extensionVerifications: [Verification] { box.fields.extensionVerifications }
    /// `<AdVerifications>`' verifications, then those of `<Extension type="AdVerifications">`.
    public var allVerifications: [Verification] {
        extensionVerifications.isEmpty ? adVerifications : adVerifications + extensionVerifications
    }
    /// The CTV Ad Portfolio content of each `<Extension type="ctv_ad_portfolio">` (VAST 2.0 to 4.3).
    @inlinable public var ctvAdPortfolios: [CTVAdPortfolio] { box.fields.ctvAdPortfolios }
    @inlinable public var blockedAdCategories: [Category] { box.fields.blockedAdCategories }
    /// Wrapper: the next hop, from `VASTAdTagURI` (or the legacy VAST 2 `VASTAdTagURL/URL`).
    @inlinable public var vastAdTagURI: TextNode? { box.fields.vastAdTagURI }
    /// The URI came from the legacy `VASTAdTagURL/URL` form.
    @inlinable public var usesLegacyAdTagURL: Bool { box.fields.usesLegacyAdTagURL }
    /// How many `VASTAdTagURI` elements the Wrapper has (the legacy form is not counted).
    @inlinable public var vastAdTagURICount: Int { box.fields.vastAdTagURICount }
    @inlinable public var followAdditionalWrappers: Attr<Bool>? { box.fields.followAdditionalWrappers }
    @inlinable public var allowMultipleAds: Attr<Bool>? { box.fields.allowMultipleAds }
    @inlinable public var fallbackOnNoAd: Attr<Bool>? { box.fields.fallbackOnNoAd }
    @inlinable public var extensions: [Extension] { box.fields.extensions }
    @inlinable public var creatives: [Creative] { box.fields.creatives }
    /// A `<Creatives>` element was present (even if empty).
    @inlinable public var hasCreativesElement: Bool { box.fields.hasCreativesElement }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
    /// How many times each child element appeared, for cardinality rules (e.g. two `AdSystem`).
    @inlinable public var childCounts: [String: Int] { box.fields.childCounts }

    public init(fields: Fields) { box = ModelBox(fields) }
}

public struct AdSystem: Sendable, Codable, Hashable {
    public var name: String
    public var version: String?
    public var position: SourcePosition
    public var path: String
}

public struct Advertiser: Sendable, Codable, Hashable {
    public var name: String
    public var id: String?
    public var position: SourcePosition
}

public struct Pricing: Sendable, Codable, Hashable {
    public var value: String
    public var model: String?
    public var currency: String?
    public var position: SourcePosition
    public var path: String
}

public struct Survey: Sendable, Codable, Hashable {
    public var url: TextNode
    public var type: String?
}

/// `<Category>` (InLine) or `<BlockedAdCategories>` (Wrapper).
public struct Category: Sendable, Codable, Hashable {
    public var value: String
    public var authority: String?
    public var position: SourcePosition
    public var path: String
}

public struct ViewableImpression: Sendable, Codable, Hashable {
    public var id: String?
    public var viewable: [TextNode]
    public var notViewable: [TextNode]
    public var viewUndetermined: [TextNode]
    public var position: SourcePosition
}

/// `<Verification>` of `<AdVerifications>` (4.1+; earlier in an Extension).
public struct Verification: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Codable, Hashable {
        public var vendor: String?
        public var javaScriptResources: [VerificationResource]
        public var executableResources: [VerificationResource]
        public var verificationParameters: TextNode?
        public var trackingEvents: [TrackingEvent]
        public var position: SourcePosition
        public var path: String
        /// The verification came from `<Extension type="AdVerifications">` (the carrier before VAST 4.1), not
        /// from `<AdVerifications>`.
        public var fromExtension: Bool
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(
        vendor: String? = nil, javaScriptResources: [VerificationResource],
        executableResources: [VerificationResource], verificationParameters: TextNode? = nil,
        trackingEvents: [TrackingEvent], position: SourcePosition, path: String, fromExtension: Bool = false
    ) {
        box = ModelBox(Fields(vendor: vendor, javaScriptResources: javaScriptResources,
            executableResources: executableResources, verificationParameters: verificationParameters,
            trackingEvents: trackingEvents, position: position, path: path, fromExtension: fromExtension))
    }

    public init(fields: Fields) { box = ModelBox(fields) }
    @inlinable public var fields: Fields { box.fields }
    @inlinable public var vendor: String? { box.fields.vendor }
    @inlinable public var javaScriptResources: [VerificationResource] { box.fields.javaScriptResources }
    @inlinable public var executableResources: [VerificationResource] { box.fields.executableResources }
    @inlinable public var verificationParameters: TextNode? { box.fields.verificationParameters }
    @inlinable public var trackingEvents: [TrackingEvent] { box.fields.trackingEvents }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
    /// The verification came from `<Extension type="AdVerifications">`, not from `<AdVerifications>`.
    @inlinable public var fromExtension: Bool { box.fields.fromExtension }
}

public struct VerificationResource: Sendable, Codable, Hashable {
    public var url: TextNode
    public var apiFramework: String?
    /// JavaScriptResource only.
    public var browserOptional: Attr<Bool>?
    /// ExecutableResource only.
    public var type: String?
}

/// `<Extension>` or `<CreativeExtension>`: free-form content, kept as an element tree.
public struct Extension: Sendable, Encodable, Hashable {
    public var type: String?
    public var element: XMLElement
}

public struct UniversalAdId: Sendable, Codable, Hashable {
    public var value: String
    public var idRegistry: String?
    /// `idValue` (4.0 only; removed in 4.1).
    public var idValue: String?
    public var position: SourcePosition
    public var path: String
}

public struct Creative: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Encodable, Hashable {
        public var id: String?
        public var adId: String?
        public var sequence: Attr<Int>?
        public var apiFramework: String?
        public var universalAdIds: [UniversalAdId]
        public var creativeExtensions: [Extension]
        public var linear: Linear?
        public var nonLinearAds: NonLinearAds?
        public var companionAds: CompanionAds?
        public var position: SourcePosition
        public var path: String
        /// The second and later `<Linear>`, `<NonLinearAds>` and `<CompanionAds>` of a creative that repeats one
        /// (the spec allows each once): the rules report the repeat and look at the first only; the tracking
        /// inventory still lists their URLs, marked as repeated.
        public var repeated: RepeatedKinds?
    }

    /// The repeats of a creative's single elements (see ``Fields/repeated``), in document order.
    public struct RepeatedKinds: Sendable, Encodable, Hashable {
        public var linears: [Linear]
        public var nonLinearAds: [NonLinearAds]
        public var companionAds: [CompanionAds]

        public init(linears: [Linear], nonLinearAds: [NonLinearAds], companionAds: [CompanionAds]) {
            self.linears = linears
            self.nonLinearAds = nonLinearAds
            self.companionAds = companionAds
        }
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(id: String? = nil, adId: String? = nil, sequence: Attr<Int>? = nil, apiFramework: String? = nil,
        universalAdIds: [UniversalAdId], creativeExtensions: [Extension], linear: Linear? = nil,
        nonLinearAds: NonLinearAds? = nil, companionAds: CompanionAds? = nil, position: SourcePosition, path: String,
        repeated: RepeatedKinds? = nil) {
        box = ModelBox(Fields(id: id, adId: adId, sequence: sequence, apiFramework: apiFramework,
            universalAdIds: universalAdIds, creativeExtensions: creativeExtensions, linear: linear,
            nonLinearAds: nonLinearAds, companionAds: companionAds, position: position, path: path, repeated: repeated))
    }

    @inlinable public var fields: Fields { box.fields }
    @inlinable public var id: String? { box.fields.id }
    @inlinable public var adId: String? { box.fields.adId }
    @inlinable public var sequence: Attr<Int>? { box.fields.sequence }
    @inlinable public var apiFramework: String? { box.fields.apiFramework }
    @inlinable public var universalAdIds: [UniversalAdId] { box.fields.universalAdIds }
    @inlinable public var creativeExtensions: [Extension] { box.fields.creativeExtensions }
    @inlinable public var linear: Linear? { box.fields.linear }
    @inlinable public var nonLinearAds: NonLinearAds? { box.fields.nonLinearAds }
    @inlinable public var companionAds: CompanionAds? { box.fields.companionAds }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
    /// The second and later `<Linear>`, `<NonLinearAds>` and `<CompanionAds>`, when the creative repeats one.
    @inlinable public var repeated: RepeatedKinds? { box.fields.repeated }

    public init(fields: Fields) { box = ModelBox(fields) }

    /// Every kind the creative holds, in the order Linear, NonLinear, Companion (a creative should hold one;
    /// ``kind`` is the first of these).
    public var kinds: [CreativeKind] {
        var out: [CreativeKind] = []
        if linear != nil { out.append(.linear) }
        if nonLinearAds != nil { out.append(.nonLinear) }
        if companionAds != nil { out.append(.companion) }
        return out
    }

    /// Linear, NonLinear or Companion: the kind of the creative.
    @inlinable public var kind: CreativeKind? {
        if linear != nil { return .linear }
        if nonLinearAds != nil { return .nonLinear }
        if companionAds != nil { return .companion }
        return nil
    }
}

public enum CreativeKind: String, Sendable, Codable, Hashable, CaseIterable {
    case linear = "Linear", nonLinear = "NonLinear", companion = "Companion"
}

public struct TrackingEvent: Sendable, Codable, Hashable {
    /// The `event` attribute as written (`nil` when missing).
    public var event: String?
    public var offset: Attr<VASTOffset>?
    public var url: TextNode
}

public struct Linear: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Encodable, Hashable {
        public var skipoffset: Attr<VASTOffset>?
        public var duration: Attr<VASTTime>?
        public var durationPosition: SourcePosition?
        public var mediaFiles: [MediaFile]
        public var hasMediaFilesElement: Bool
        public var mezzanines: [MediaFile]
        public var interactiveCreativeFiles: [InteractiveCreativeFile]
        public var closedCaptionFiles: [ClosedCaptionFile]
        public var adParameters: AdParameters?
        public var videoClicks: VideoClicks?
        public var trackingEvents: [TrackingEvent]
        public var icons: [Icon]
        public var position: SourcePosition
        public var path: String
        /// The `<Tracking>` of the second and later `<TrackingEvents>` (the spec allows one): rules look at the
        /// first; the tracking inventory lists these too, marked as repeated.
        public var repeatedTrackingEvents: [TrackingEvent] = []
        /// The second and later `<VideoClicks>` (the spec allows one), for the tracking inventory.
        public var repeatedVideoClicks: [VideoClicks] = []
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(skipoffset: Attr<VASTOffset>? = nil, duration: Attr<VASTTime>? = nil,
        durationPosition: SourcePosition? = nil, mediaFiles: [MediaFile], hasMediaFilesElement: Bool,
        mezzanines: [MediaFile], interactiveCreativeFiles: [InteractiveCreativeFile],
        closedCaptionFiles: [ClosedCaptionFile], adParameters: AdParameters? = nil, videoClicks: VideoClicks? = nil,
        trackingEvents: [TrackingEvent], icons: [Icon], position: SourcePosition, path: String,
        repeatedTrackingEvents: [TrackingEvent] = [], repeatedVideoClicks: [VideoClicks] = []) {
        box = ModelBox(Fields(skipoffset: skipoffset, duration: duration, durationPosition: durationPosition,
            mediaFiles: mediaFiles, hasMediaFilesElement: hasMediaFilesElement, mezzanines: mezzanines,
            interactiveCreativeFiles: interactiveCreativeFiles, closedCaptionFiles: closedCaptionFiles,
            adParameters: adParameters, videoClicks: videoClicks, trackingEvents: trackingEvents, icons: icons,
            position: position, path: path, repeatedTrackingEvents: repeatedTrackingEvents,
            repeatedVideoClicks: repeatedVideoClicks))
    }

    @inlinable public var fields: Fields { box.fields }
    @inlinable public var skipoffset: Attr<VASTOffset>? { box.fields.skipoffset }
    @inlinable public var duration: Attr<VASTTime>? { box.fields.duration }
    @inlinable public var durationPosition: SourcePosition? { box.fields.durationPosition }
    @inlinable public var mediaFiles: [MediaFile] { box.fields.mediaFiles }
    @inlinable public var hasMediaFilesElement: Bool { box.fields.hasMediaFilesElement }
    @inlinable public var mezzanines: [MediaFile] { box.fields.mezzanines }
    @inlinable public var interactiveCreativeFiles: [InteractiveCreativeFile] { box.fields.interactiveCreativeFiles }
    @inlinable public var closedCaptionFiles: [ClosedCaptionFile] { box.fields.closedCaptionFiles }
    @inlinable public var adParameters: AdParameters? { box.fields.adParameters }
    @inlinable public var videoClicks: VideoClicks? { box.fields.videoClicks }
    @inlinable public var trackingEvents: [TrackingEvent] { box.fields.trackingEvents }
    @inlinable public var icons: [Icon] { box.fields.icons }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
    /// The `<Tracking>` of the second and later `<TrackingEvents>`.
    @inlinable public var repeatedTrackingEvents: [TrackingEvent] { box.fields.repeatedTrackingEvents }
    /// The second and later `<VideoClicks>`.
    @inlinable public var repeatedVideoClicks: [VideoClicks] { box.fields.repeatedVideoClicks }

    public init(fields: Fields) { box = ModelBox(fields) }
}

/// A `<MediaFile>` or a `<Mezzanine>` (the same attributes, fewer of them used by Mezzanine).
public struct MediaFile: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``): rules walk media files
    /// often, and a copy is then one reference count.
    public struct Fields: Sendable, Codable, Hashable {
        public var url: TextNode
        public var id: String?
        public var delivery: String?
        public var type: String?
        public var width: Attr<Int>?
        public var height: Attr<Int>?
        public var codec: String?
        public var bitrate: Attr<Int>?
        public var minBitrate: Attr<Int>?
        public var maxBitrate: Attr<Int>?
        public var scalable: Attr<Bool>?
        public var maintainAspectRatio: Attr<Bool>?
        public var apiFramework: String?
        public var fileSize: Attr<Int>?
        public var mediaType: String?
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(url: TextNode, id: String? = nil, delivery: String? = nil, type: String? = nil, width: Attr<Int>? = nil, height: Attr<Int>? = nil, codec: String? = nil, bitrate: Attr<Int>? = nil, minBitrate: Attr<Int>? = nil, maxBitrate: Attr<Int>? = nil, scalable: Attr<Bool>? = nil, maintainAspectRatio: Attr<Bool>? = nil, apiFramework: String? = nil, fileSize: Attr<Int>? = nil, mediaType: String? = nil) {
        box = ModelBox(Fields(url: url, id: id, delivery: delivery, type: type, width: width, height: height, codec: codec, bitrate: bitrate, minBitrate: minBitrate, maxBitrate: maxBitrate, scalable: scalable, maintainAspectRatio: maintainAspectRatio, apiFramework: apiFramework, fileSize: fileSize, mediaType: mediaType))
    }

    public init(fields: Fields) { box = ModelBox(fields) }
    @inlinable public var fields: Fields { box.fields }
    @inlinable public var url: TextNode { box.fields.url }
    @inlinable public var id: String? { box.fields.id }
    @inlinable public var delivery: String? { box.fields.delivery }
    @inlinable public var type: String? { box.fields.type }
    @inlinable public var width: Attr<Int>? { box.fields.width }
    @inlinable public var height: Attr<Int>? { box.fields.height }
    @inlinable public var codec: String? { box.fields.codec }
    @inlinable public var bitrate: Attr<Int>? { box.fields.bitrate }
    @inlinable public var minBitrate: Attr<Int>? { box.fields.minBitrate }
    @inlinable public var maxBitrate: Attr<Int>? { box.fields.maxBitrate }
    @inlinable public var scalable: Attr<Bool>? { box.fields.scalable }
    @inlinable public var maintainAspectRatio: Attr<Bool>? { box.fields.maintainAspectRatio }
    @inlinable public var apiFramework: String? { box.fields.apiFramework }
    @inlinable public var fileSize: Attr<Int>? { box.fields.fileSize }
    @inlinable public var mediaType: String? { box.fields.mediaType }
}

public struct InteractiveCreativeFile: Sendable, Codable, Hashable {
    public var url: TextNode
    public var type: String?
    public var apiFramework: String?
    public var variableDuration: Attr<Bool>?
}

public struct ClosedCaptionFile: Sendable, Codable, Hashable {
    public var url: TextNode
    public var type: String?
    public var language: String?
}

/// `<AdParameters>`: where IMA's `traffickingParameters` come from.
public struct AdParameters: Sendable, Codable, Hashable {
    /// The content as written (trimmed).
    public var raw: String
    /// The content with XML encoding undone when `xmlEncoded` is true.
    public var decoded: String
    public var xmlEncoded: Attr<Bool>?
    public var position: SourcePosition
    public var path: String
}

public struct VideoClicks: Sendable, Codable, Hashable {
    public var clickThrough: TextNode?
    public var clickTrackings: [TextNode]
    public var customClicks: [TextNode]
    /// The second and later `<ClickThrough>` (the spec allows one): rules look at the first; the tracking
    /// inventory lists these too, marked as repeated.
    public var repeatedClickThroughs: [TextNode] = []
}

/// A creative resource: `StaticResource`, `IFrameResource` or `HTMLResource`.
public struct Resource: Sendable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable, Hashable { case staticResource = "StaticResource", iframe = "IFrameResource", html = "HTMLResource" }
    public var kind: Kind
    public var content: TextNode
    /// StaticResource: the MIME type of the resource.
    public var creativeType: String?
    /// HTMLResource: `xmlEncoded` (removed in 4.0.5).
    public var xmlEncoded: Attr<Bool>?
}

public struct Icon: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Codable, Hashable {
        public var program: String?
        public var width: Attr<Int>?
        public var height: Attr<Int>?
        public var xPosition: String?
        public var yPosition: String?
        public var duration: Attr<VASTTime>?
        public var offset: Attr<VASTTime>?
        public var apiFramework: String?
        public var pxratio: String?
        public var altText: String?
        public var hoverText: String?
        public var resources: [Resource]
        public var clickThrough: TextNode?
        public var clickTrackings: [TextNode]
        public var clickFallbackImages: [IconClickFallbackImage]
        public var viewTrackings: [TextNode]
        public var position: SourcePosition
        public var path: String
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(
        program: String? = nil, width: Attr<Int>? = nil, height: Attr<Int>? = nil, xPosition: String? = nil,
        yPosition: String? = nil, duration: Attr<VASTTime>? = nil, offset: Attr<VASTTime>? = nil,
        apiFramework: String? = nil, pxratio: String? = nil, altText: String? = nil, hoverText: String? = nil,
        resources: [Resource], clickThrough: TextNode? = nil, clickTrackings: [TextNode],
        clickFallbackImages: [IconClickFallbackImage], viewTrackings: [TextNode], position: SourcePosition,
        path: String
    ) {
        box = ModelBox(Fields(program: program, width: width, height: height, xPosition: xPosition,
            yPosition: yPosition, duration: duration, offset: offset, apiFramework: apiFramework, pxratio: pxratio,
            altText: altText, hoverText: hoverText, resources: resources, clickThrough: clickThrough,
            clickTrackings: clickTrackings, clickFallbackImages: clickFallbackImages, viewTrackings: viewTrackings,
            position: position, path: path))
    }

    public init(fields: Fields) { box = ModelBox(fields) }
    @inlinable public var fields: Fields { box.fields }
    @inlinable public var program: String? { box.fields.program }
    @inlinable public var width: Attr<Int>? { box.fields.width }
    @inlinable public var height: Attr<Int>? { box.fields.height }
    @inlinable public var xPosition: String? { box.fields.xPosition }
    @inlinable public var yPosition: String? { box.fields.yPosition }
    @inlinable public var duration: Attr<VASTTime>? { box.fields.duration }
    @inlinable public var offset: Attr<VASTTime>? { box.fields.offset }
    @inlinable public var apiFramework: String? { box.fields.apiFramework }
    @inlinable public var pxratio: String? { box.fields.pxratio }
    @inlinable public var altText: String? { box.fields.altText }
    @inlinable public var hoverText: String? { box.fields.hoverText }
    @inlinable public var resources: [Resource] { box.fields.resources }
    @inlinable public var clickThrough: TextNode? { box.fields.clickThrough }
    @inlinable public var clickTrackings: [TextNode] { box.fields.clickTrackings }
    @inlinable public var clickFallbackImages: [IconClickFallbackImage] { box.fields.clickFallbackImages }
    @inlinable public var viewTrackings: [TextNode] { box.fields.viewTrackings }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
}

public struct IconClickFallbackImage: Sendable, Codable, Hashable {
    public var width: Attr<Int>?
    public var height: Attr<Int>?
    public var altText: String?
    public var resource: Resource?
    public var position: SourcePosition
}

public struct NonLinearAds: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Encodable, Hashable {
        public var nonLinears: [NonLinear]
        public var trackingEvents: [TrackingEvent]
        public var position: SourcePosition
        public var path: String
        /// The `<Tracking>` of the second and later `<TrackingEvents>`, for the tracking inventory.
        public var repeatedTrackingEvents: [TrackingEvent] = []
        /// `<Icons>` under NonLinearAds (VAST 4.4 §3.11).
        public var icons: [Icon] = []
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(nonLinears: [NonLinear], trackingEvents: [TrackingEvent], position: SourcePosition, path: String,
                repeatedTrackingEvents: [TrackingEvent] = [], icons: [Icon] = []) {
        box = ModelBox(Fields(nonLinears: nonLinears, trackingEvents: trackingEvents, position: position, path: path,
                              repeatedTrackingEvents: repeatedTrackingEvents, icons: icons))
    }

    public init(fields: Fields) { box = ModelBox(fields) }
    @inlinable public var fields: Fields { box.fields }
    @inlinable public var nonLinears: [NonLinear] { box.fields.nonLinears }
    @inlinable public var trackingEvents: [TrackingEvent] { box.fields.trackingEvents }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
    /// The `<Tracking>` of the second and later `<TrackingEvents>`.
    @inlinable public var repeatedTrackingEvents: [TrackingEvent] { box.fields.repeatedTrackingEvents }
    /// `<Icons>` under NonLinearAds (VAST 4.4).
    @inlinable public var icons: [Icon] { box.fields.icons }
}

public struct NonLinear: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Encodable, Hashable {
        public var id: String?
        public var width: Attr<Int>?
        public var height: Attr<Int>?
        public var expandedWidth: Attr<Int>?
        public var expandedHeight: Attr<Int>?
        public var scalable: Attr<Bool>?
        public var maintainAspectRatio: Attr<Bool>?
        public var minSuggestedDuration: Attr<VASTTime>?
        public var apiFramework: String?
        public var resources: [Resource]
        public var adParameters: AdParameters?
        public var clickThrough: TextNode?
        public var clickTrackings: [TextNode]
        public var position: SourcePosition
        public var path: String
        /// `<Duration>` (VAST 4.4 §3.12.2): required for time-based media or tracking.
        public var duration: Attr<VASTTime>? = nil
        public var durationPosition: SourcePosition? = nil
        /// The `<MediaFile>` children of `<MediaFiles>` (VAST 4.4 §3.12.3): image, video or other media.
        public var mediaFiles: [MediaFile] = []
        /// `<InteractiveCreativeFile>` under `<MediaFiles>` (VAST 4.4 §3.12.4), SIMID for non-linear.
        public var interactiveCreativeFiles: [InteractiveCreativeFile] = []
        /// Where `<MediaFiles>` is, when present.
        public var mediaFilesPosition: SourcePosition? = nil
        /// `<NonLinearCustomClick>` (VAST 4.4 §3.12.7).
        public var customClicks: [TextNode] = []
        /// Where this NonLinear's content came from: the element itself, or the CTV Ad Portfolio extension.
        public var source: NonLinearSource = .native
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(
        id: String? = nil, width: Attr<Int>? = nil, height: Attr<Int>? = nil, expandedWidth: Attr<Int>? = nil,
        expandedHeight: Attr<Int>? = nil, scalable: Attr<Bool>? = nil, maintainAspectRatio: Attr<Bool>? = nil,
        minSuggestedDuration: Attr<VASTTime>? = nil, apiFramework: String? = nil, resources: [Resource],
        adParameters: AdParameters? = nil, clickThrough: TextNode? = nil, clickTrackings: [TextNode],
        position: SourcePosition, path: String, duration: Attr<VASTTime>? = nil, durationPosition: SourcePosition? = nil,
        mediaFiles: [MediaFile] = [], interactiveCreativeFiles: [InteractiveCreativeFile] = [],
        mediaFilesPosition: SourcePosition? = nil, customClicks: [TextNode] = [], source: NonLinearSource = .native
    ) {
        box = ModelBox(Fields(id: id, width: width, height: height, expandedWidth: expandedWidth,
            expandedHeight: expandedHeight, scalable: scalable, maintainAspectRatio: maintainAspectRatio,
            minSuggestedDuration: minSuggestedDuration, apiFramework: apiFramework, resources: resources,
            adParameters: adParameters, clickThrough: clickThrough, clickTrackings: clickTrackings,
            position: position, path: path, duration: duration, durationPosition: durationPosition,
            mediaFiles: mediaFiles, interactiveCreativeFiles: interactiveCreativeFiles,
            mediaFilesPosition: mediaFilesPosition, customClicks: customClicks, source: source))
    }

    public init(fields: Fields) { box = ModelBox(fields) }
    @inlinable public var fields: Fields { box.fields }
    @inlinable public var id: String? { box.fields.id }
    @inlinable public var width: Attr<Int>? { box.fields.width }
    @inlinable public var height: Attr<Int>? { box.fields.height }
    @inlinable public var expandedWidth: Attr<Int>? { box.fields.expandedWidth }
    @inlinable public var expandedHeight: Attr<Int>? { box.fields.expandedHeight }
    @inlinable public var scalable: Attr<Bool>? { box.fields.scalable }
    @inlinable public var maintainAspectRatio: Attr<Bool>? { box.fields.maintainAspectRatio }
    @inlinable public var minSuggestedDuration: Attr<VASTTime>? { box.fields.minSuggestedDuration }
    @inlinable public var apiFramework: String? { box.fields.apiFramework }
    @inlinable public var resources: [Resource] { box.fields.resources }
    @inlinable public var adParameters: AdParameters? { box.fields.adParameters }
    @inlinable public var clickThrough: TextNode? { box.fields.clickThrough }
    @inlinable public var clickTrackings: [TextNode] { box.fields.clickTrackings }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
    @inlinable public var duration: Attr<VASTTime>? { box.fields.duration }
    @inlinable public var durationPosition: SourcePosition? { box.fields.durationPosition }
    @inlinable public var mediaFiles: [MediaFile] { box.fields.mediaFiles }
    @inlinable public var interactiveCreativeFiles: [InteractiveCreativeFile] { box.fields.interactiveCreativeFiles }
    @inlinable public var mediaFilesPosition: SourcePosition? { box.fields.mediaFilesPosition }
    @inlinable public var customClicks: [TextNode] { box.fields.customClicks }
    @inlinable public var source: NonLinearSource { box.fields.source }
}

extension Creative {
    /// Every Icon of the creative: the Linear's and, from VAST 4.4, the NonLinearAds' (§3.11).
    public var allIcons: [Icon] {
        guard let nonLinearIcons = nonLinearAds?.icons, !nonLinearIcons.isEmpty else { return linear?.icons ?? [] }
        return (linear?.icons ?? []) + nonLinearIcons
    }
}

/// The content of one `<Extension type="ctv_ad_portfolio">`: the CTV Ad Portfolio form for VAST 2.0 to 4.3,
/// read into the same NonLinear-side model as the native VAST 4.4 form. ``nonLinearAds`` holds the extension's
/// TrackingEvents and Icons and one NonLinear (its ``NonLinear/source`` is
/// ``NonLinearSource/ctvAdPortfolioExtension``) with the MediaFiles, Duration, AdParameters and clicks.
public struct CTVAdPortfolio: Sendable, Encodable, Hashable {
    /// `<CreativeId>`: the `Creative@id` the extension describes (required when the InLine has several creatives).
    public var creativeId: TextNode?
    /// The extension's content, as a NonLinearAds of one NonLinear.
    public var nonLinearAds: NonLinearAds
    /// `<CreativeExtensions>/<CreativeExtension>` of the extension (such as `tl_qrcode`).
    public var creativeExtensions: [Extension]
    /// The `<Extension>` element.
    public var position: SourcePosition
    public var path: String

    public init(creativeId: TextNode?, nonLinearAds: NonLinearAds, creativeExtensions: [Extension],
                position: SourcePosition, path: String) {
        self.creativeId = creativeId
        self.nonLinearAds = nonLinearAds
        self.creativeExtensions = creativeExtensions
        self.position = position
        self.path = path
    }

    /// The NonLinear carrying the extension's media (there is always one).
    public var nonLinear: NonLinear? { nonLinearAds.nonLinears.first }

    /// The creative of `body` the extension applies to: the one whose `id` is the `<CreativeId>`, or, without a
    /// CreativeId, the only creative holding `<NonLinearAds>` (the extension document's rule). `nil` when none fits.
    public func creative(in body: AdBody) -> Creative? {
        if let creativeId {
            return body.creatives.first { $0.id == creativeId.value }
        }
        let nonLinear = body.creatives.filter { $0.nonLinearAds != nil }
        return nonLinear.count == 1 ? nonLinear[0] : nil
    }
}

/// Where a NonLinear's CTV Ad Portfolio content was read from.
public enum NonLinearSource: String, Sendable, Codable, Hashable {
    /// The NonLinear element itself (VAST 4.4, or a plain NonLinear of any version).
    case native
    /// An `Extension type="ctv_ad_portfolio"` (the form for VAST 2.0 to 4.3).
    case ctvAdPortfolioExtension
}

public struct CompanionAds: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Encodable, Hashable {
        /// `required`: all, any or none (3.0+).
        public var required: String?
        public var companions: [Companion]
        public var position: SourcePosition
        public var path: String
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(required: String? = nil, companions: [Companion], position: SourcePosition, path: String) {
        box = ModelBox(Fields(required: required, companions: companions, position: position, path: path))
    }

    public init(fields: Fields) { box = ModelBox(fields) }
    @inlinable public var fields: Fields { box.fields }
    @inlinable public var required: String? { box.fields.required }
    @inlinable public var companions: [Companion] { box.fields.companions }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
}

public struct Companion: Sendable, BoxedModel {
    /// The stored fields, kept in one shared, immutable box (see ``BoxedModel``).
    public struct Fields: Sendable, Codable, Hashable {
        public var id: String?
        public var width: Attr<Int>?
        public var height: Attr<Int>?
        public var assetWidth: Attr<Int>?
        public var assetHeight: Attr<Int>?
        public var expandedWidth: Attr<Int>?
        public var expandedHeight: Attr<Int>?
        public var apiFramework: String?
        public var adSlotId: String?
        public var pxratio: String?
        /// `renderingMode` (4.1+): default, end-card or concurrent.
        public var renderingMode: String?
        public var resources: [Resource]
        public var altText: String?
        public var clickThrough: TextNode?
        public var clickTrackings: [TextNode]
        public var trackingEvents: [TrackingEvent]
        public var adParameters: AdParameters?
        public var position: SourcePosition
        public var path: String
    }

    @usableFromInline let box: ModelBox<Fields>

    public init(
        id: String? = nil, width: Attr<Int>? = nil, height: Attr<Int>? = nil, assetWidth: Attr<Int>? = nil,
        assetHeight: Attr<Int>? = nil, expandedWidth: Attr<Int>? = nil, expandedHeight: Attr<Int>? = nil,
        apiFramework: String? = nil, adSlotId: String? = nil, pxratio: String? = nil, renderingMode: String? = nil,
        resources: [Resource], altText: String? = nil, clickThrough: TextNode? = nil, clickTrackings: [TextNode],
        trackingEvents: [TrackingEvent], adParameters: AdParameters? = nil, position: SourcePosition, path: String
    ) {
        box = ModelBox(Fields(id: id, width: width, height: height, assetWidth: assetWidth, assetHeight: assetHeight,
            expandedWidth: expandedWidth, expandedHeight: expandedHeight, apiFramework: apiFramework,
            adSlotId: adSlotId, pxratio: pxratio, renderingMode: renderingMode, resources: resources,
            altText: altText, clickThrough: clickThrough, clickTrackings: clickTrackings,
            trackingEvents: trackingEvents, adParameters: adParameters, position: position, path: path))
    }

    public init(fields: Fields) { box = ModelBox(fields) }
    @inlinable public var fields: Fields { box.fields }
    @inlinable public var id: String? { box.fields.id }
    @inlinable public var width: Attr<Int>? { box.fields.width }
    @inlinable public var height: Attr<Int>? { box.fields.height }
    @inlinable public var assetWidth: Attr<Int>? { box.fields.assetWidth }
    @inlinable public var assetHeight: Attr<Int>? { box.fields.assetHeight }
    @inlinable public var expandedWidth: Attr<Int>? { box.fields.expandedWidth }
    @inlinable public var expandedHeight: Attr<Int>? { box.fields.expandedHeight }
    @inlinable public var apiFramework: String? { box.fields.apiFramework }
    @inlinable public var adSlotId: String? { box.fields.adSlotId }
    @inlinable public var pxratio: String? { box.fields.pxratio }
    /// `renderingMode` (4.1+): default, end-card or concurrent.
    @inlinable public var renderingMode: String? { box.fields.renderingMode }
    @inlinable public var resources: [Resource] { box.fields.resources }
    @inlinable public var altText: String? { box.fields.altText }
    @inlinable public var clickThrough: TextNode? { box.fields.clickThrough }
    @inlinable public var clickTrackings: [TextNode] { box.fields.clickTrackings }
    @inlinable public var trackingEvents: [TrackingEvent] { box.fields.trackingEvents }
    @inlinable public var adParameters: AdParameters? { box.fields.adParameters }
    @inlinable public var position: SourcePosition { box.fields.position }
    @inlinable public var path: String { box.fields.path }
}
