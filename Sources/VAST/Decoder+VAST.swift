import ConformCore
import XMLCore

extension VASTDecoder {
    static func decodeVAST(_ root: XMLElement, _ context: DecodeContext) -> VASTDocument {
        var r = Reader(root, context)
        let declared = r.string("version")
        let errors = r.texts("Error")
        let ads = r.children("Ad").map { decodeAd($0, context) }
        r.finish()
        return VASTDocument(
            declaredVersion: declared, version: declared.flatMap(VASTVersion.init(declared:)), errors: errors,
            ads: ads, position: root.position, path: root.path, namespaceURI: root.namespaceURI,
            unknownNodes: context.unknownNodes)
    }

    static func decodeAd(_ element: XMLElement, _ context: DecodeContext) -> Ad {
        var r = Reader(element, context)
        let inLines = r.children("InLine")
        let wrappers = r.children("Wrapper")
        let ad = Ad(
            id: r.string("id"), sequence: r.int("sequence"), adType: r.string("adType"),
            conditionalAd: r.bool("conditionalAd"),
            inLine: inLines.first.map { decodeBody($0, .inLine, context) },
            wrapper: wrappers.first.map { decodeBody($0, .wrapper, context) },
            inLineCount: inLines.count, wrapperCount: wrappers.count,
            position: element.position, path: element.path)
        r.finish()
        return ad
    }

    static func decodeBody(_ element: XMLElement, _ kind: AdBody.Kind, _ context: DecodeContext) -> AdBody {
        var r = Reader(element, context)
        var counts: [String: Int] = [:]
        counts.reserveCapacity(element.children.count)
        for child in element.children { counts[child.name, default: 0] += 1 }
        let adSystem = r.child("AdSystem").map { e -> AdSystem in
            var sub = Reader(e, context)
            let value = AdSystem(name: e.trimmedText, version: sub.string("version"), position: e.position, path: e.path)
            sub.finish()
            return value
        }
        let advertiser = r.child("Advertiser").map { e -> Advertiser in
            var sub = Reader(e, context)
            let value = Advertiser(name: e.trimmedText, id: sub.string("id"), position: e.position)
            sub.finish()
            return value
        }
        let pricing = r.child("Pricing").map { e -> Pricing in
            var sub = Reader(e, context)
            let value = Pricing(value: e.trimmedText, model: sub.string("model"), currency: sub.string("currency"),
                                position: e.position, path: e.path)
            sub.finish()
            return value
        }
        let survey = r.child("Survey").map { e -> Survey in
            var sub = Reader(e, context)
            let value = Survey(url: Reader.textNode(e), type: sub.string("type"))
            sub.finish()
            return value
        }
        let expires = r.child("Expires").map { e -> Attr<Int> in
            let raw = e.trimmedText
            let value = parseXMLInteger(raw)
            if value == nil {
                context.report(DecodeRuleID.integerValue, "Expires is \"\(raw)\", not a whole number of seconds", e)
            }
            return Attr(raw: raw, value: value)
        }
        let impressions = r.children("Impression").map { e -> TextNode in
            var sub = Reader(e, context)
            _ = sub.string("id")
            sub.finish()
            return Reader.textNode(e)
        }
        let errors = r.texts("Error")
        let verificationsElement = r.child("AdVerifications")
        let verifications = verificationsElement.map { decodeVerifications($0, context) } ?? []
        var tagURI: TextNode?
        var legacy = false
        let tagURIs = r.children("VASTAdTagURI")
        let tagURICount = tagURIs.count
        if let first = tagURIs.first { tagURI = Reader.textNode(first) }
        for legacyElement in r.children("VASTAdTagURL") {
            var sub = Reader(legacyElement, context)
            if let url = sub.child("URL") {
                if tagURI == nil { tagURI = Reader.textNode(url); legacy = true }
            }
            sub.finish()
        }
        let extensions = decodeExtensions(r.child("Extensions"), "Extension", context)
        let creativesElement = r.child("Creatives")
        var creatives: [Creative] = []
        if let creativesElement {
            var sub = Reader(creativesElement, context)
            creatives = sub.children("Creative").map { decodeCreative($0, context) }
            sub.finish()
        }
        let body = AdBody(
            kind: kind,
            adSystem: adSystem,
            adTitle: r.text("AdTitle"),
            description: r.text("Description"),
            advertiser: advertiser,
            pricing: pricing,
            survey: survey,
            errors: errors,
            impressions: impressions,
            categories: r.children("Category").map { decodeCategory($0, context) },
            adServingId: r.text("AdServingId"),
            expires: expires,
            viewableImpression: r.child("ViewableImpression").map { decodeViewable($0, context) },
            adVerifications: verifications,
            hasAdVerificationsElement: verificationsElement != nil,
            extensionVerifications: decodeExtensionVerifications(extensions, context),
            blockedAdCategories: r.children("BlockedAdCategories").map { decodeCategory($0, context) },
            vastAdTagURI: tagURI,
            usesLegacyAdTagURL: legacy,
            vastAdTagURICount: tagURICount,
            followAdditionalWrappers: r.bool("followAdditionalWrappers"),
            allowMultipleAds: r.bool("allowMultipleAds"),
            fallbackOnNoAd: r.bool("fallbackOnNoAd"),
            extensions: extensions,
            creatives: creatives,
            hasCreativesElement: creativesElement != nil,
            position: element.position,
            path: element.path,
            childCounts: counts,
            ctvAdPortfolios: extensions.filter { $0.type == "ctv_ad_portfolio" }.map(decodeCTVAdPortfolio))
        r.finish()
        return body
    }

