import ConformCore

/// What each VAST element is for, in a sentence or two, and the section of the VAST 4.3 specification that
/// defines it: the text an editor shows when hovering an element. Kept as data beside ``VASTSchemaFacts``
/// (which knows the element's children and attributes per version); the sentences are conform's own
/// summaries of the specification, not quotations.
public struct VASTElementDescription: Sendable, Hashable {
    /// What the element is for.
    public var summary: String
    /// The defining section of the VAST 4.3 specification (`3.9.1`).
    public var section: String
    /// The section's title (`MediaFile`).
    public var title: String
}

public enum VASTElementDescriptions {
    /// The description of the element `name` under `parent` (some names mean different things under
    /// different parents: `<Error>` under `<VAST>` and under an ad, `<Tracking>` under `<Verification>`).
    public static func of(_ name: String, parent: String? = nil) -> VASTElementDescription? {
        if let parent, let specific = byParent["\(parent)/\(name)"] { return specific }
        return byName[name]
    }

    /// Every element name described.
    public static var names: [String] { byName.keys.sorted() }

    /// The description of the attribute `attribute` of `element` (`MediaFile`, `delivery`), in the section
    /// that defines the element.
    public static func of(attribute: String, element: String) -> VASTElementDescription? {
        let shared = commonAttributes[attribute].flatMap { summary in
            VASTVersion.allCases.contains { VASTSchemaFacts.attributes(of: element, in: $0)?.contains(attribute) == true } ? summary : nil
        }
        guard let summary = attributes["\(element)@\(attribute)"] ?? shared, let owner = of(element) else { return nil }
        return VASTElementDescription(summary: summary, section: owner.section, title: owner.title)
    }

    /// Every `Element@attribute` described for one element alone.
    public static var attributeNames: [String] { attributes.keys.sorted() }

    /// Attributes that mean the same on every element that has them.
    private static let commonAttributes: [String: String] = [
        "apiFramework": "The API the player needs to run the resource or creative (for example `omid` for verification code).",
        "creativeType": "The MIME type of the resource (for example `image/png`).",
        "pxratio": "The ratio of physical to device-independent pixels the creative is made for (1 when absent).",
    ]

