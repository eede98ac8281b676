import ConformCore

/// An attribute of an ``XMLElement``, as written in the document (entity references are not expanded).
public struct XMLAttribute: Sendable, Codable, Hashable {
    /// Local name, without prefix.
    public var name: String
    public var prefix: String?
    public var value: String

    public init(name: String, prefix: String? = nil, value: String) {
        self.name = name
        self.prefix = prefix
        self.value = value
    }

    /// `prefix:name` or `name`.
    public var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }
}

/// An immutable element of a parsed document. Value type: no pointer into libxml2 survives the parse.
///
/// The fields live in one shared, immutable node, so copying an element (rules and the decoder do it
/// constantly) costs one reference count instead of one per field.
public struct XMLElement: Sendable, Codable, Hashable {
    @usableFromInline
    final class Node: Sendable {
        @usableFromInline let name: String
        @usableFromInline let prefix: String?
        @usableFromInline let namespaceURI: String?
        @usableFromInline let attributes: [XMLAttribute]
        @usableFromInline let children: [XMLElement]
        @usableFromInline let text: String
        @usableFromInline let position: SourcePosition
        @usableFromInline let path: String
        @usableFromInline let cdataSections: Int
        @usableFromInline let hasTextOutsideCDATA: Bool
        @usableFromInline let hasEntityReference: Bool

        init(name: String, prefix: String?, namespaceURI: String?, attributes: [XMLAttribute], children: [XMLElement],
             text: String, position: SourcePosition, path: String, cdataSections: Int, hasTextOutsideCDATA: Bool,
             hasEntityReference: Bool) {
            self.name = name
            self.prefix = prefix
            self.namespaceURI = namespaceURI
            self.attributes = attributes
            self.children = children
            self.text = text
            self.position = position
            self.path = path
            self.cdataSections = cdataSections
            self.hasTextOutsideCDATA = hasTextOutsideCDATA
            self.hasEntityReference = hasEntityReference
        }
    }

    // Inlinable accessors: a caller in another module reads a field in place instead of receiving a
    // retained copy through a call.
    @usableFromInline let node: Node

    /// Local name, without prefix.
    @inlinable public var name: String { node.name }
    @inlinable public var prefix: String? { node.prefix }
    @inlinable public var namespaceURI: String? { node.namespaceURI }
    @inlinable public var attributes: [XMLAttribute] { node.attributes }
    @inlinable public var children: [XMLElement] { node.children }
    /// The direct character data of the element, text and CDATA sections concatenated, without
    /// leading and trailing XML whitespace (space, tab, CR, LF).
    @inlinable public var text: String { node.text }
    /// Where the start tag's `<` is: 1-based line and column (characters).
    @inlinable public var position: SourcePosition { node.position }
    /// The element path, such as `/VAST/Ad[1]/InLine/Creatives/Creative[2]/Linear`.
    /// Repeatable elements carry a 1-based index among their same-named siblings.
    @inlinable public var path: String { node.path }
    /// How many CDATA sections the element's direct content has.
    @inlinable public var cdataSections: Int { node.cdataSections }
    /// True when non-whitespace character data appears outside CDATA sections.
    @inlinable public var hasTextOutsideCDATA: Bool { node.hasTextOutsideCDATA }
    /// True when the content holds an unexpanded entity reference such as `&foo;` (kept as text).
    @inlinable public var hasEntityReference: Bool { node.hasEntityReference }

    public init(
        name: String, prefix: String? = nil, namespaceURI: String? = nil, attributes: [XMLAttribute] = [],
        children: [XMLElement] = [], text: String = "", position: SourcePosition = .start, path: String = "",
        cdataSections: Int = 0, hasTextOutsideCDATA: Bool = false, hasEntityReference: Bool = false
    ) {
        node = Node(
            name: name, prefix: prefix, namespaceURI: namespaceURI, attributes: attributes, children: children,
            text: text, position: position, path: path, cdataSections: cdataSections,
            hasTextOutsideCDATA: hasTextOutsideCDATA, hasEntityReference: hasEntityReference)
    }

