/// Where a position stands in an XML text, as completion and hover need it: the elements open around it,
/// and whether it is in a start tag (an element's name, an attribute's name or value) or in text.
///
/// A light scan of the text before the position (comments, CDATA sections, processing instructions and
/// declarations skipped), which works on a document that is half-typed and not well-formed.
struct XMLCursor: Equatable {
    enum Place: Equatable {
        /// In an element's text content (or between elements).
        case content
        /// Typing an element name just after `<` (the prefix typed so far).
        case elementName(prefix: String)
        /// In the start tag of `element`, where an attribute name goes (the prefix typed so far).
        case attributeName(element: String, prefix: String)
        /// Inside the quoted value of `attribute` of `element` (the value typed so far).
        case attributeValue(element: String, attribute: String, prefix: String)
        /// In a comment, CDATA section or declaration.
        case other
    }

    /// The names of the open elements, outermost first (local names).
    var open: [String]
    var place: Place

    static func at(_ offset: Int, in document: TextDocument) -> XMLCursor {
        var open: [String] = []
        var index = 0
        func local(_ name: String) -> String { name.split(separator: ":").last.map(String.init) ?? name }
        func starts(_ text: String, at position: Int) -> Bool {
            document.text(from: position, to: position + text.unicodeScalars.count) == text
        }
        while index < offset {
            guard document.scalar(at: index) == "<" else { index += 1; continue }
            // Constructs that do not open or close elements.
            for (opener, closer) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")] where starts(opener, at: index) {
                var end = index + opener.unicodeScalars.count
                while end < document.scalarCount, !starts(closer, at: end) { end += 1 }
                if end + closer.unicodeScalars.count > offset { return XMLCursor(open: open, place: .other) }
                index = end + closer.unicodeScalars.count
                break
            }
            guard document.scalar(at: index) == "<" else { continue }
            if document.scalar(at: index) == "<", starts("<!", at: index) || starts("<?", at: index) { continue }
            let closing = document.scalar(at: index + 1) == "/"
            var cursor = index + (closing ? 2 : 1)
            let nameStart = cursor
            while let scalar = document.scalar(at: cursor), cursor < offset, !scalar.properties.isWhitespace, scalar != ">", scalar != "/" { cursor += 1 }
            let name = local(document.text(from: nameStart, to: cursor))
            if cursor >= offset {
                return XMLCursor(open: open, place: closing ? .other : .elementName(prefix: name))
            }
            // The rest of the tag: attributes, quotes, its end.
            var quote: Unicode.Scalar?
            var valueStart = 0
            var lastAttribute = ""
            var tokenStart: Int?
            var selfClosing = false
            while cursor < offset {
                let scalar = document.scalar(at: cursor)!
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                    valueStart = cursor + 1
                } else if scalar == ">" {
                    break
                } else if scalar == "/" {
                    selfClosing = true
                } else if scalar.properties.isWhitespace || scalar == "=" {
                    if let begin = tokenStart { lastAttribute = document.text(from: begin, to: cursor); tokenStart = nil }
                } else {
                    selfClosing = false
                    if tokenStart == nil { tokenStart = cursor }
                }
                cursor += 1
            }
            if cursor >= offset {
                if closing { return XMLCursor(open: open, place: .other) }
                if quote != nil {
                    return XMLCursor(open: open, place: .attributeValue(element: name, attribute: lastAttribute,
                                                                        prefix: document.text(from: valueStart, to: offset)))
                }
                let prefix = tokenStart.map { document.text(from: $0, to: offset) } ?? ""
                return XMLCursor(open: open, place: .attributeName(element: name, prefix: prefix))
            }
            if closing {
                if let last = open.lastIndex(of: name) { open.removeSubrange(last...) }
            } else if !selfClosing {
                open.append(name)
            }
            index = cursor + 1
        }
        return XMLCursor(open: open, place: .content)
    }
}