    private static let attributes: [String: String] = [
        "VAST@version": "The VAST version the response follows (2.0, 3.0, 4.0, 4.1, 4.2, 4.3), which decides the elements and values it may use.",
        "Ad@id": "The ad server's identifier of the ad.",
        "Ad@sequence": "The ad's place in an ad pod, counting from 1; ads with a sequence form the pod and play in its order.",
        "Ad@conditionalAd": "Whether the ad is conditional (it may decide at run time not to play). Deprecated since VAST 4.1.",
        "Ad@adType": "Whether the ad is `video`, `audio` or `hybrid` (video when absent).",
        "Impression@id": "The ad server's identifier of the impression; impressions of one id are requested together.",
        "Pricing@model": "The pricing model: `cpm`, `cpc`, `cpe` or `cpv`.",
        "Pricing@currency": "The currency of the price, as a three-letter ISO 4217 code (USD, EUR, ...).",
        "Category@authority": "The URL of the body whose category list the value comes from.",
        "Creative@id": "The ad server's identifier of the creative.",
        "Creative@sequence": "The order in which the creatives of the ad play.",
        "Creative@adId": "The ad server's identifier of the creative (UniversalAdId identifies it across systems).",
        "UniversalAdId@idRegistry": "The registry in which the creative's identifier is kept (for example ad-id.org); `unknown` when there is none.",
        "Linear@skipoffset": "When skip controls appear: a time (HH:MM:SS or HH:MM:SS.mmm) or a percentage of the duration. Without it, the ad is not skippable.",
        "AdParameters@xmlEncoded": "Whether the ad parameters are XML-encoded.",
        "MediaFile@delivery": "How the file is delivered: `progressive` (downloaded over HTTP) or `streaming`.",
        "MediaFile@type": "The MIME type of the file's container (for example `video/mp4`, `application/x-mpegURL`).",
        "MediaFile@width": "The native width of the video, in pixels.",
        "MediaFile@height": "The native height of the video, in pixels.",
        "MediaFile@codec": "The codec the file is encoded with, as RFC 4281 (or RFC 6381) writes it.",
        "MediaFile@bitrate": "The average bitrate of a progressive file, in kilobits per second.",
        "MediaFile@minBitrate": "The lowest bitrate of a streaming file, in kilobits per second.",
        "MediaFile@maxBitrate": "The highest bitrate of a streaming file, in kilobits per second.",
        "MediaFile@scalable": "Whether the file may be scaled to larger dimensions.",
        "MediaFile@maintainAspectRatio": "Whether the aspect ratio is kept when the file is scaled.",
        "MediaFile@fileSize": "The file's size, in bytes.",
        "MediaFile@mediaType": "The kind of media (2D, 3D, 360, ...); 2D when absent.",
        "InteractiveCreativeFile@variableDuration": "Whether the interactive creative may make the ad last longer than its duration (by pausing it, for example).",
        "ClosedCaptionFile@language": "The captions' language, as an ISO 639-1 code with an optional region (en, en-US).",
        "Icon@program": "What the icon stands for (for example AdChoices).",
        "Icon@width": "The icon's width, in pixels.",
        "Icon@height": "The icon's height, in pixels.",
        "Icon@xPosition": "Where the icon stands across the ad: pixels from the left, or `left` or `right`.",
        "Icon@yPosition": "Where the icon stands down the ad: pixels from the top, or `top` or `bottom`.",
        "Icon@duration": "How long the icon shows, as HH:MM:SS or HH:MM:SS.mmm.",
        "Icon@offset": "How long after the Linear starts the icon appears, as HH:MM:SS or HH:MM:SS.mmm.",
        "NonLinear@width": "The width of the slot the overlay is made for, in pixels.",
        "NonLinear@height": "The height of the slot the overlay is made for, in pixels.",
        "NonLinear@minSuggestedDuration": "The shortest time the overlay should stay on screen, as HH:MM:SS or HH:MM:SS.mmm.",
        "CompanionAds@required": "Which companions must show with the ad: `all`, `any` or `none`.",
        "Companion@width": "The width of the slot the companion is made for, in pixels.",
        "Companion@height": "The height of the slot the companion is made for, in pixels.",
        "Companion@assetWidth": "The width of the companion creative itself, in pixels.",
        "Companion@assetHeight": "The height of the companion creative itself, in pixels.",
        "Companion@renderingMode": "When the companion shows: `default`, `end-card` (after the ad) or `concurrent` (with it).",
        "Tracking@event": "The event whose moment requests the URI (start, firstQuartile, midpoint, thirdQuartile, complete, progress, ...).",
        "Tracking@offset": "For a `progress` event: when it fires, as a time or a percentage of the duration.",
        "Verification@vendor": "The verification vendor, best written as domain-useCase (for example company.com-omid).",
        "JavaScriptResource@browserOptional": "Whether the script can run without a browser (without a DOM).",
        "ExecutableResource@type": "The kind of executable code, as agreed between the vendor and the player.",
        "Extension@type": "What kind of custom data the extension holds.",
        "Wrapper@followAdditionalWrappers": "Whether the player may follow further wrappers after this one.",
        "Wrapper@allowMultipleAds": "Whether the next response may hold several ads (a pod) for this wrapper.",
        "Wrapper@fallbackOnNoAd": "Whether the player should try another ad of the pod when this wrapper's chain returns no ad.",
    ]

    private static func entry(_ section: String, _ title: String, _ summary: String) -> VASTElementDescription {
        VASTElementDescription(summary: summary, section: section, title: title)
    }

    private static let byParent: [String: VASTElementDescription] = [
        "VAST/Error": entry("3.2.1", "Error (VAST)", "A URI the player requests when the response holds no ad at all (an empty `<VAST>`), with `[ERRORCODE]` filled with 303 (no ad)."),
        "Verification/TrackingEvents": entry("3.17.3", "TrackingEvents", "The verification vendor's own tracking; holds `<Tracking>` elements."),
        "Verification/Tracking": entry("3.17.4", "Tracking", "A URI requested when the verification resource could not run; `event=\"verificationNotExecuted\"` with `[REASON]` saying why."),
    ]

