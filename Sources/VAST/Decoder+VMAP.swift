import ConformCore
import XMLCore

extension VASTDecoder {
    static func decodeVMAP(_ root: XMLElement, _ context: DecodeContext) -> VMAPDocument {
        var r = Reader(root, context)
        if root.namespaceURI != vmapNamespace {
            let message = root.namespaceURI.map {
                "<\(root.qualifiedName)> is in the namespace \"\($0)\"; VMAP 1.0 uses \"\(vmapNamespace)\" (the document is read anyway)"
            } ?? "<\(root.qualifiedName)> is in no namespace; VMAP 1.0 elements belong to \"\(vmapNamespace)\" (the document is read anyway)"
            context.report(DecodeRuleID.vmapNamespace, message, root)
        }
        let breaks = r.children("AdBreak").map { decodeAdBreak($0, context) }
        let doc = VMAPDocument(
            version: r.string("version"), prefix: root.prefix, namespaceURI: root.namespaceURI, adBreaks: breaks,
            extensions: decodeExtensions(r.child("Extensions"), "Extension", context),
            position: root.position, path: root.path, unknownNodes: [])
        r.finish()
        var result = doc
        result.unknownNodes = context.unknownNodes
        return result
    }

    static func decodeAdBreak(_ e: XMLElement, _ context: DecodeContext) -> AdBreak {
        var r = Reader(e, context)
        var timeOffset: Attr<VMAPTimeOffset>?
        if let raw = r.string("timeOffset") {
            let trimmed = raw.trimmingWhitespace()
            let value = VMAPTimeOffset(parsing: trimmed)
            if value == nil {
                context.report(DecodeRuleID.vmapTimeOffsetFormat,
                               "AdBreak@timeOffset is \"\(trimmed)\", not start, end, HH:MM:SS[.mmm], n% or #n", e)
            }
            timeOffset = Attr(raw: trimmed, value: value)
        }
        var repeatAfter: Attr<VASTTime>?
        if let raw = r.string("repeatAfter") {
            let trimmed = raw.trimmingWhitespace()
            let value = VASTTime(parsing: trimmed)
            if value == nil {
                context.report(DecodeRuleID.vmapRepeatAfterFormat,
                               "AdBreak@repeatAfter is \"\(trimmed)\", not HH:MM:SS[.mmm]", e)
            }
            repeatAfter = Attr(raw: trimmed, value: value)
        }
        let breakType = r.string("breakType")
        let sources = r.children("AdSource")
        var tracking: [VMAPTrackingEvent] = []
        if let events = r.child("TrackingEvents") {
            var tr = Reader(events, context)
            tracking = tr.children("Tracking").map { t in
                var x = Reader(t, context)
                let value = VMAPTrackingEvent(event: x.string("event"), url: Reader.textNode(t))
                x.finish()
                return value
            }
            tr.finish()
        }
        let value = AdBreak(
            timeOffset: timeOffset, breakType: breakType,
            breakTypes: (breakType ?? "").split(separator: ",").map { $0.trimmingWhitespace() },
            breakId: r.string("breakId"), repeatAfter: repeatAfter,
            adSource: sources.first.map { decodeAdSource($0, context) }, adSourceCount: sources.count,
            trackingEvents: tracking, extensions: decodeExtensions(r.child("Extensions"), "Extension", context),
            position: e.position, path: e.path)
        r.finish()
        return value
    }

    static func decodeAdSource(_ e: XMLElement, _ context: DecodeContext) -> AdSource {
        var r = Reader(e, context)
        let vastData = r.child("VASTAdData") ?? r.child("VASTData")
        let tag = r.child("AdTagURI")
        let custom = r.child("CustomAdData")
        var embedded: VASTDocument?
        var embeddedRoot: String?
        if let vastData {
            if let vastRoot = vastData.children.first(where: { $0.name == "VAST" }) {
                // The embedded document has its own unknown-node list.
                let inner = DecodeContext()
                embedded = decodeVAST(vastRoot, inner)
                context.findings += inner.findings
            } else {
                embeddedRoot = vastData.children.first?.qualifiedName ?? ""
            }
        }
        var templateType: String?
        if let tag {
            var tr = Reader(tag, context)
            templateType = tr.string("templateType")
            tr.finish()
        }
        let value = AdSource(
            id: r.string("id"), allowMultipleAds: r.bool("allowMultipleAds"), followRedirects: r.bool("followRedirects"),
            vastAdData: embedded, vastAdDataRoot: embeddedRoot, adTagURI: tag.map(Reader.textNode),
            adTagTemplateType: templateType, customAdData: custom.map(Reader.textNode),
            contentCount: [vastData, tag, custom].compactMap { $0 }.count, position: e.position, path: e.path)
        r.finish()
        return value
    }
}