    // Codable and Hashable as the memberwise struct had them: the same keys, in the same order.
    private enum CodingKeys: String, CodingKey {
        case name, prefix, namespaceURI, attributes, children, text, position, path, cdataSections
        case hasTextOutsideCDATA, hasEntityReference
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            prefix: try c.decodeIfPresent(String.self, forKey: .prefix),
            namespaceURI: try c.decodeIfPresent(String.self, forKey: .namespaceURI),
            attributes: try c.decode([XMLAttribute].self, forKey: .attributes),
            children: try c.decode([XMLElement].self, forKey: .children),
            text: try c.decode(String.self, forKey: .text),
            position: try c.decode(SourcePosition.self, forKey: .position),
            path: try c.decode(String.self, forKey: .path),
            cdataSections: try c.decode(Int.self, forKey: .cdataSections),
            hasTextOutsideCDATA: try c.decode(Bool.self, forKey: .hasTextOutsideCDATA),
            hasEntityReference: try c.decode(Bool.self, forKey: .hasEntityReference))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(prefix, forKey: .prefix)
        try c.encodeIfPresent(namespaceURI, forKey: .namespaceURI)
        try c.encode(attributes, forKey: .attributes)
        try c.encode(children, forKey: .children)
        try c.encode(text, forKey: .text)
        try c.encode(position, forKey: .position)
        try c.encode(path, forKey: .path)
        try c.encode(cdataSections, forKey: .cdataSections)
        try c.encode(hasTextOutsideCDATA, forKey: .hasTextOutsideCDATA)
        try c.encode(hasEntityReference, forKey: .hasEntityReference)
    }

    public static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
        if lhs.node === rhs.node { return true }
        return lhs.name == rhs.name && lhs.prefix == rhs.prefix && lhs.namespaceURI == rhs.namespaceURI
            && lhs.attributes == rhs.attributes && lhs.children == rhs.children && lhs.text == rhs.text
            && lhs.position == rhs.position && lhs.path == rhs.path && lhs.cdataSections == rhs.cdataSections
            && lhs.hasTextOutsideCDATA == rhs.hasTextOutsideCDATA && lhs.hasEntityReference == rhs.hasEntityReference
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(prefix)
        hasher.combine(namespaceURI)
        hasher.combine(attributes)
        hasher.combine(children)
        hasher.combine(text)
        hasher.combine(position)
        hasher.combine(path)
        hasher.combine(cdataSections)
        hasher.combine(hasTextOutsideCDATA)
        hasher.combine(hasEntityReference)
    }

    /// `prefix:name` or `name`.
    public var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }

    /// The text without surrounding whitespace (the parser already stores it so; elements built by
    /// hand are trimmed here).
    public var trimmedText: String { text.trimmingWhitespace() }

    /// The value of the first attribute with this local name.
    public func attribute(_ name: String) -> String? {
        for attribute in attributes where attribute.name.isSameName(name) { return attribute.value }
        return nil
    }

    /// The first child element with this local name.
    public func child(_ name: String) -> XMLElement? {
        for child in children where child.name.isSameName(name) { return child }
        return nil
    }

    /// All child elements with this local name.
    public func children(_ name: String) -> [XMLElement] {
        children.filter { $0.name.isSameName(name) }
    }

    /// Calls `body` for this element and every descendant, in document order.
    public func forEachDescendant(_ body: (XMLElement) throws -> Void) rethrows {
        try body(self)
        for child in children { try child.forEachDescendant(body) }
    }

    /// Whether paths index elements of this name (it is in ``repeatableNames``). Compares against the
    /// few names of the same length instead of hashing.
    public static func isRepeatable(_ name: String) -> Bool {
        let length = name.utf8.count
        guard length < repeatableByLength.count else { return false }
        for candidate in repeatableByLength[length] where candidate == name { return true }
        return false
    }

    /// ``repeatableNames`` grouped by UTF-8 length.
    private static let repeatableByLength: [[String]] = {
        var table = [[String]](repeating: [], count: (repeatableNames.map(\.utf8.count).max() ?? 0) + 1)
        for name in repeatableNames.sorted() { table[name.utf8.count].append(name) }
        return table
    }()

    /// Element names that may occur more than once under one parent. Paths index them (`Creative[2]`).
    public static let repeatableNames: Set<String> = [
        "Ad", "Creative", "MediaFile", "Tracking", "Impression", "Error", "ClickTracking", "CustomClick",
        "Companion", "NonLinear", "Icon", "Verification", "Extension", "CreativeExtension", "Category",
        "UniversalAdId", "ClosedCaptionFile", "Mezzanine", "JavaScriptResource", "ExecutableResource",
        "IconClickTracking", "CompanionClickTracking", "NonLinearClickTracking", "StaticResource",
        "IFrameResource", "HTMLResource", "BlockedAdCategories", "AdBreak", "IconClickFallbackImage",
        "Viewable", "NotViewable", "ViewUndetermined", "InteractiveCreativeFile", "IconViewTracking",
    ]
}
