import ConformCore
import Foundation
import VAST

/// A URL of a tag that a player downloads to show the ad: a media file, an image, a page, a script or a
/// caption file, with what the tag declares about it and where it is written. Tracking pixels are not
/// assets (see ``TrackingPixel``): a probe never requests them.
public struct ProbeAsset: Sendable, Codable, Hashable {
    /// What the player does with the asset, which decides what is checked.
    public enum Role: String, Sendable, Codable, Hashable {
        /// A `<MediaFile>` or `<Mezzanine>`: video or audio, inspected for dimensions, duration, bitrate, codec.
        case media
        /// A `<StaticResource>` of a companion, NonLinear or icon: an image (or a script), checked for its size.
        case image
        /// An `<IFrameResource>`: a page shown in a frame.
        case page
        /// An `<InteractiveCreativeFile>` or a verification `<JavaScriptResource>`: a script.
        case script
        /// A `<ClosedCaptionFile>`.
        case caption
    }

    /// The element that holds the URL (`MediaFile`, `StaticResource` ...).
    public var element: String
    /// The element that owns it, for messages (`Companion`, `Icon`, `NonLinear`, `Linear`, `Verification`).
    public var owner: String
    public var role: Role
    /// The URL as written (trimmed).
    public var url: String
    /// The document the URL is written in (the name findings use).
    public var file: String?
    /// The hop of the chain the document is (0 = the tag itself).
    public var hop: Int
    public var position: SourcePosition
    public var path: String
    /// The declared MIME type (`type`, `creativeType`).
    public var declaredType: String?
    /// The declared size of the asset in pixels (a MediaFile's, an icon's, a companion's asset or slot size).
    public var width: Int?
    public var height: Int?
    /// For a companion without assetWidth/assetHeight: the size is the slot's, and an image may be a multiple.
    public var sizeIsSlot: Bool
    /// MediaFile `bitrate`, `minBitrate`, `maxBitrate`, in kilobits per second.
    public var bitrate: Int?
    public var minBitrate: Int?
    public var maxBitrate: Int?
    /// MediaFile `codec` (RFC 6381 / 4281 form, such as `avc1.42E01E, mp4a.40.2`, or a name).
    public var codec: String?
    /// The Linear's `<Duration>` in milliseconds, for media.
    public var durationMs: Int?
    /// ClosedCaptionFile `language`.
    public var language: String?
    /// MediaFile `delivery` (`progressive` or `streaming`).
    public var delivery: String?

    public init(element: String, owner: String, role: Role, url: String, file: String?, hop: Int, position: SourcePosition,
                path: String, declaredType: String? = nil, width: Int? = nil, height: Int? = nil, sizeIsSlot: Bool = false,
                bitrate: Int? = nil, minBitrate: Int? = nil, maxBitrate: Int? = nil, codec: String? = nil,
                durationMs: Int? = nil, language: String? = nil, delivery: String? = nil) {
        self.element = element
        self.owner = owner
        self.role = role
        self.url = url
        self.file = file
        self.hop = hop
        self.position = position
        self.path = path
        self.declaredType = declaredType
        self.width = width
        self.height = height
        self.sizeIsSlot = sizeIsSlot
        self.bitrate = bitrate
        self.minBitrate = minBitrate
        self.maxBitrate = maxBitrate
        self.codec = codec
        self.durationMs = durationMs
        self.language = language
        self.delivery = delivery
    }

    /// `Companion StaticResource` or `MediaFile`: the name messages use.
    public var label: String { owner == element ? element : "\(owner) \(element)" }
}

/// A tracking URL (impression, error, event, click tracking, view tracking). A probe never requests it:
/// requesting a pixel counts an impression or an event. It gets a syntax check, and with `--probe-pixels` its
/// host is looked up (no request is sent).
public struct TrackingPixel: Sendable, Codable, Hashable {
    public var element: String
    public var url: String
    public var file: String?
    public var hop: Int
    public var position: SourcePosition
    public var path: String

    public init(element: String, url: String, file: String?, hop: Int, position: SourcePosition, path: String) {
        self.element = element
        self.url = url
        self.file = file
        self.hop = hop
        self.position = position
        self.path = path
    }
}

