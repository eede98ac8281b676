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

/// The elements of one document, in flat tables that every ``XMLElement`` of the document shares: one
/// object per document instead of one per element, with one table of each kind of field (attributes,
/// child lists, texts, paths) instead of arrays per element.
///
/// The tables are buffers the tree owns, read without bounds checks: every index into them is made
/// here, from the tables themselves. They are filled once, by the parser's tree builder or by
/// ``XMLTreeWriter``, before the tree is shared, and never change after (hence `@unchecked Sendable`).
@usableFromInline
final class XMLTree: @unchecked Sendable {
    /// One element's fixed-size fields: indices into the tree's tables.
    @usableFromInline
    struct Record: Sendable {
        /// Into `names`; `prefix` and `namespaceURI` are -1 when absent.
        @usableFromInline var name: Int32
        @usableFromInline var prefix: Int32
        @usableFromInline var namespaceURI: Int32
        /// The element's attributes are `attributes[firstAttribute ..< firstAttribute + attributeCount]`.
        @usableFromInline var firstAttribute: Int32
        @usableFromInline var attributeCount: Int32
        /// The element's children are the elements `childList[firstChild ..< firstChild + childCount]`.
        @usableFromInline var firstChild: Int32
        @usableFromInline var childCount: Int32
        @usableFromInline var line: Int32
        @usableFromInline var column: Int32
        @usableFromInline var cdataSections: Int32
        @usableFromInline var flags: UInt8

        @usableFromInline static let textOutsideCDATA: UInt8 = 1
        @usableFromInline static let entityReference: UInt8 = 2
    }

    /// Per element, in document order: its fields, trimmed text and path.
    @usableFromInline let records: UnsafeMutablePointer<Record>
    @usableFromInline let texts: UnsafeMutablePointer<String>
    @usableFromInline let paths: UnsafeMutablePointer<String>
    /// Every element's children, each element's run contiguous.
    @usableFromInline let childList: UnsafeMutablePointer<Int32>
    @usableFromInline let attributes: UnsafeMutablePointer<XMLAttribute>
    /// Names, prefixes and namespace URIs, each once.
    @usableFromInline let names: UnsafeMutablePointer<String>
    /// How many entries of each table are filled (the builders count as they fill; `deinit` reads them).
    private(set) var elementCount = 0, childListCount = 0, attributeCount = 0, nameCount = 0
    private let elementCapacity: Int, childListCapacity: Int, attributeCapacity: Int, nameCapacity: Int

    /// An empty tree with room for the given numbers of entries.
    init(elements: Int, childList: Int, attributes: Int, names: Int) {
        elementCapacity = max(elements, 1)
        childListCapacity = max(childList, 1)
        attributeCapacity = max(attributes, 1)
        nameCapacity = max(names, 1)
        records = .allocate(capacity: elementCapacity)
        texts = .allocate(capacity: elementCapacity)
        paths = .allocate(capacity: elementCapacity)
        self.childList = .allocate(capacity: childListCapacity)
        self.attributes = .allocate(capacity: attributeCapacity)
        self.names = .allocate(capacity: nameCapacity)
    }

    deinit {
        // Each value moved out and dropped: a release apiece, where deinitializing a run goes through the
        // type's destroy witness once per value.
        for i in 0 ..< elementCount {
            _ = (texts + i).move()
            _ = (paths + i).move()
        }
        for i in 0 ..< attributeCount { _ = (attributes + i).move() }
        for i in 0 ..< nameCount { _ = (names + i).move() }
        records.deallocate()
        texts.deallocate()
        paths.deallocate()
        childList.deallocate()
        attributes.deallocate()
        names.deallocate()
    }

    // Filling, for the builders only: each checks the capacity it was made with.

    func addName(_ name: consuming String) {
        precondition(nameCount < nameCapacity)
        (names + nameCount).initialize(to: name)
        nameCount += 1
    }

    /// Adds an element; returns its index.
    func addElement(_ record: Record, text: consuming String, path: consuming String) -> Int32 {
        precondition(elementCount < elementCapacity)
        (records + elementCount).initialize(to: record)
        (texts + elementCount).initialize(to: text)
        (paths + elementCount).initialize(to: path)
        elementCount += 1
        return Int32(elementCount - 1)
    }

    func addAttribute(_ attribute: consuming XMLAttribute) {
        precondition(attributeCount < attributeCapacity)
        (attributes + attributeCount).initialize(to: attribute)
        attributeCount += 1
    }

