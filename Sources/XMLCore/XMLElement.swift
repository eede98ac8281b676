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
public struct XMLElement: Sendable, Codable, Hashable {
    /// Local name, without prefix.
    public var name: String
    public var prefix: String?
    public var namespaceURI: String?
    public var attributes: [XMLAttribute]
    public var children: [XMLElement]
    /// The direct character data of the element, text and CDATA sections concatenated, without
    /// leading and trailing XML whitespace (space, tab, CR, LF).
    public var text: String
    /// Where the start tag's `<` is: 1-based line and column (characters).
    public var position: SourcePosition
    /// The element path, such as `/VAST/Ad[1]/InLine/Creatives/Creative[2]/Linear`.
    /// Repeatable elements carry a 1-based index among their same-named siblings.
    public var path: String
    /// How many CDATA sections the element's direct content has.
    public var cdataSections: Int
    /// True when non-whitespace character data appears outside CDATA sections.
    public var hasTextOutsideCDATA: Bool
    /// True when the content holds an unexpanded entity reference such as `&foo;` (kept as text).
    public var hasEntityReference: Bool

    public init(
        name: String, prefix: String? = nil, namespaceURI: String? = nil, attributes: [XMLAttribute] = [],
        children: [XMLElement] = [], text: String = "", position: SourcePosition = .start, path: String = "",
        cdataSections: Int = 0, hasTextOutsideCDATA: Bool = false, hasEntityReference: Bool = false
    ) {
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
