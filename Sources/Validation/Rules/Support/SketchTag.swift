import ConformCore
import Foundation

/// Builders for the small tags used as rule examples, so an example shows only the fragment that matters.
/// The fragment is placed verbatim (markers included); the source location of the call is kept.
enum SketchTag {
    /// `<VAST version="…">` around `inner`.
    static func vast(_ version: String, _ inner: String, file: String = #fileID, line: Int = #line) -> RuleExample {
        RuleExample("<VAST version=\"\(version)\">\n\(inner)\n</VAST>", file: file, line: line)
    }

    /// One `<Ad>` with an `<InLine>` holding `inner`.
    static func inLine(_ version: String, _ inner: String, file: String = #fileID, line: Int = #line) -> RuleExample {
        vast(version, "<Ad id=\"1\"><InLine>\n\(inner)\n</InLine></Ad>", file: file, line: line)
    }

    /// One `<Ad>` with a `<Wrapper>` holding `inner`.
    static func wrapper(_ version: String, _ inner: String, file: String = #fileID, line: Int = #line) -> RuleExample {
        vast(version, "<Ad id=\"1\"><Wrapper>\n\(inner)\n</Wrapper></Ad>", file: file, line: line)
    }

    /// An InLine creative: `<Creatives><Creative>inner</Creative></Creatives>`.
    static func creative(_ version: String, _ inner: String, file: String = #fileID, line: Int = #line) -> RuleExample {
        inLine(version, "<Creatives><Creative>\n\(inner)\n</Creative></Creatives>", file: file, line: line)
    }

    /// An InLine `<Linear>` holding `inner`.
    static func linear(_ version: String, _ inner: String, file: String = #fileID, line: Int = #line) -> RuleExample {
        creative(version, "<Linear>\n\(inner)\n</Linear>", file: file, line: line)
    }
}

extension String {
    /// Whether `name` is ``elementNameOfPath``, compared on the bytes without making the name.
    func hasElementNameOfPath(_ name: String) -> Bool {
        let answer = utf8.withContiguousStorageIfAvailable { b -> Bool? in
            let range = Self.elementNameRange(b)
            return name.utf8.withContiguousStorageIfAvailable { n in
                n.count == range.count && (n.isEmpty || memcmp(n.baseAddress!, b.baseAddress! + range.lowerBound, n.count) == 0)
            }
        }
        return (answer ?? nil) ?? (elementNameOfPath == name)
    }

    /// The bytes of an element path's last element name: after the last `/`, up to its `[` index.
    private static func elementNameRange(_ b: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = b.count
        while start > 0, b[start - 1] != 0x2F { start -= 1 }
        var end = start
        while end < b.count, b[end] != 0x5B { end += 1 }
        return start..<end
    }

    /// The element name of an element path: `/VAST/Ad[1]/InLine/Impression[2]` → `Impression`.
    var elementNameOfPath: String {
        // Paths are native strings: read their bytes in place.
        if let name = utf8.withContiguousStorageIfAvailable({ b in
            String(decoding: UnsafeBufferPointer(rebasing: b[Self.elementNameRange(b)]), as: UTF8.self)
        }) { return name }
        let bytes = utf8
        let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "[")) ?? bytes.endIndex
        return String(self[start..<end])
    }

    /// The path of the parent element: `/VAST/Ad[1]/InLine/Impression[2]` → `/VAST/Ad[1]/InLine`.
    var parentOfPath: String { String(parentOfPathSlice) }

    /// ``parentOfPath`` without copying (for keys of sets and dictionaries).
    var parentOfPathSlice: Substring {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return self[..<slash]
    }
}

/// The message of the last finding, kept while a rule's findings stay on elements of one name: URL rules
/// report runs of URLs of one element type, and their messages depend on the element name alone.
struct LastElementMessage {
    private var element = ""
    private var message = ""

    /// The message for the element at `path`, made with `make` from the element name when it differs
    /// from the last one.
    mutating func message(at path: String, _ make: (String) -> String) -> String {
        if message.isEmpty || !path.hasElementNameOfPath(element) {
            element = path.elementNameOfPath
            message = make(element)
        }
        return message
    }
}