    var nextAttribute: Int32 { Int32(attributeCount) }
    var nextChildSlot: Int32 { Int32(childListCount) }

    /// Reserves `count` child slots (filled with `setChild`); returns the first.
    func reserveChildren(_ count: Int) -> Int {
        precondition(childListCount + count <= childListCapacity)
        let first = childListCount
        (childList + first).initialize(repeating: -1, count: count)
        childListCount += count
        return first
    }

    /// The element in child slot `slot` of `childList`, and its local name: what both the children view
    /// and the element read.
    @inlinable func child(inSlot slot: Int) -> Int { Int(childList[slot]) }
    @inlinable func childName(inSlot slot: Int) -> String { names[Int(records[child(inSlot: slot)].name)] }

    func setChild(_ slot: Int, _ element: Int32) {
        precondition(slot < childListCount)
        childList[slot] = element
    }
}

/// A run of one element's entries in a document's table (its attributes or its children), indexed from 0
/// and compared and hashed entry by entry.
public protocol XMLTableRun: RandomAccessCollection, Hashable where Index == Int, Element: Hashable {
    var count: Int { get }
}

extension XMLTableRun {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for entry in self { hasher.combine(entry) }
    }
}

/// The attributes of an ``XMLElement``, in document order: a view of its document's attribute table,
/// indexed from 0.
public struct XMLAttributes: XMLTableRun, Sendable {
    @usableFromInline let tree: XMLTree
    @usableFromInline let start: Int
    public let count: Int

    @inlinable init(tree: XMLTree, start: Int, count: Int) {
        self.tree = tree
        self.start = start
        self.count = count
    }

    @inlinable public subscript(position: Int) -> XMLAttribute {
        // Lent in place, so that reading one field of an attribute copies only that field.
        _read {
            precondition(position >= 0 && position < count, "attribute index out of range")
            yield tree.attributes[start + position]
        }
    }

    /// Calls `body` with the attributes in place (no copy).
    @inlinable public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<XMLAttribute>) throws -> R) rethrows -> R {
        try withExtendedLifetime(tree) { try body(UnsafeBufferPointer(start: tree.attributes + start, count: count)) }
    }

}

/// The child elements of an ``XMLElement``, in document order, indexed from 0.
public struct XMLChildren: XMLTableRun, Sendable {
    @usableFromInline let tree: XMLTree
    @usableFromInline let start: Int
    public let count: Int

    @inlinable init(tree: XMLTree, start: Int, count: Int) {
        self.tree = tree
        self.start = start
        self.count = count
    }

    @inlinable public subscript(position: Int) -> XMLElement {
        precondition(position >= 0 && position < count, "child index out of range")
        return XMLElement(tree: tree, index: tree.child(inSlot: start + position))
    }

    /// The local name of child `position`, read without making the child.
    @inlinable public func name(at position: Int) -> String {
        precondition(position >= 0 && position < count, "child index out of range")
        return tree.childName(inSlot: start + position)
    }

}

/// An immutable element of a parsed document. Value type: no pointer into libxml2 survives the parse.
///
/// An element is its document's shared tables and its index in them, so copying one (rules and the
/// decoder do it constantly) costs one reference count, and a document costs a few arrays instead of
/// an object and two arrays per element.
public struct XMLElement: Sendable, Encodable, Hashable {
    @usableFromInline let tree: XMLTree
    @usableFromInline let index: Int