    /// The content of an `<Extension type="ctv_ad_portfolio">` (the CTV Ad Portfolio form for VAST 2.0 to 4.3)
    /// in the NonLinear-side model of the native 4.4 form. Extension content is outside the VAST schema, so
    /// decoding it reports nothing (rules read it and report what they check).
    static func decodeCTVAdPortfolio(_ ext: Extension) -> CTVAdPortfolio {
        let e = ext.element
        let scratch = DecodeContext()
        var r = Reader(e, scratch)
        let durationElement = r.child("Duration")
        let mediaFilesElement = r.child("MediaFiles")
        let (mediaFiles, _, interactive, _) = decodeMediaFiles(mediaFilesElement, scratch)
        let nonLinear = NonLinear(
            resources: [], adParameters: r.child("AdParameters").map { decodeAdParameters($0, scratch) },
            clickThrough: r.text("NonLinearClickThrough"), clickTrackings: r.texts("NonLinearClickTracking"),
            position: e.position, path: e.path,
            duration: durationElement.map { Reader.time($0.text, what: "Duration", $0, scratch) },
            durationPosition: durationElement?.position, mediaFiles: mediaFiles, interactiveCreativeFiles: interactive,
            mediaFilesPosition: mediaFilesElement?.position, customClicks: r.texts("NonLinearCustomClick"),
            source: .ctvAdPortfolioExtension)
        var icons: [Icon] = []
        if let iconsElement = r.child("Icons") {
            var ir = Reader(iconsElement, scratch)
            icons = ir.children("Icon").map { decodeIcon($0, scratch) }
            ir.finish()
        }
        let nonLinearAds = NonLinearAds(nonLinears: [nonLinear], trackingEvents: decodeTracking(r.child("TrackingEvents"), scratch),
                                        position: e.position, path: e.path, icons: icons)
        let value = CTVAdPortfolio(
            creativeId: r.child("CreativeId").map(Reader.textNode), nonLinearAds: nonLinearAds,
            creativeExtensions: decodeExtensions(r.child("CreativeExtensions"), "CreativeExtension", scratch),
            position: e.position, path: e.path)
        r.finish()
        return value
    }

    static func decodeCategory(_ e: XMLElement, _ context: DecodeContext) -> Category {
        var sub = Reader(e, context)
        let value = Category(value: e.trimmedText, authority: sub.string("authority"), position: e.position, path: e.path)
        sub.finish()
        return value
    }

    static func decodeViewable(_ e: XMLElement, _ context: DecodeContext) -> ViewableImpression {
        var r = Reader(e, context)
        let value = ViewableImpression(
            id: r.string("id"), viewable: r.texts("Viewable"), notViewable: r.texts("NotViewable"),
            viewUndetermined: r.texts("ViewUndetermined"), position: e.position)
        r.finish()
        return value
    }

