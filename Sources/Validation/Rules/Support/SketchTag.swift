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

    /// An InLine whose verification travels as before VAST 4.1:
    /// `<Extensions><Extension type="AdVerifications"><AdVerifications>inner</AdVerifications></Extension></Extensions>`.
    static func verificationExtension(_ version: String, _ inner: String, before: String = "", file: String = #fileID,
                                      line: Int = #line) -> RuleExample {
        inLine(version, before + "<Extensions><Extension type=\"AdVerifications\"><AdVerifications>\(inner)</AdVerifications></Extension></Extensions>",
               file: file, line: line)
    }

    /// An InLine `<Linear>` holding `inner`.
    static func linear(_ version: String, _ inner: String, file: String = #fileID, line: Int = #line) -> RuleExample {
        creative(version, "<Linear>\n\(inner)\n</Linear>", file: file, line: line)
    }
}

extension String {
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

    /// The message for an element named `element`, made with `make` when the name differs from the last one.
    mutating func message(for element: String, _ make: (String) -> String) -> String {
        if message.isEmpty || element != self.element {
            self.element = element
            message = make(element)
        }
        return message
    }
}
