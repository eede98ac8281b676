import CXMLShim
import ConformCore
import Foundation

// The only Swift file that calls the C shim. It copies the shim's flat tables into value types and
// frees the C result before returning; no pointer escapes.

private let libxmlInitialized: Bool = {
    cvx_init()
    return true
}()

/// Parses raw XML bytes securely: no network, no external entities, no entity substitution, default
/// libxml2 limits (depth, text size, entity amplification). Safe to call from many threads at once.
public enum XMLParser {
    /// Parses `data` (raw bytes, never a re-encoded string). Never throws: malformed input yields
    /// messages with positions and `isWellFormed == false`.
    public static func parse(_ data: Data, options: XMLParseOptions = .default) -> XMLDocument {
        _ = libxmlInitialized
        if data.count > options.maxBytes {
            return XMLDocument(
                root: nil,
                messages: [XMLMessage(
                    level: .fatal, domain: 0, code: -1, position: nil,
                    message: "input is \(data.count) bytes, larger than the limit of \(options.maxBytes) bytes")],
                isWellFormed: false, isNamespaceWellFormed: false, hasDTD: false, messagesTruncated: false,
                byteCount: data.count)
        }
        if data.isEmpty {
            return XMLDocument(
                root: nil,
                messages: [XMLMessage(level: .fatal, domain: 1, code: 4, position: SourcePosition.start, message: "Document is empty")],
                isWellFormed: false, isNamespaceWellFormed: false, hasDTD: false, messagesTruncated: false,
                byteCount: 0)
        }
        let result: OpaquePointer? = data.withUnsafeBytes { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            let flags = (options.recover ? Int32(CVX_OPT_RECOVER) : 0) | (options.pullParserOnly ? Int32(CVX_OPT_PULL) : 0)
            return cvx_parse(base, raw.count, flags)
        }
        guard let result else {
            return XMLDocument(
                root: nil,
                messages: [XMLMessage(level: .fatal, domain: 0, code: 2, position: nil, message: "out of memory")],
                isWellFormed: false, isNamespaceWellFormed: false, hasDTD: false, messagesTruncated: false,
                byteCount: data.count)
        }
        defer { cvx_free(result) }
        return convert(result, byteCount: data.count, keepTree: nil, recover: options.recover)
    }

    /// Parses a string as UTF-8 bytes (for tests and examples).
    public static func parse(_ string: String, options: XMLParseOptions = .default) -> XMLDocument {
        parse(Data(string.utf8), options: options)
    }

    /// The version of the libxml2 library in use, such as `2.9.14`.
    public static var libxml2Version: String {
        _ = libxmlInitialized
        return String(cString: cvx_libxml2_version())
    }