    /// The verifications of every `<Extension type="AdVerifications">`: before VAST 4.1 the extension carries
    /// an `<AdVerifications>` of the 4.1 form (some tags put the `<Verification>` elements directly in it).
    static func decodeExtensionVerifications(_ extensions: [Extension], _ context: DecodeContext) -> [Verification] {
        var out: [Verification] = []
        for ext in extensions where ext.type == "AdVerifications" {
            for child in ext.element.children {
                switch child.name {
                case "AdVerifications": out += decodeVerifications(child, context, fromExtension: true)
                case "Verification": out.append(decodeVerification(child, context, fromExtension: true))
                default: continue
                }
            }
        }
        return out
    }

    static func decodeVerifications(_ e: XMLElement, _ context: DecodeContext, fromExtension: Bool = false) -> [Verification] {
        var r = Reader(e, context)
        let list = r.children("Verification").map { decodeVerification($0, context, fromExtension: fromExtension) }
        r.finish()
        return list
    }

    static func decodeVerification(_ v: XMLElement, _ context: DecodeContext, fromExtension: Bool) -> Verification {
        var vr = Reader(v, context)
        let js = vr.children("JavaScriptResource").map { x -> VerificationResource in
            var xr = Reader(x, context)
            let value = VerificationResource(url: Reader.textNode(x), apiFramework: xr.string("apiFramework"),
                                             browserOptional: xr.bool("browserOptional"), type: nil)
            xr.finish()
            return value
        }
        let exe = vr.children("ExecutableResource").map { x -> VerificationResource in
            var xr = Reader(x, context)
            let value = VerificationResource(url: Reader.textNode(x), apiFramework: xr.string("apiFramework"),
                                             browserOptional: nil, type: xr.string("type"))
            xr.finish()
            return value
        }
        let value = Verification(
            vendor: vr.string("vendor"), javaScriptResources: js, executableResources: exe,
            verificationParameters: vr.text("VerificationParameters"),
            trackingEvents: decodeTracking(vr.child("TrackingEvents"), context),
            position: v.position, path: v.path, fromExtension: fromExtension)
        vr.finish()
        return value
    }

    static func decodeExtensions(_ container: XMLElement?, _ name: String, _ context: DecodeContext) -> [Extension] {
        guard let container else { return [] }
        var r = Reader(container, context)
        let list = r.children(name).map { Extension(type: $0.attribute("type"), element: $0) }
        r.finish()
        return list
    }

    static func decodeTracking(_ container: XMLElement?, _ context: DecodeContext) -> [TrackingEvent] {
        guard let container else { return [] }
        var r = Reader(container, context)
        let list = r.children("Tracking").map { t -> TrackingEvent in
            var tr = Reader(t, context)
            let value = TrackingEvent(event: tr.string("event"), offset: tr.offset("offset"), url: Reader.textNode(t))
            tr.finish()
            return value
        }
        r.finish()
        return list
    }

    static func decodeCreative(_ e: XMLElement, _ context: DecodeContext) -> Creative {
        var r = Reader(e, context)
        let ids = r.children("UniversalAdId").map { u -> UniversalAdId in
            var ur = Reader(u, context)
            let value = UniversalAdId(value: u.trimmedText, idRegistry: ur.string("idRegistry"),
                                      idValue: ur.string("idValue"), position: u.position, path: u.path)
            ur.finish()
            return value
        }
        // VAST 4.0 spelled the attribute `adId`; 2.0/3.0 wrote `AdID`.
        let adId = r.string("adId") ?? r.string("AdID")
        let linears = r.childAndRepeats("Linear")
        let nonLinearAds = r.childAndRepeats("NonLinearAds")
        let companionAds = r.childAndRepeats("CompanionAds")
        var repeated: Creative.RepeatedKinds?
        if !linears.repeats.isEmpty || !nonLinearAds.repeats.isEmpty || !companionAds.repeats.isEmpty {
            // Repeats are decoded for the tracking inventory only: their findings are not reported (the repeat
            // itself is, by the structure rules), as before they were decoded.
            let scratch = DecodeContext()
            repeated = Creative.RepeatedKinds(
                linears: linears.repeats.map { decodeLinear($0, scratch) },
                nonLinearAds: nonLinearAds.repeats.map { decodeNonLinearAds($0, scratch) },
                companionAds: companionAds.repeats.map { decodeCompanionAds($0, scratch) })
        }
        let creative = Creative(
            id: r.string("id"), adId: adId, sequence: r.int("sequence"), apiFramework: r.string("apiFramework"),
            universalAdIds: ids,
            creativeExtensions: decodeExtensions(r.child("CreativeExtensions"), "CreativeExtension", context),
            linear: linears.first.map { decodeLinear($0, context) },
            nonLinearAds: nonLinearAds.first.map { decodeNonLinearAds($0, context) },
            companionAds: companionAds.first.map { decodeCompanionAds($0, context) },
            position: e.position, path: e.path, repeated: repeated)
        r.finish()
        return creative
    }

