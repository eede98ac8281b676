import ConformCore
import Foundation
import XMLCore

/// Ids of the findings the decoder itself makes. The rules layer documents each one.
public enum DecodeRuleID {
    public static let notWellFormed = "XML-not-well-formed"
    public static let namespaceError = "XML-namespace-error"
    public static let entityExpansion = "XML-entity-expansion"
    public static let dtdPresent = "XML-dtd-present"
    public static let entityReference = "XML-entity-reference"
    public static let inputTooLarge = "XML-input-too-large"
    public static let rootElement = "VAST-2.0-root-element"
    public static let unsupportedVAST1 = "VAST-1.0-unsupported"
    public static let timeFormat = "VAST-2.0-time-format"
    public static let offsetFormat = "VAST-3.0-offset-format"
    public static let integerValue = "VAST-2.0-integer-value"
    public static let booleanValue = "VAST-2.0-boolean-value"
    public static let vmapTimeOffsetFormat = "VMAP-1.0-timeoffset-format"
    public static let vmapRepeatAfterFormat = "VMAP-1.0-repeatafter-format"
    public static let vmapNamespace = "VMAP-1.0-namespace"

    /// Every id above.
    public static let all: [String] = [
        notWellFormed, namespaceError, entityExpansion, dtdPresent, entityReference, inputTooLarge, rootElement, unsupportedVAST1,
        timeFormat, offsetFormat, integerValue, booleanValue, vmapTimeOffsetFormat, vmapRepeatAfterFormat, vmapNamespace,
    ]
}

/// A finding of the parse or decode step: what and where, under the id of the rule that documents it. It has
/// no severity and no spec reference: those are the documenting rule's (the rules layer gives them), so the
/// two can never disagree.
public struct DecodeFinding: Sendable, Codable, Hashable {
    public var ruleID: String
    public var message: String
    public var position: SourcePosition?
    /// The element's path (`/VAST/Ad[1]/InLine`), when the finding is about one.
    public var path: String?
    public var details: [String: String]

    public init(ruleID: String, message: String, position: SourcePosition? = nil, path: String? = nil, details: [String: String] = [:]) {
        self.ruleID = ruleID
        self.message = message
        self.position = position
        self.path = path
        self.details = details
    }
}

/// What one input decoded to: the XML document, the VAST or VMAP model when the root is one, and
/// every finding of the parse and decode steps.
public struct DecodedInput: Sendable, Encodable, Hashable {
    public var xml: XMLDocument
    public var vast: VASTDocument?
    public var vmap: VMAPDocument?
    /// The root element's qualified name, if any.
    public var rootName: String?
    /// The findings of the parse and decode steps, in the order they were made.
    public var findings: [DecodeFinding]

    public init(xml: XMLDocument, vast: VASTDocument?, vmap: VMAPDocument?, rootName: String?, findings: [DecodeFinding]) {
        self.xml = xml
        self.vast = vast
        self.vmap = vmap
        self.rootName = rootName
        self.findings = findings
    }

    /// The document parsed and its root is `<VAST>` or `<VMAP>`.
    public var isDecoded: Bool { vast != nil || vmap != nil }
}

/// Decodes VAST 2.0–4.4 and VMAP 1.0 from bytes or an element tree.
public enum VASTDecoder {
    /// Parses and decodes raw bytes. The tree of a document that is not well-formed is never decoded.
    public static func decode(_ data: Data, options: XMLParseOptions = .default) -> DecodedInput {
        var input = decode(document: XMLParser.parse(data, options: options))
        if !input.xml.isWellFormed, looksLikeHTML(data) {
            // The parser's messages about an HTML page (unclosed <meta>, <br>) do not say what happened.
            input.findings.insert(DecodeFinding(
                ruleID: DecodeRuleID.notWellFormed,
                message: "the input is an HTML page, not a VAST or VMAP document: the ad server (or a proxy) answered with a web page, an error or login page perhaps, instead of an ad response",
                position: .start),
                at: 0)
        }
        return input
    }

    /// Whether `data` starts (after a byte order mark and white space) with `<!DOCTYPE html` or `<html`.
    static func looksLikeHTML(_ data: Data) -> Bool {
        var bytes = data.prefix(512)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = String(decoding: bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.prefix(20), as: UTF8.self).lowercased()
        return text.hasPrefix("<!doctype html") || text.hasPrefix("<html")
    }

    /// Parses and decodes a string (UTF-8).
    public static func decode(_ string: String) -> DecodedInput { decode(Data(string.utf8)) }