/// Lists the assets and the tracking pixels of a decoded document.
public enum AssetCollector {
    /// The VAST documents of a decoded input whose assets a player loads: the VAST itself, or every VAST a VMAP
    /// embeds in an AdBreak's `<AdSource><VASTAdData>`, in break order (their positions are in the VMAP file).
    /// A VMAP break that names its ad by `<AdTagURI>` holds no asset until the tag is fetched.
    public static func documents(of input: DecodedInput) -> [VASTDocument] {
        if let vast = input.vast { return [vast] }
        return input.vmap?.adBreaks.compactMap { $0.adSource?.vastAdData } ?? []
    }

    /// Every asset of a decoded VAST or VMAP input (see ``documents(of:)``), in document order.
    public static func assets(in input: DecodedInput, file: String?, hop: Int = 0) -> [ProbeAsset] {
        documents(of: input).flatMap { assets(in: $0, file: file, hop: hop) }
    }

    /// Every tracking URL of the VAST of a decoded VAST or VMAP input (see ``documents(of:)``).
    public static func pixels(in input: DecodedInput, file: String?, hop: Int = 0) -> [TrackingPixel] {
        documents(of: input).flatMap { pixels(in: $0, file: file, hop: hop) }
    }

    /// Every asset URL of `document`, in document order. An HTMLResource holds markup, not a URL: the absolute
    /// http(s) URLs its markup loads (see ``htmlSources(_:)``) are listed under it.
    /// - Parameters:
    ///   - file: the name findings give the document.
    ///   - hop: the document's hop in its chain (0 for the tag itself).
    public static func assets(in document: VASTDocument, file: String?, hop: Int = 0) -> [ProbeAsset] {
        var out: [ProbeAsset] = []
        func add(_ node: TextNode, element: String, owner: String, role: ProbeAsset.Role, type: String? = nil,
                 width: Int? = nil, height: Int? = nil, slot: Bool = false, media: MediaFile? = nil, durationMs: Int? = nil,
                 language: String? = nil, url written: String? = nil) {
            let url = written ?? node.value
            guard !url.isEmpty else { return }
            out.append(ProbeAsset(element: element, owner: owner, role: role, url: url, file: file, hop: hop,
                                  position: node.position, path: node.path, declaredType: type ?? media?.type,
                                  width: width ?? media?.width?.value, height: height ?? media?.height?.value, sizeIsSlot: slot,
                                  bitrate: media?.bitrate?.value, minBitrate: media?.minBitrate?.value,
                                  maxBitrate: media?.maxBitrate?.value, codec: media?.codec, durationMs: durationMs,
                                  language: language, delivery: media?.delivery))
        }
        func addResources(_ resources: [Resource], owner: String, width: Int?, height: Int?, slot: Bool = false) {
            for resource in resources {
                switch resource.kind {
                case .staticResource:
                    let script = resource.creativeType.map { MediaType.container(of: $0) == .javascript } ?? false
                    add(resource.content, element: "StaticResource", owner: owner, role: script ? .script : .image,
                        type: resource.creativeType, width: width, height: height, slot: slot)
                case .iframe:
                    add(resource.content, element: "IFrameResource", owner: owner, role: .page, type: "text/html")
                case .html:
                    for source in htmlSources(resource.content.value) {
                        add(resource.content, element: "HTMLResource", owner: owner, role: source.role, url: source.url)
                    }
                }
            }
        }
        for ad in document.ads {
            guard let body = ad.body else { continue }
            for verification in body.adVerifications + body.extensionVerifications {
                for resource in verification.javaScriptResources {
                    add(resource.url, element: "JavaScriptResource", owner: "Verification", role: .script,
                        type: "application/javascript")
                }
            }
            for creative in body.creatives {
                if let linear = creative.linear {
                    let duration = linear.duration?.value?.milliseconds
                    for media in linear.mediaFiles {
                        add(media.url, element: "MediaFile", owner: "MediaFile", role: .media, media: media, durationMs: duration)
                    }
                    for media in linear.mezzanines {
                        add(media.url, element: "Mezzanine", owner: "Mezzanine", role: .media, media: media, durationMs: duration)
                    }
                    for file in linear.interactiveCreativeFiles {
                        add(file.url, element: "InteractiveCreativeFile", owner: "InteractiveCreativeFile", role: .script, type: file.type)
                    }
                    for caption in linear.closedCaptionFiles {
                        add(caption.url, element: "ClosedCaptionFile", owner: "ClosedCaptionFile", role: .caption,
                            type: caption.type, language: caption.language)
                    }
                    for icon in linear.icons {
                        addResources(icon.resources, owner: "Icon", width: icon.width?.value, height: icon.height?.value, slot: true)
                    }
                }
                for nonLinear in creative.nonLinearAds?.nonLinears ?? [] {
                    addResources(nonLinear.resources, owner: "NonLinear", width: nonLinear.width?.value,
                                 height: nonLinear.height?.value, slot: true)
                }
                for companion in creative.companionAds?.companions ?? [] {
                    let asset = companion.assetWidth?.value != nil && companion.assetHeight?.value != nil
                    addResources(companion.resources, owner: "Companion",
                                 width: asset ? companion.assetWidth?.value : companion.width?.value,
                                 height: asset ? companion.assetHeight?.value : companion.height?.value, slot: !asset)
                }
            }
        }
        return out
    }