    static func decodeLinear(_ e: XMLElement, _ context: DecodeContext) -> Linear {
        var r = Reader(e, context)
        let durationElement = r.child("Duration")
        let duration = durationElement.map { Reader.time($0.text, what: "Duration", $0, context) }
        let mediaFilesElement = r.child("MediaFiles")
        let (mediaFiles, mezzanines, interactive, captions) = decodeMediaFiles(mediaFilesElement, context)
        let clicksElements = r.childAndRepeats("VideoClicks")
        let videoClicks = clicksElements.first.map { decodeVideoClicks($0, context) }
        var icons: [Icon] = []
        if let iconsElement = r.child("Icons") {
            var ir = Reader(iconsElement, context)
            icons = ir.children("Icon").map { decodeIcon($0, context) }
            ir.finish()
        }
        let trackingElements = r.childAndRepeats("TrackingEvents")
        var repeatedTracking: [TrackingEvent] = []
        var repeatedClicks: [VideoClicks] = []
        if !trackingElements.repeats.isEmpty || !clicksElements.repeats.isEmpty {
            // Repeats, for the tracking inventory only (see decodeCreative).
            let scratch = DecodeContext()
            repeatedTracking = trackingElements.repeats.flatMap { decodeTracking($0, scratch) }
            repeatedClicks = clicksElements.repeats.map { decodeVideoClicks($0, scratch) }
        }
        let linear = Linear(
            skipoffset: r.offset("skipoffset"), duration: duration, durationPosition: durationElement?.position,
            mediaFiles: mediaFiles, hasMediaFilesElement: mediaFilesElement != nil, mezzanines: mezzanines,
            interactiveCreativeFiles: interactive, closedCaptionFiles: captions,
            adParameters: r.child("AdParameters").map { decodeAdParameters($0, context) },
            videoClicks: videoClicks, trackingEvents: decodeTracking(trackingElements.first, context),
            icons: icons, position: e.position, path: e.path, repeatedTrackingEvents: repeatedTracking,
            repeatedVideoClicks: repeatedClicks)
        r.finish()
        return linear
    }

    /// The content of a `<MediaFiles>` (of a Linear, or of a VAST 4.4 NonLinear): media files, mezzanines,
    /// interactive creative files and closed-caption files.
    static func decodeMediaFiles(_ element: XMLElement?, _ context: DecodeContext)
        -> ([MediaFile], [MediaFile], [InteractiveCreativeFile], [ClosedCaptionFile]) {
        guard let element else { return ([], [], [], []) }
        var mr = Reader(element, context)
        let mediaFiles = mr.children("MediaFile").map { decodeMediaFile($0, context) }
        let mezzanines = mr.children("Mezzanine").map { decodeMediaFile($0, context) }
        let interactive = mr.children("InteractiveCreativeFile").map { x in
            var xr = Reader(x, context)
            let value = InteractiveCreativeFile(url: Reader.textNode(x), type: xr.string("type"),
                                                apiFramework: xr.string("apiFramework"),
                                                variableDuration: xr.bool("variableDuration"))
            xr.finish()
            return value
        }
        var captions: [ClosedCaptionFile] = []
        if let ccs = mr.child("ClosedCaptionFiles") {
            var cr = Reader(ccs, context)
            captions = cr.children("ClosedCaptionFile").map { x in
                var xr = Reader(x, context)
                let value = ClosedCaptionFile(url: Reader.textNode(x), type: xr.string("type"), language: xr.string("language"))
                xr.finish()
                return value
            }
            cr.finish()
        }
        mr.finish()
        return (mediaFiles, mezzanines, interactive, captions)
    }

    static func decodeVideoClicks(_ e: XMLElement, _ context: DecodeContext) -> VideoClicks {
        var cr = Reader(e, context)
        let throughs = cr.childAndRepeats("ClickThrough")
        let value = VideoClicks(clickThrough: throughs.first.map(Reader.textNode), clickTrackings: cr.texts("ClickTracking"),
                                customClicks: cr.texts("CustomClick"), repeatedClickThroughs: throughs.repeats.map(Reader.textNode))
        cr.finish()
        return value
    }