    @inlinable init(tree: XMLTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    @inlinable var record: XMLTree.Record { tree.records[index] }

    /// Local name, without prefix.
    @inlinable public var name: String { tree.names[Int(record.name)] }
    @inlinable public var prefix: String? {
        let prefix = record.prefix
        return prefix >= 0 ? tree.names[Int(prefix)] : nil
    }
    @inlinable public var namespaceURI: String? {
        let uri = record.namespaceURI
        return uri >= 0 ? tree.names[Int(uri)] : nil
    }
    @inlinable public var attributes: XMLAttributes {
        let r = record
        return XMLAttributes(tree: tree, start: Int(r.firstAttribute), count: Int(r.attributeCount))
    }
    @inlinable public var children: XMLChildren {
        let r = record
        return XMLChildren(tree: tree, start: Int(r.firstChild), count: Int(r.childCount))
    }
    /// How many attributes the element has: with ``subscript(attribute:)``, its attributes read in place,
    /// without making an ``XMLAttributes`` view (a view holds the document, a reference count each).
    @inlinable public var attributeCount: Int { Int(record.attributeCount) }
    /// Attribute `position` (0-based) of the element, lent in place.
    @inlinable public subscript(attribute position: Int) -> XMLAttribute {
        _read {
            let r = record
            precondition(position >= 0 && position < Int(r.attributeCount), "attribute index out of range")
            yield tree.attributes[Int(r.firstAttribute) + position]
        }
    }
    /// How many child elements the element has: with ``childName(at:)`` and ``child(at:)``, its children
    /// read without making an ``XMLChildren`` view.
    @inlinable public var childCount: Int { Int(record.childCount) }
    /// The local name of child `position` (0-based), read without making the child.
    @inlinable public func childName(at position: Int) -> String {
        let r = record
        precondition(position >= 0 && position < Int(r.childCount), "child index out of range")
        return tree.childName(inSlot: Int(r.firstChild) + position)
    }
    /// Child `position` (0-based).
    @inlinable public func child(at position: Int) -> XMLElement {
        let r = record
        precondition(position >= 0 && position < Int(r.childCount), "child index out of range")
        return XMLElement(tree: tree, index: tree.child(inSlot: Int(r.firstChild) + position))
    }
    /// Calls `body` with every distinct name of the element's document, each once and in no particular
    /// order: the local names of its elements, their prefixes and namespace URIs, and (in a parsed
    /// document) the names of their attributes. A superset of the element names the document holds, read
    /// without walking its elements.
    public func withDocumentNames<R>(_ body: (UnsafeBufferPointer<String>) throws -> R) rethrows -> R {
        try withExtendedLifetime(tree) { try body(UnsafeBufferPointer(start: tree.names, count: tree.nameCount)) }
    }
    /// The direct character data of the element, text and CDATA sections concatenated, without
    /// leading and trailing XML whitespace (space, tab, CR, LF).
    @inlinable public var text: String { tree.texts[index] }
    /// Where the start tag's `<` is: 1-based line and column (characters).
    @inlinable public var position: SourcePosition {
        let r = record
        return SourcePosition(line: Int(r.line), column: Int(r.column))
    }
    /// The element path, such as `/VAST/Ad[1]/InLine/Creatives/Creative[2]/Linear`.
    /// Repeatable elements carry a 1-based index among their same-named siblings.
    @inlinable public var path: String { tree.paths[index] }
    /// How many CDATA sections the element's direct content has.
    @inlinable public var cdataSections: Int { Int(record.cdataSections) }
    /// True when non-whitespace character data appears outside CDATA sections.
    @inlinable public var hasTextOutsideCDATA: Bool { record.flags & XMLTree.Record.textOutsideCDATA != 0 }
    /// True when the content holds an unexpanded entity reference such as `&foo;` (kept as text).
    @inlinable public var hasEntityReference: Bool { record.flags & XMLTree.Record.entityReference != 0 }

    /// An element made by hand (tests, examples, decoded JSON): a document of its own, holding copies of
    /// `children`.
    public init(
        name: String, prefix: String? = nil, namespaceURI: String? = nil, attributes: [XMLAttribute] = [],
        children: [XMLElement] = [], text: String = "", position: SourcePosition = .start, path: String = "",
        cdataSections: Int = 0, hasTextOutsideCDATA: Bool = false, hasEntityReference: Bool = false
    ) {
        var writer = XMLTreeWriter()
        let flags = (hasTextOutsideCDATA ? XMLTree.Record.textOutsideCDATA : 0) | (hasEntityReference ? XMLTree.Record.entityReference : 0)
        writer.add(name: name, prefix: prefix, namespaceURI: namespaceURI, attributes: attributes, children: children,
                   text: text, position: position, path: path, cdataSections: cdataSections, flags: flags)
        self.init(tree: writer.finish(), index: 0)
    }

    // Encodable and Hashable as the memberwise struct had them: the same keys, in the same order.
    private enum CodingKeys: String, CodingKey {
        case name, prefix, namespaceURI, attributes, children, text, position, path, cdataSections
        case hasTextOutsideCDATA, hasEntityReference
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(prefix, forKey: .prefix)
        try c.encodeIfPresent(namespaceURI, forKey: .namespaceURI)
        try c.encode(Array(attributes), forKey: .attributes)
        try c.encode(Array(children), forKey: .children)
        try c.encode(text, forKey: .text)
        try c.encode(position, forKey: .position)
        try c.encode(path, forKey: .path)
        try c.encode(cdataSections, forKey: .cdataSections)
        try c.encode(hasTextOutsideCDATA, forKey: .hasTextOutsideCDATA)
        try c.encode(hasEntityReference, forKey: .hasEntityReference)
    }

    public static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
        if lhs.tree === rhs.tree && lhs.index == rhs.index { return true }
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
        let r = record
        let start = Int(r.firstAttribute)
        for i in start ..< start + Int(r.attributeCount) where tree.attributes[i].name.isSameName(name) {
            return tree.attributes[i].value
        }
        return nil
    }