    /// libxml2's bare SAX2 parse of the same bytes, with no callbacks: the speed limit benchmarks
    /// compare against. By default with the push parser given the whole input, as ``parse(_:options:)``
    /// reads documents; `pull: true` uses the pull parser (`xmlParseDocument`) instead. Returns whether
    /// the input is well-formed.
    public static func bareParse(_ data: Data, pull: Bool = false) -> Bool {
        _ = libxmlInitialized
        return data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            return cvx_parse_bare(base.assumingMemoryBound(to: CChar.self), raw.count, pull ? 0 : 1) == 1
        }
    }

    /// The shim's SAX2 parse into its flat tables, without building the Swift tree: for benchmarks
    /// that separate libxml2 and the C side from the Swift side. Returns whether the input is well-formed.
    public static func shimParse(_ data: Data) -> Bool {
        _ = libxmlInitialized
        return data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress, let result = cvx_parse(base.assumingMemoryBound(to: CChar.self), raw.count, 0) else { return false }
            defer { cvx_free(result) }
            return cvx_flags(result) & Int32(CVX_RESULT_WELL_FORMED) != 0
        }
    }

    /// Validates `data` against an XML Schema. When `targetNamespace` is given, an un-namespaced
    /// document is moved into it first (the IAB 4.x schemas declare `http://www.iab.com/VAST`, which
    /// real tags do not use). Returns the validator's messages; an empty list means valid.
    public static func validate(_ data: Data, schema: Data, targetNamespace: String?) -> [XMLMessage] {
        _ = libxmlInitialized
        let result: OpaquePointer? = data.withUnsafeBytes { raw in
            schema.withUnsafeBytes { schemaRaw in
                guard let base = raw.baseAddress, let schemaBase = schemaRaw.baseAddress else { return nil }
                if let targetNamespace {
                    return targetNamespace.withCString { ns in
                        cvx_validate_schema(
                            base.assumingMemoryBound(to: CChar.self), raw.count,
                            schemaBase.assumingMemoryBound(to: CChar.self), schemaRaw.count, ns)
                    }
                }
                return cvx_validate_schema(
                    base.assumingMemoryBound(to: CChar.self), raw.count,
                    schemaBase.assumingMemoryBound(to: CChar.self), schemaRaw.count, nil)
            }
        }
        guard let result else { return [XMLMessage(level: .fatal, domain: 0, code: 2, position: nil, message: "out of memory")] }
        defer { cvx_free(result) }
        var messages = readMessages(result)
        let flags = cvx_flags(result)
        if flags & Int32(CVX_RESULT_WELL_FORMED) == 0 && messages.isEmpty {
            messages.append(XMLMessage(level: .fatal, domain: 0, code: -1, position: nil, message: "the schema or the document could not be loaded"))
        }
        return messages
    }

    fileprivate static func string(_ arena: UnsafePointer<CChar>, _ offset: Int64, _ length: Int64) -> String {
        let buffer = UnsafeRawBufferPointer(start: UnsafeRawPointer(arena + Int(offset)), count: Int(length))
        return String(decoding: buffer, as: UTF8.self)
    }

    private static func readMessages(_ result: OpaquePointer) -> [XMLMessage] {
        let arena = cvx_arena(result)
        let count = Int(cvx_message_count(result))
        guard count > 0, let messages = cvx_messages(result) else { return [] }
        var out: [XMLMessage] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let m = messages[i]
            let level: XMLMessage.Level = m.level >= 3 ? .fatal : (m.level == 2 ? .error : .warning)
            let position = m.line > 0 ? SourcePosition(line: Int(m.line), column: max(1, Int(m.column))) : nil
            out.append(XMLMessage(
                level: level, domain: Int(m.domain), code: Int(m.code), position: position,
                message: XMLMessage.singleLine(string(arena, m.text, m.text_len))))
        }
        return out
    }

    private static func convert(_ result: OpaquePointer, byteCount: Int, keepTree: Bool?, recover: Bool) -> XMLDocument {
        let flags = cvx_flags(result)
        let wellFormed = flags & Int32(CVX_RESULT_WELL_FORMED) != 0
        let messages = readMessages(result)
        var root: XMLElement?
        if wellFormed || recover, cvx_element_count(result) > 0, let elements = cvx_elements(result) {
            let arena = cvx_arena(result)
            var nameOffsets: [(Int, Int)] = []
            let nameCount = Int(cvx_name_count(result))
            nameOffsets.reserveCapacity(nameCount)
            for i in 0..<nameCount {
                var offset: Int64 = 0, length: Int64 = 0
                cvx_name(result, Int32(i), &offset, &length)
                nameOffsets.append((Int(offset), Int(length)))
            }
            var builder = TreeBuilder(
                elements: elements, elementCount: Int(cvx_element_count(result)), attributes: cvx_attributes(result),
                attributeCount: Int(cvx_attribute_count(result)), arena: arena, nameOffsets: nameOffsets)
            builder.build(index: 0, siblingIndex: 1)
            root = XMLElement(tree: builder.finish(), index: 0)
        }
        var document = XMLDocument(
            root: root, messages: messages, isWellFormed: wellFormed,
            isNamespaceWellFormed: flags & Int32(CVX_RESULT_NAMESPACE_WELL_FORMED) != 0,
            hasDTD: flags & Int32(CVX_RESULT_HAS_DTD) != 0,
            messagesTruncated: flags & Int32(CVX_RESULT_TRUNCATED_MESSAGES) != 0,
            byteCount: byteCount)
        document.directivesTruncated = flags & Int32(CVX_RESULT_TRUNCATED_DIRECTIVES) != 0
        let commentCount = Int(cvx_comment_count(result))
        if commentCount > 0, let comments = cvx_comments(result) {
            let arena = cvx_arena(result)
            document.directives = (0 ..< commentCount).map { i in
                let c = comments[i]
                return XMLDirectiveComment(text: string(arena, c.text, c.text_len),
                                           position: SourcePosition(line: Int(max(1, c.line)), column: Int(max(1, c.column))),
                                           endLine: Int(c.end_line))
            }
        }
        return document
    }

    /// Builds the document's ``XMLTree`` from the shim's flat tables, in document order. Element paths are
    /// assembled as bytes in one reusable buffer (the parent's path is its prefix), so each path costs one
    /// string creation.
    private struct TreeBuilder {
        let elements: UnsafePointer<cvx_element>
        let attributes: UnsafePointer<cvx_attribute>?
        let arena: UnsafePointer<CChar>
        /// Per name index: the name's bytes in the arena (offset, length).
        let nameOffsets: [(Int, Int)]
        /// Per name index: whether paths index elements of that name.
        let repeatable: [Bool]
        /// The path of the element being built, as UTF-8 bytes.
        var pathBytes: [UInt8] = []
        /// Ordinals among same-named siblings, for names that paths index: one run of (name, count) pairs
        /// per element being built, the innermost last (one array for the whole walk, not one per element).
        var siblingCounts: [(name: Int32, count: Int)] = []
        /// The tree being filled.
        let tree: XMLTree

        init(elements: UnsafePointer<cvx_element>, elementCount: Int, attributes: UnsafePointer<cvx_attribute>?,
             attributeCount: Int, arena: UnsafePointer<CChar>, nameOffsets: [(Int, Int)]) {
            self.elements = elements
            self.attributes = attributes
            self.arena = arena
            self.nameOffsets = nameOffsets
            pathBytes.reserveCapacity(256)
            siblingCounts.reserveCapacity(64)
            // Every element can be a child once; the root is no one's.
            let tree = XMLTree(elements: elementCount, childList: elementCount, attributes: attributeCount, names: nameOffsets.count)
            var repeatable: [Bool] = []
            repeatable.reserveCapacity(nameOffsets.count)
            for (offset, length) in nameOffsets {
                let name = XMLParser.string(arena, Int64(offset), Int64(length))
                repeatable.append(XMLElement.isRepeatable(name))
                tree.addName(name)
            }
            self.tree = tree
            self.repeatable = repeatable
        }

        func finish() -> XMLTree { tree }

        private mutating func appendName(_ index: Int32) {
            let (offset, length) = nameOffsets[Int(index)]
            let start = UnsafeRawPointer(arena + offset).assumingMemoryBound(to: UInt8.self)
            pathBytes.append(contentsOf: UnsafeBufferPointer(start: start, count: length))
        }

        private mutating func appendDecimal(_ value: Int) {
            if value >= 10 { appendDecimal(value / 10) }
            pathBytes.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
        }

        /// Adds shim element `index` and its descendants; returns its index in the tree.
        @discardableResult
        mutating func build(index: Int, siblingIndex: Int) -> Int32 {
            let e = elements[index]
            let parentLength = pathBytes.count
            pathBytes.append(0x2F) // "/"
            if e.prefix >= 0 {
                appendName(e.prefix)
                pathBytes.append(0x3A) // ":"
            }
            appendName(e.name)
            if repeatable[Int(e.name)] {
                pathBytes.append(0x5B) // "["
                appendDecimal(siblingIndex)
                pathBytes.append(0x5D) // "]"
            }
            let path = String(decoding: pathBytes, as: UTF8.self)
            let text = e.text_len > 0 ? XMLParser.string(arena, e.text, e.text_len) : ""
            let firstAttribute = tree.nextAttribute
            if e.attr_count > 0, let attributes {
                for i in Int(e.first_attr) ..< Int(e.first_attr + e.attr_count) {
                    let a = attributes[i]
                    tree.addAttribute(XMLAttribute(
                        name: tree.names[Int(a.name)], prefix: a.prefix >= 0 ? tree.names[Int(a.prefix)] : nil,
                        value: XMLParser.string(arena, a.value, a.value_len)))
                }
            }
            var childCount = 0
            var sibling = Int(e.first_child)
            while sibling >= 0 { childCount += 1; sibling = Int(elements[sibling].next_sibling) }
            let flags = (e.flags & Int32(CVX_FLAG_TEXT_OUTSIDE_CDATA) != 0 ? XMLTree.Record.textOutsideCDATA : 0)
                | (e.flags & Int32(CVX_FLAG_ENTITY_REFERENCE) != 0 ? XMLTree.Record.entityReference : 0)
            let treeIndex = tree.addElement(XMLTree.Record(
                name: e.name, prefix: e.prefix, namespaceURI: e.ns_uri,
                firstAttribute: firstAttribute, attributeCount: tree.nextAttribute - firstAttribute,
                firstChild: tree.nextChildSlot, childCount: Int32(childCount),
                line: e.line, column: e.column, cdataSections: e.cdata_sections, flags: flags), text: text, path: path)
            if childCount > 0 {
                // The children's slots first, so that they are contiguous; each is filled once the child is built.
                let slots = tree.reserveChildren(childCount)
                // This element's run of sibling counts starts here; the children's own runs come after it
                // while they are built and are gone when they return.
                let run = siblingCounts.count
                var child = Int(e.first_child)
                var offset = 0
                while child >= 0 {
                    let nameIndex = elements[child].name
                    var ordinal = 1
                    if repeatable[Int(nameIndex)] {
                        if let slot = siblingCounts[run...].firstIndex(where: { $0.name == nameIndex }) {
                            siblingCounts[slot].count += 1
                            ordinal = siblingCounts[slot].count
                        } else {
                            siblingCounts.append((nameIndex, 1))
                        }
                    }
                    tree.setChild(slots + offset, build(index: child, siblingIndex: ordinal))
                    offset += 1
                    child = Int(elements[child].next_sibling)
                }
                siblingCounts.removeSubrange(run...)
            }
            pathBytes.removeSubrange(parentLength...)
            return treeIndex
        }
    }
}