    static func decodeMediaFile(_ e: XMLElement, _ context: DecodeContext) -> MediaFile {
        var r = Reader(e, context)
        let file = MediaFile(
            url: Reader.textNode(e), id: r.string("id"), delivery: r.string("delivery"), type: r.string("type"),
            width: r.int("width"), height: r.int("height"), codec: r.string("codec"), bitrate: r.int("bitrate"),
            minBitrate: r.int("minBitrate"), maxBitrate: r.int("maxBitrate"), scalable: r.bool("scalable"),
            maintainAspectRatio: r.bool("maintainAspectRatio"), apiFramework: r.string("apiFramework"),
            fileSize: r.int("fileSize"), mediaType: r.string("mediaType"))
        r.finish()
        return file
    }

    static func decodeAdParameters(_ e: XMLElement, _ context: DecodeContext) -> AdParameters {
        var r = Reader(e, context)
        let encoded = r.bool("xmlEncoded")
        let raw = e.trimmedText
        // Text outside CDATA was already unescaped by the parser; CDATA content marked as XML-encoded
        // still carries its escapes.
        let decoded = (encoded?.value == true && e.cdataSections > 0) ? unescapeXML(raw) : raw
        r.finish()
        return AdParameters(raw: raw, decoded: decoded, xmlEncoded: encoded, position: e.position, path: e.path)
    }

    static func decodeResources(_ r: inout Reader, _ context: DecodeContext) -> [Resource] {
        var list: [Resource] = []
        for e in r.children("StaticResource") {
            var sr = Reader(e, context)
            list.append(Resource(kind: .staticResource, content: Reader.textNode(e), creativeType: sr.string("creativeType"), xmlEncoded: nil))
            sr.finish()
        }
        for e in r.children("IFrameResource") {
            var ir = Reader(e, context)
            ir.finish()
            list.append(Resource(kind: .iframe, content: Reader.textNode(e), creativeType: nil, xmlEncoded: nil))
        }
        for e in r.children("HTMLResource") {
            var hr = Reader(e, context)
            list.append(Resource(kind: .html, content: Reader.textNode(e), creativeType: nil, xmlEncoded: hr.bool("xmlEncoded")))
            hr.finish()
        }
        return list.sorted { $0.content.position < $1.content.position }
    }

    static func decodeIcon(_ e: XMLElement, _ context: DecodeContext) -> Icon {
        var r = Reader(e, context)
        var clickThrough: TextNode?
        var clickTrackings: [TextNode] = []
        var fallbacks: [IconClickFallbackImage] = []
        if let clicks = r.child("IconClicks") {
            var cr = Reader(clicks, context)
            clickThrough = cr.text("IconClickThrough")
            clickTrackings = cr.texts("IconClickTracking")
            if let images = cr.child("IconClickFallbackImages") {
                var ir = Reader(images, context)
                fallbacks = ir.children("IconClickFallbackImage").map { f in
                    var fr = Reader(f, context)
                    let resources = decodeResources(&fr, context)
                    let value = IconClickFallbackImage(
                        width: fr.int("width"), height: fr.int("height"), altText: fr.child("AltText")?.trimmedText,
                        resource: resources.first, position: f.position)
                    fr.finish()
                    return value
                }
                ir.finish()
            }
            cr.finish()
        }
        let icon = Icon(
            program: r.string("program"), width: r.int("width"), height: r.int("height"),
            xPosition: r.string("xPosition"), yPosition: r.string("yPosition"), duration: r.time("duration"),
            offset: r.time("offset"), apiFramework: r.string("apiFramework"), pxratio: r.string("pxratio"),
            altText: r.string("altText"), hoverText: r.string("hoverText"), resources: decodeResources(&r, context),
            clickThrough: clickThrough, clickTrackings: clickTrackings, clickFallbackImages: fallbacks,
            viewTrackings: r.texts("IconViewTracking"), position: e.position, path: e.path)
        r.finish()
        return icon
    }