    /// The first child element with this local name.
    public func child(_ name: String) -> XMLElement? {
        for i in 0 ..< childCount where childName(at: i).isSameName(name) { return child(at: i) }
        return nil
    }

    /// All child elements with this local name.
    public func children(_ name: String) -> [XMLElement] {
        var found: [XMLElement] = []
        for i in 0 ..< childCount where childName(at: i).isSameName(name) { found.append(child(at: i)) }
        return found
    }

    /// Calls `body` for this element and every descendant, in document order.
    public func forEachDescendant(_ body: (XMLElement) throws -> Void) rethrows {
        try body(self)
        for i in 0 ..< childCount { try child(at: i).forEachDescendant(body) }
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

/// Builds an ``XMLTree`` for an element made by hand, copying its children (and their descendants) in.
struct XMLTreeWriter {
    private var names: [String] = []
    private var nameIndex: [String: Int32] = [:]
    private var records: [XMLTree.Record] = []
    private var texts: [String] = []
    private var paths: [String] = []
    private var childList: [Int32] = []
    private var attributes: [XMLAttribute] = []

    /// The index of `name` in `names`, added when new.
    private mutating func intern(_ name: String?) -> Int32 {
        guard let name else { return -1 }
        if let index = nameIndex[name] { return index }
        let index = Int32(names.count)
        names.append(name)
        nameIndex[name] = index
        return index
    }

    /// Adds an element with copies of `children` (and their descendants); returns its index.
    @discardableResult
    mutating func add<Children: Collection<XMLElement>>(
        name: String, prefix: String?, namespaceURI: String?, attributes elementAttributes: [XMLAttribute],
        children: Children, text: String, position: SourcePosition, path: String, cdataSections: Int, flags: UInt8
    ) -> Int32 {
        let index = Int32(records.count)
        records.append(XMLTree.Record(
            name: intern(name), prefix: intern(prefix), namespaceURI: intern(namespaceURI),
            firstAttribute: Int32(attributes.count), attributeCount: Int32(elementAttributes.count),
            firstChild: Int32(childList.count), childCount: Int32(children.count),
            line: Int32(clamping: position.line), column: Int32(clamping: position.column),
            cdataSections: Int32(clamping: cdataSections), flags: flags))
        attributes.append(contentsOf: elementAttributes)
        texts.append(text)
        paths.append(path)
        // The children's slots first, so that they are contiguous; each is filled once the child is added.
        let slots = childList.count
        childList.append(contentsOf: repeatElement(-1, count: children.count))
        for (offset, child) in children.enumerated() {
            childList[slots + offset] = copy(child)
        }
        return index
    }

    /// Adds a copy of `element` and its descendants; returns the copy's index.
    private mutating func copy(_ element: XMLElement) -> Int32 {
        add(name: element.name, prefix: element.prefix, namespaceURI: element.namespaceURI,
            attributes: Array(element.attributes), children: element.children, text: element.text,
            position: element.position, path: element.path, cdataSections: element.cdataSections,
            flags: element.record.flags)
    }

    func finish() -> XMLTree {
        let tree = XMLTree(elements: records.count, childList: childList.count, attributes: attributes.count, names: names.count)
        for name in names { tree.addName(name) }
        for attribute in attributes { tree.addAttribute(attribute) }
        // The records keep their indices into the child list, which goes in whole.
        for (i, record) in records.enumerated() { _ = tree.addElement(record, text: texts[i], path: paths[i]) }
        let first = tree.reserveChildren(childList.count)
        for (i, child) in childList.enumerated() { tree.setChild(first + i, child) }
        return tree
    }
}