    private static let byName: [String: VASTElementDescription] = [
        "VAST": entry("3.2", "VAST", "The root of a VAST response: its `version` attribute declares the VAST version, and it holds zero or more `<Ad>` elements (none means no ad)."),
        "Error": entry("3.4.11", "Error (InLine and Wrapper)", "A URI the player requests when it cannot play the ad, with `[ERRORCODE]` filled with the IAB error code. Several may be given; every one is requested."),
        "Ad": entry("3.3.2", "The Ad Element", "One ad: either an `<InLine>` (the ad itself) or a `<Wrapper>` (a pointer to another VAST response). `sequence` places it in an ad pod; ads without one are stand-alone ads."),
        "InLine": entry("3.4", "InLine", "An ad whose creative files are all in this response: everything the player needs to play it and track it."),
        "Wrapper": entry("3.19", "Wrapper", "An ad that points at another VAST response (`<VASTAdTagURI>`), adding its own tracking; the player follows the chain until it reaches an InLine."),
        "AdSystem": entry("3.4.1", "AdSystem", "The name of the ad server that returned the ad, with its `version` as an attribute."),
        "AdTitle": entry("3.4.2", "AdTitle", "A common name for the ad, as the ad server knows it."),
        "AdServingId": entry("3.4.3", "AdServingId", "An identifier the ad server gives this serving of the ad, the same in every party's logs, so that impressions can be matched across systems (VAST 4.1 and later)."),
        "Impression": entry("3.4.4", "Impression", "A URI the player requests when the ad's first frame shows (the impression). Every Impression of every hop of a wrapper chain is requested."),
        "Category": entry("3.4.5", "Category", "The ad's category (IAB content taxonomy), with the taxonomy named by `authority`; used to keep competing ads apart and to honour blocked categories."),
        "Description": entry("3.4.6", "Description", "A longer description of the ad."),
        "Advertiser": entry("3.4.7", "Advertiser", "The advertiser's name, with an optional `id` in a registry; lets players keep ads of the same advertiser apart."),
        "Pricing": entry("3.4.8", "Pricing", "The price of the ad, for real-time decisions: `model` (cpm, cpc, cpe, cpv) and `currency` (ISO 4217) as attributes."),
        "Survey": entry("3.4.9", "Survey", "A URI of a resource collecting survey data. Deprecated since VAST 4.1: use third-party tracking instead."),
        "Expires": entry("3.4.10", "Expires", "How many seconds after the request the ad may still be played; after that it has expired."),
        "ViewableImpression": entry("3.5", "ViewableImpression", "URIs requested when the player decides whether the ad was viewable: `<Viewable>`, `<NotViewable>`, `<ViewUndetermined>`."),
        "Viewable": entry("3.5.1", "Viewable", "A URI requested when the ad met the viewability criteria."),
        "NotViewable": entry("3.5.2", "NotViewable", "A URI requested when the ad played but did not meet the viewability criteria."),
        "ViewUndetermined": entry("3.5.3", "ViewUndetermined", "A URI requested when the player could not measure viewability."),
        "Creatives": entry("3.6", "Creatives", "The ad's creatives: one or more `<Creative>` elements."),
        "Creative": entry("3.7", "Creative", "One creative: a `<Linear>`, `<NonLinearAds>` or `<CompanionAds>` part of the ad, with its `<UniversalAdId>`."),
        "UniversalAdId": entry("3.7.1", "UniversalAdId", "The creative's identifier across systems, in the registry `idRegistry` names (for example ad-id.org); `unknown` when there is none."),
        "CreativeExtensions": entry("3.7.2", "CreativeExtensions", "Custom data for the creative that VAST does not define, in `<CreativeExtension>` elements."),
        "CreativeExtension": entry("3.7.3", "CreativeExtension", "One piece of custom creative data; its `type` names what it is, and players that do not know it ignore it."),
        "Linear": entry("3.8", "Linear", "A video or audio creative that plays in the content's place, before, between or after it: media files, duration, clicks, tracking and icons; `skipoffset` makes it skippable."),
        "Duration": entry("3.8.1", "Duration", "How long the Linear creative plays, as HH:MM:SS or HH:MM:SS.mmm."),
        "AdParameters": entry("3.8.2", "AdParameters", "Data passed to an interactive creative (or a companion or non-linear one); `xmlEncoded` says whether the data is XML-encoded."),
        "MediaFiles": entry("3.9", "MediaFiles", "The media files of a Linear creative: the same creative in several formats, sizes and bitrates, for the player to choose from."),
        "MediaFile": entry("3.9.1", "MediaFile", "One encoding of the creative: its URI, with `delivery`, `type`, `width` and `height` (required) and bitrate, codec and scaling as attributes. The player picks the file that suits it best."),
        "Mezzanine": entry("3.9.2", "Mezzanine", "A high-quality source file of the creative, from which ad-stitching services make their own encodings (VAST 4.0 and later)."),
        "InteractiveCreativeFile": entry("3.9.3", "InteractiveCreativeFile", "The interactive part of a creative, apart from its media file, with the API it needs (`apiFramework`): a player that cannot run it can still play the media."),
        "ClosedCaptionFiles": entry("3.9.4", "ClosedCaptionFiles", "The caption files of the creative."),
        "ClosedCaptionFile": entry("3.9.5", "ClosedCaptionFile", "One caption file, with its `type` and `language`."),
        "VideoClicks": entry("3.10", "VideoClicks", "What a click on the Linear creative does: its landing page and its click tracking."),
        "ClickThrough": entry("3.10.1", "ClickThrough", "The landing page the player opens when the viewer clicks the ad."),
        "ClickTracking": entry("3.10.2", "ClickTracking", "A URI requested when the viewer clicks the ad; every hop of a wrapper chain may add its own."),
        "CustomClick": entry("3.10.3", "CustomClick", "A URI for clicks other than the click-through, such as those inside an interactive creative."),
        "Icons": entry("3.11", "Icons", "Industry icons shown over the Linear creative (such as the AdChoices icon)."),
        "Icon": entry("3.11.1", "Icon", "One icon: its `program`, size, place, timing and resource, with its own click and view tracking."),
        "IconViewTracking": entry("3.11.2", "IconViewTracking", "A URI requested when the icon is shown."),
        "IconClicks": entry("3.11.3", "IconClicks", "What a click on the icon does."),
        "IconClickThrough": entry("3.11.4", "IconClickThrough", "The page opened when the icon is clicked."),
        "IconClickTracking": entry("3.11.5", "IconClickTracking", "A URI requested when the icon is clicked."),
        "IconClickFallbackImages": entry("3.11.6", "IconClickFallbackImages", "Images to show when the icon's click-through cannot be opened (on a device without a browser)."),
        "IconClickFallbackImage": entry("3.11.6.1", "IconClickFallbackImage", "One fallback image, with its size and `<AltText>`."),
        "NonLinearAds": entry("3.12", "NonLinearAds", "Creatives shown over the content while it plays (overlays), with their tracking."),
        "NonLinear": entry("3.12.1", "NonLinear", "One overlay: its size, its resource and how long it stays (`minSuggestedDuration`)."),
        "NonLinearClickThrough": entry("3.12.2", "NonLinearClickThrough", "The page opened when the overlay is clicked."),
        "NonLinearClickTracking": entry("3.12.3", "NonLinearClickTracking", "A URI requested when the overlay is clicked."),
        "CompanionAds": entry("3.13", "CompanionAds", "Companions shown beside the player; `required` says whether all, any or none of them must show with the ad."),
        "Companion": entry("3.13.1", "Companion", "One companion: its size, its resource, its click-through and tracking."),
        "AltText": entry("3.13.2", "AltText", "Text to show in place of the image when it cannot be shown (and for screen readers)."),
        "CompanionClickThrough": entry("3.13.3", "CompanionClickThrough", "The page opened when the companion is clicked."),
        "CompanionClickTracking": entry("3.13.4", "CompanionClickTracking", "A URI requested when the companion is clicked."),
        "TrackingEvents": entry("3.14.2", "TrackingEvents", "The creative's tracking: `<Tracking>` elements, one URI per event."),
        "Tracking": entry("3.14.3", "Tracking", "A URI requested when the event named by `event` happens (start, the quartiles, complete, pause, ...); `progress` events also give an `offset`."),
        "StaticResource": entry("3.15.1", "StaticResource", "An image (or other static file) to show, with its MIME type in `creativeType`."),
        "IFrameResource": entry("3.15.2", "IFrameResource", "A URI of a page to load in an iframe."),
        "HTMLResource": entry("3.15.3", "HTMLResource", "An HTML snippet to insert into the page."),
        "AdVerifications": entry("3.16", "AdVerifications", "The verification vendors' code to load with the ad (Open Measurement)."),
        "Verification": entry("3.17", "Verification", "One verification vendor (`vendor`), with its script, parameters and tracking."),
        "JavaScriptResource": entry("3.17.1", "JavaScript Resource", "The URI of the verification script, with its `apiFramework` (omid) and whether it may run outside a browser (`browserOptional`)."),
        "ExecutableResource": entry("3.17.2", "ExecutableResource", "Verification code that is not JavaScript, with its `type` and `apiFramework`."),
        "VerificationParameters": entry("3.17.5", "VerificationParameters", "Data the verification script receives when it starts."),
        "Extensions": entry("3.18", "Extensions", "Custom data that VAST does not define, in `<Extension>` elements."),
        "Extension": entry("3.18.1", "Extension", "One piece of custom data; its `type` names what it is, and players that do not know it ignore it."),
        "VASTAdTagURI": entry("3.19.1", "VASTAdTagURI", "The URI of the next VAST response in a wrapper chain, which the player requests to continue."),
        "BlockedAdCategories": entry("3.19.2", "BlockedAdCategories", "In a wrapper, ad categories that ads further down the chain must not have; an InLine ad of such a category is rejected (error 205)."),
    ]
}