    /// Decodes an already parsed document.
    public static func decode(document: XMLDocument) -> DecodedInput {
        var findings = xmlFindings(document)
        guard let root = document.root else {
            return DecodedInput(xml: document, vast: nil, vmap: nil, rootName: nil, findings: findings)
        }
        // The result is made once, at the end: filling in a value made up front copied it whole.
        let context = DecodeContext()
        var vast: VASTDocument?
        var vmap: VMAPDocument?
        switch root.name {
        case "VAST":
            vast = decodeVAST(root, context)
        case "VMAP":
            vmap = decodeVMAP(root, context)
        case "VideoAdServingTemplate":
            context.report(DecodeRuleID.unsupportedVAST1,
                           "the root <VideoAdServingTemplate> is VAST 1.0, which is not supported (IAB error 102); serve VAST 2.0 or later",
                           root)
        default:
            let page = root.name.lowercased() == "html"
                ? ": an HTML page, not an ad response (the ad server or a proxy answered with a web page)" : ""
            context.report(DecodeRuleID.rootElement,
                           "the root element is <\(root.qualifiedName)>, expected <VAST> (or <VMAP>)\(page)", root)
        }
        findings += context.findings
        return DecodedInput(xml: document, vast: vast, vmap: vmap, rootName: root.qualifiedName, findings: findings)
    }

    /// The parser's messages as findings.
    static func xmlFindings(_ document: XMLDocument) -> [DecodeFinding] {
        var out: [DecodeFinding] = []
        var seen = Set<String>()
        for message in document.messages {
            // libxml2 repeats some messages (an entity loop is reported once per expansion attempt).
            guard seen.insert("\(message.position?.description ?? "-") \(message.code) \(message.message)").inserted else { continue }
            let ruleID: String
            if (message.code == -1 && message.message.contains("larger than the limit"))
                || message.message.contains("XML_PARSE_HUGE") || message.message.contains("huge text node")
                || message.message.contains("Huge input lookup") {
                // conform's byte limit, or one of libxml2's resource limits (depth, name or text size).
                ruleID = DecodeRuleID.inputTooLarge
            } else if message.code == XMLMessage.entityLoopCode {
                ruleID = DecodeRuleID.entityExpansion
            } else if message.domain == XMLMessage.namespaceDomain {
                ruleID = DecodeRuleID.namespaceError
            } else if message.level == .warning || message.code == XMLMessage.undeclaredEntityWarningCode {
                // Warnings (for example a refused external entity) never break well-formedness.
                ruleID = DecodeRuleID.entityReference
            } else {
                ruleID = DecodeRuleID.notWellFormed
            }
            out.append(DecodeFinding(
                ruleID: ruleID, message: "XML: \(message.message)", position: message.position ?? .start,
                details: ["libxml2Code": String(message.code)]))
        }
        if document.hasDTD {
            out.append(DecodeFinding(
                ruleID: DecodeRuleID.dtdPresent,
                message: "the document has a DOCTYPE; VAST documents do not use DTDs, and conform neither loads nor expands them",
                position: .start))
        }
        if document.messagesTruncated {
            out.append(DecodeFinding(ruleID: DecodeRuleID.notWellFormed, message: "more XML messages were produced than are shown"))
        }
        return out
    }
}

/// Collects findings and unknown nodes during one decode. Not shared across threads.
final class DecodeContext {
    var findings: [DecodeFinding] = []
    var unknownNodes: [UnknownNode] = []

    func report(_ ruleID: String, _ message: String, _ element: XMLElement) {
        findings.append(DecodeFinding(ruleID: ruleID, message: message, position: element.position, path: element.path))
    }
}

/// Reads one element, remembering which attributes and children were consumed so that the rest can
/// be reported as unknown.
struct Reader {
    let element: XMLElement
    /// Not reference-counted: a reader lives inside one decode call, which holds the context.
    unowned(unsafe) let context: DecodeContext
    /// How many attributes and children the element has, read once. The look-ups below read them through
    /// the element itself: views of them would hold the document twice more, a reference count each to
    /// take and to drop per reader.
    private let attributeCount: Int
    private let childCount: Int
    /// Bit i set: attribute i was read (attributes past 64 are tracked by name in `extras`).
    private var usedAttributeBits: UInt64 = 0
    /// Bit i set: child i's name was asked for (children past 64 are tracked by name in `extras`).
    private var usedChildBits: UInt64 = 0
    /// Names read past the 64 bits, for elements with more attributes or children than that. Optional, so
    /// that the usual reader, which never needs it, has no arrays to release.
    private var extras: Extras?

    private struct Extras {
        var attributes: [String] = []
        var children: [String] = []
    }

    private mutating func noteExtra(attribute name: String? = nil, child: String? = nil) {
        // Taken out first, so that the arrays are not shared while they grow.
        var taken = extras ?? Extras()
        extras = nil
        if let name { taken.attributes.append(name) }
        if let child { taken.children.append(child) }
        extras = taken
    }

    init(_ element: XMLElement, _ context: DecodeContext) {
        self.element = element
        self.context = context
        attributeCount = element.attributeCount
        childCount = element.childCount
    }

    var position: SourcePosition { element.position }
    var path: String { element.path }

    mutating func string(_ name: String) -> String? {
        for i in 0 ..< attributeCount where element[attribute: i].name.isSameName(name) {
            if i < 64 { usedAttributeBits |= 1 << UInt64(i) } else { noteExtra(attribute: name) }
            return element[attribute: i].value
        }
        return nil
    }