    /// The absolute http(s) URLs an HTMLResource's markup loads, in order: the `src` of its `<img>` (an image),
    /// `<script>` (a script), `<iframe>` (a page), `<video>`, `<audio>` and `<source>` (media) elements, with
    /// `&amp;` read as `&`. A relative URL has no base a player would resolve it against, and is left out.
    public static func htmlSources(_ markup: String) -> [(url: String, role: ProbeAsset.Role)] {
        let pattern = #"<(img|script|iframe|video|audio|source)\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))"#
        guard markup.contains("<"), let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return [] }
        return regex.matches(in: markup, range: NSRange(markup.startIndex..., in: markup)).compactMap { match in
            guard let tagRange = Range(match.range(at: 1), in: markup) else { return nil }
            let value = (2...4).lazy.compactMap { Range(match.range(at: $0), in: markup) }.first.map { String(markup[$0]) } ?? ""
            let url = value.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "&amp;", with: "&")
            let scheme = url.prefix(8).lowercased()
            guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://") else { return nil }
            let role: ProbeAsset.Role = switch markup[tagRange].lowercased() {
            case "img": .image
            case "script": .script
            case "iframe": .page
            default: .media
            }
            return (url, role)
        }
    }

    /// Every tracking URL of `document` a player would fire: impressions, errors, tracking events, click and view
    /// tracking.
    public static func pixels(in document: VASTDocument, file: String?, hop: Int = 0) -> [TrackingPixel] {
        var out: [TrackingPixel] = []
        func add(_ node: TextNode, _ element: String) {
            guard !node.value.isEmpty else { return }
            out.append(TrackingPixel(element: element, url: node.value, file: file, hop: hop, position: node.position, path: node.path))
        }
        for node in document.errors { add(node, "Error") }
        for ad in document.ads {
            guard let body = ad.body else { continue }
            for node in body.impressions { add(node, "Impression") }
            for node in body.errors { add(node, "Error") }
            for creative in body.creatives {
                if let linear = creative.linear {
                    for event in linear.trackingEvents { add(event.url, "Tracking") }
                    for node in linear.videoClicks?.clickTrackings ?? [] { add(node, "ClickTracking") }
                    for icon in linear.icons {
                        for node in icon.viewTrackings { add(node, "IconViewTracking") }
                        for node in icon.clickTrackings { add(node, "IconClickTracking") }
                    }
                }
                for event in creative.nonLinearAds?.trackingEvents ?? [] { add(event.url, "Tracking") }
                for companion in creative.companionAds?.companions ?? [] {
                    for event in companion.trackingEvents { add(event.url, "Tracking") }
                    for node in companion.clickTrackings { add(node, "CompanionClickTracking") }
                }
            }
        }
        return out
    }
}