    static func decodeNonLinearAds(_ e: XMLElement, _ context: DecodeContext) -> NonLinearAds {
        var r = Reader(e, context)
        let list = r.children("NonLinear").map { n -> NonLinear in
            var nr = Reader(n, context)
            let durationElement = nr.child("Duration")
            let mediaFilesElement = nr.child("MediaFiles")
            // A NonLinear's MediaFiles holds MediaFile and InteractiveCreativeFile (4.4 §3.12.3); Mezzanine
            // and closed captions are not used there, and rules report them from the element tree.
            let (mediaFiles, _, interactive, _) = decodeMediaFiles(mediaFilesElement, context)
            let value = NonLinear(
                id: nr.string("id"), width: nr.int("width"), height: nr.int("height"),
                expandedWidth: nr.int("expandedWidth"), expandedHeight: nr.int("expandedHeight"),
                scalable: nr.bool("scalable"), maintainAspectRatio: nr.bool("maintainAspectRatio"),
                minSuggestedDuration: nr.time("minSuggestedDuration"), apiFramework: nr.string("apiFramework"),
                resources: decodeResources(&nr, context),
                adParameters: nr.child("AdParameters").map { decodeAdParameters($0, context) },
                clickThrough: nr.text("NonLinearClickThrough"), clickTrackings: nr.texts("NonLinearClickTracking"),
                position: n.position, path: n.path,
                duration: durationElement.map { Reader.time($0.text, what: "Duration", $0, context) },
                durationPosition: durationElement?.position, mediaFiles: mediaFiles,
                interactiveCreativeFiles: interactive, mediaFilesPosition: mediaFilesElement?.position,
                customClicks: nr.texts("NonLinearCustomClick"))
            nr.finish()
            return value
        }
        var icons: [Icon] = []
        if let iconsElement = r.child("Icons") {
            var ir = Reader(iconsElement, context)
            icons = ir.children("Icon").map { decodeIcon($0, context) }
            ir.finish()
        }
        let trackingElements = r.childAndRepeats("TrackingEvents")
        // Repeats, for the tracking inventory only (see decodeCreative).
        let repeated = trackingElements.repeats.isEmpty ? []
            : trackingElements.repeats.flatMap { decodeTracking($0, DecodeContext()) }
        let value = NonLinearAds(nonLinears: list, trackingEvents: decodeTracking(trackingElements.first, context),
                                 position: e.position, path: e.path, repeatedTrackingEvents: repeated, icons: icons)
        r.finish()
        return value
    }

    static func decodeCompanionAds(_ e: XMLElement, _ context: DecodeContext) -> CompanionAds {
        var r = Reader(e, context)
        let list = r.children("Companion").map { c -> Companion in
            var cr = Reader(c, context)
            let value = Companion(
                id: cr.string("id"), width: cr.int("width"), height: cr.int("height"),
                assetWidth: cr.int("assetWidth"), assetHeight: cr.int("assetHeight"),
                expandedWidth: cr.int("expandedWidth"), expandedHeight: cr.int("expandedHeight"),
                apiFramework: cr.string("apiFramework"), adSlotId: cr.string("adSlotId") ?? cr.string("adSlotID"),
                pxratio: cr.string("pxratio"), renderingMode: cr.string("renderingMode"),
                resources: decodeResources(&cr, context), altText: cr.child("AltText")?.trimmedText,
                clickThrough: cr.text("CompanionClickThrough"), clickTrackings: cr.texts("CompanionClickTracking"),
                trackingEvents: decodeTracking(cr.child("TrackingEvents"), context),
                adParameters: cr.child("AdParameters").map { decodeAdParameters($0, context) },
                position: c.position, path: c.path)
            cr.finish()
            return value
        }
        let value = CompanionAds(required: r.string("required"), companions: list, position: e.position, path: e.path)
        r.finish()
        return value
    }
}

/// Undoes XML's five predefined entities and numeric character references.
public func unescapeXML(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var i = text.startIndex
    while i < text.endIndex {
        let c = text[i]
        if c == "&", let semicolon = text[i...].prefix(12).firstIndex(of: ";") {
            let entity = text[text.index(after: i)..<semicolon]
            var replacement: String?
            switch entity {
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "amp": replacement = "&"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if entity.hasPrefix("#x"), let v = UInt32(entity.dropFirst(2), radix: 16), let s = Unicode.Scalar(v) {
                    replacement = String(Character(s))
                } else if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()), let s = Unicode.Scalar(v) {
                    replacement = String(Character(s))
                }
            }
            if let replacement {
                out += replacement
                i = text.index(after: semicolon)
                continue
            }
        }
        out.append(c)
        i = text.index(after: i)
    }
    return out
}