    mutating func int(_ name: String) -> Attr<Int>? {
        guard let raw = string(name) else { return nil }
        let value = parseXMLInteger(raw)
        if value == nil {
            context.report(DecodeRuleID.integerValue,
                           "\(element.name)@\(name) is \"\(raw)\", not an integer", element)
        }
        return Attr(raw: raw, value: value)
    }

    mutating func bool(_ name: String) -> Attr<Bool>? {
        guard let raw = string(name) else { return nil }
        let value = parseXMLBoolean(raw)
        if value == nil {
            context.report(DecodeRuleID.booleanValue,
                           "\(element.name)@\(name) is \"\(raw)\", not a boolean (true or false)", element)
        }
        return Attr(raw: raw, value: value)
    }

    mutating func time(_ name: String) -> Attr<VASTTime>? {
        guard let raw = string(name) else { return nil }
        return Reader.time(raw, what: "\(element.name)@\(name)", element, context)
    }

    static func time(_ raw: String, what: String, _ element: XMLElement, _ context: DecodeContext) -> Attr<VASTTime> {
        let trimmed = raw.trimmingWhitespace()
        let value = VASTTime(parsing: trimmed)
        if value == nil {
            context.report(DecodeRuleID.timeFormat,
                           "\(what) is \"\(trimmed)\", not a time in the form HH:MM:SS or HH:MM:SS.mmm", element)
        }
        return Attr(raw: trimmed, value: value)
    }

    mutating func offset(_ name: String) -> Attr<VASTOffset>? {
        guard let raw = string(name) else { return nil }
        let trimmed = raw.trimmingWhitespace()
        let value = VASTOffset(parsing: trimmed)
        if value == nil {
            context.report(DecodeRuleID.offsetFormat,
                           "\(element.name)@\(name) is \"\(trimmed)\", not HH:MM:SS, HH:MM:SS.mmm or a percentage n% from 0 to 100", element)
        }
        return Attr(raw: trimmed, value: value)
    }

    /// Marks child `i` as read.
    private mutating func markChild(_ i: Int, _ name: String) {
        if i < 64 {
            usedChildBits |= 1 << UInt64(i)
        } else if !(extras?.children.contains(name) ?? false) {
            noteExtra(child: name)
        }
    }

    mutating func children(_ name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        for i in 0 ..< childCount where element.childName(at: i).isSameName(name) {
            markChild(i, name)
            // Room for every child at the first match: growing one by one moved the elements each time.
            if found.isEmpty { found.reserveCapacity(childCount - i) }
            found.append(element.child(at: i))
        }
        return found
    }

    mutating func child(_ name: String) -> XMLElement? {
        var first = -1
        for i in 0 ..< childCount where element.childName(at: i).isSameName(name) {
            markChild(i, name)
            if first < 0 { first = i }
        }
        return first >= 0 ? element.child(at: first) : nil
    }

    /// The first child named `name`, and the later ones (an element the spec allows once, repeated); the list is
    /// made only when there are repeats, so the usual single child costs what ``child(_:)`` does.
    mutating func childAndRepeats(_ name: String) -> (first: XMLElement?, repeats: [XMLElement]) {
        var first = -1
        var repeats: [XMLElement] = []
        for i in 0 ..< childCount where element.childName(at: i).isSameName(name) {
            markChild(i, name)
            if first < 0 { first = i } else { repeats.append(element.child(at: i)) }
        }
        return (first >= 0 ? element.child(at: first) : nil, repeats)
    }

    mutating func text(_ name: String) -> TextNode? { child(name).map(Reader.textNode) }

    mutating func texts(_ name: String) -> [TextNode] { children(name).map(Reader.textNode) }

    static func textNode(_ element: XMLElement) -> TextNode { TextNode(of: element) }

    /// Reports every attribute and child that was not consumed.
    mutating func finish() {
        // By index, so that only what is reported is read out of the element.
        for i in 0 ..< attributeCount {
            if i < 64 ? (usedAttributeBits & (1 << UInt64(i)) != 0) : (extras?.attributes.contains(element[attribute: i].name) ?? false) { continue }
            let attribute = element[attribute: i]
            if attribute.prefix == "xsi" || attribute.prefix == "xml" { continue }
            context.unknownNodes.append(UnknownNode(
                kind: .attribute, name: attribute.qualifiedName, parent: element.name,
                path: element.path, position: element.position))
        }
        guard childCount > 0 else { return }
        for i in 0 ..< childCount {
            if i < 64 ? (usedChildBits & (1 << UInt64(i)) != 0) : (extras?.children.contains(element.childName(at: i)) ?? false) { continue }
            let child = element.child(at: i)
            context.unknownNodes.append(UnknownNode(
                kind: .element, name: child.qualifiedName, parent: element.name,
                path: child.path, position: child.position))
        }
    }
}
