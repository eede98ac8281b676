import ConformCore
import Foundation
import Testing
@testable import XMLCore

/// Documents are read with libxml2's push parser, and again with its pull parser when the push read
/// reports anything. These tests hold the two reads to the same result: tree, positions, messages and flags.
@Suite struct ParserModeTests {
    static func pullOnly(_ data: Data) -> XMLDocument {
        XMLParser.parse(data, options: XMLParseOptions(pullParserOnly: true))
    }

    static func expectSameResult(_ data: Data, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let automatic = XMLParser.parse(data)
        let pull = pullOnly(data)
        #expect(automatic == pull, "\(label): the default read and the pull parser's differ", sourceLocation: sourceLocation)
    }

    /// Every XML file of the shipped corpus (hostile inputs included), and the IAB samples when they are
    /// beside the package.
    static let corpusFiles: [URL] = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var roots = [packageRoot.appendingPathComponent("Corpus")]
        let samples = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/iab-vast-samples")
        if FileManager.default.fileExists(atPath: samples.path) { roots.append(samples) }
        var files: [URL] = []
        for root in roots {
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "xml" || url.pathExtension == "bin" { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }()

    @Test func corpusFilesReadTheSameEitherWay() throws {
        #expect(Self.corpusFiles.count > 1000, "the shipped corpus was not found")
        var wellFormed = 0, malformed = 0
        for url in Self.corpusFiles {
            let data = try Data(contentsOf: url)
            let automatic = XMLParser.parse(data)
            let pull = Self.pullOnly(data)
            #expect(automatic == pull, "\(url.lastPathComponent): the default read and the pull parser's differ")
            if automatic.isWellFormed { wellFormed += 1 } else { malformed += 1 }
        }
        // Both paths were taken: clean documents stay with the push read, the others are read again.
        #expect(wellFormed > 1000)
        #expect(malformed > 10)
    }

    /// Inputs where the two parsers take different code paths: CDATA (scanned at once by the push
    /// parser), encodings, byte order marks, text and CDATA mixed, line breaks inside sections.
    static let edgeCases: [(String, [UInt8])] = {
        func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }
        let long = String(repeating: "https://t.example.org/p?x=1&y=2;", count: 40)
        var cases: [(String, [UInt8])] = [
            ("cdata with brackets", utf8("<a><b><![CDATA[x]]y]>z]]]]></b><c/></a>")),
            ("cdata longer than the push parser's block", utf8("<a>\n<b><![CDATA[\(long)]]></b>\n<c/></a>")),
            ("cdata with line breaks", utf8("<a><b><![CDATA[1\n2\r\n3\n]]></b>\n  <c x=\"1\"/></a>")),
            ("cdata with lone carriage returns", utf8("<a><b><![CDATA[\r1\r\r\n2\r]]></b>\r\n<c/>\r</a>")),
            ("cdata with multi-byte characters", utf8("<a><b><![CDATA[é€😀 ü]]></b><c/></a>")),
            ("several sections and text", utf8("<a><b> x <![CDATA[y]]> z <![CDATA[]]>&amp;</b><c/></a>")),
            ("empty cdata", utf8("<a><b><![CDATA[]]></b></a>")),
            ("utf-8 byte order mark", [0xEF, 0xBB, 0xBF] + utf8("<a>\n<b><![CDATA[é]]></b></a>")),
            ("latin-1 declared", utf8("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a><b>") + [0xE9, 0xE8] + utf8("</b><c/></a>")),
            ("three bytes", utf8("<a/")),
            ("one element", utf8("<a/>")),
            ("comment and processing instruction", utf8("<?xml version=\"1.0\"?><!-- c --><a><?pi x?><b/></a>")),
            ("namespaces", utf8("<v:a xmlns:v=\"urn:x\"><v:b v:c=\"1\"/><d xmlns=\"urn:y\"/></v:a>")),
            ("invalid utf-8 in cdata", utf8("<a><b><![CDATA[") + [0xC3, 0x28] + utf8("]]></b></a>")),
            // Overlong forms of '/': the push parser's CDATA check takes them, the pull parser does not.
            ("overlong two-byte utf-8 in cdata", utf8("<a><b><![CDATA[x") + [0xC0, 0xAF] + utf8("y]]></b><c/></a>")),
            ("overlong three-byte utf-8 in cdata", utf8("<a><b><![CDATA[") + [0xE0, 0x80, 0xAF] + utf8("]]></b></a>")),
            ("overlong four-byte utf-8 in cdata", utf8("<a><b><![CDATA[") + [0xF0, 0x80, 0x80, 0xAF] + utf8("]]></b></a>")),
            ("shortest forms next to overlong lookalikes", utf8("<a><b><![CDATA[") + [0xC2, 0xA0, 0xE0, 0xA0, 0x80, 0xF0, 0x90, 0x80, 0x80]
                + utf8("]]></b></a>")),
            ("unclosed cdata", utf8("<a><b><![CDATA[x</b></a>")),
            ("mismatched tags", utf8("<a>\n<b>\n</a>")),
            ("text after the root", utf8("<a/>x")),
            // Looks like UCS-4 to the encoding detection; libxml2 2.9's push parser stops without a word.
            ("ucs-4 lookalike", [0x3C, 0, 0, 0] + utf8("tra<VAST><Ad><![CDATA[x]]></Ad></VAST>")),
            ("only a declaration", utf8("<?xml version=\"1.0\"?>")),
            ("only whitespace", utf8("  \n ")),
        ]
        var utf16 = [UInt8]([0xFF, 0xFE])
        for unit in "<a><b><![CDATA[é]]></b></a>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        cases.append(("utf-16 with byte order mark", utf16))
        return cases
    }()

    @Test(arguments: edgeCases.map(\.0))
    func edgeCaseReadsTheSameEitherWay(label: String) throws {
        let bytes = try #require(Self.edgeCases.first { $0.0 == label }?.1)
        Self.expectSameResult(Data(bytes), label)
    }

    @Test func overlongUTF8InCDATAIsReadAsThePullParserReadsIt() throws {
        // Found by the VAST fuzz target: the push read took C0 AF in a CDATA section without a word, and the
        // pull parser reports it and reads the rest of the input as Latin-1.
        let bytes = Array("<a><b><![CDATA[x".utf8) + [0xC0, 0xAF] + Array("y]]></b></a>".utf8)
        let doc = XMLParser.parse(Data(bytes))
        #expect(!doc.messages.isEmpty)
        #expect(doc == Self.pullOnly(Data(bytes)))
        // A shortest form stays with the push read: no message.
        let clean = Array("<a><b><![CDATA[x".utf8) + [0xC2, 0xAF] + Array("y]]></b></a>".utf8)
        #expect(XMLParser.parse(Data(clean)).messages.isEmpty)
    }

    /// The check passes plain ASCII eight bytes at a time: an overlong form is found wherever it stands
    /// against those eight-byte steps, and a shortest form is still taken there.
    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 31])
    func overlongUTF8AfterAnASCIIRunIsFound(asciiBytes: Int) throws {
        let run = Array(String(repeating: "u", count: asciiBytes).utf8)
        let bytes = Array("<a><b><![CDATA[".utf8) + run + [0xC0, 0xAF] + Array("0123456789]]></b></a>".utf8)
        let doc = XMLParser.parse(Data(bytes))
        #expect(!doc.messages.isEmpty)
        #expect(doc == Self.pullOnly(Data(bytes)))
        let clean = Array("<a><b><![CDATA[".utf8) + run + [0xC2, 0xAF] + Array("0123456789]]></b></a>".utf8)
        #expect(XMLParser.parse(Data(clean)).messages.isEmpty)
        // A sequence cut short by the section's end, after the run.
        let cut = Array("<a><b><![CDATA[".utf8) + run + [0xE2, 0x82] + Array("]]></b></a>".utf8)
        #expect(XMLParser.parse(Data(cut)) == Self.pullOnly(Data(cut)))
    }

    @Test func pushReadKeepsCDATAAndPositions() throws {
        let xml = "<a>\n  <b><![CDATA[x]]y]]></b>\n  <c/></a>"
        let root = try #require(XMLParser.parse(xml).root)
        #expect(root.children[0].text == "x]]y")
        #expect(root.children[0].cdataSections == 1)
        #expect(root.children[1].position == SourcePosition(line: 3, column: 3))
    }

    @Test func malformedDocumentGetsEveryMessageOfThePullParser() {
        // The push parser stops at the first fatal error; the pull parser also reports the unclosed root.
        let doc = XMLParser.parse("<VAST version=\"4.2\">\n<Ad id=\"1\">\n</VAST>")
        #expect(!doc.isWellFormed)
        #expect(doc.messages.count == 2)
        #expect(doc == Self.pullOnly(Data("<VAST version=\"4.2\">\n<Ad id=\"1\">\n</VAST>".utf8)))
    }

    @Test func nestingPastTheDepthLimitIsRefusedLikeThePullParser() {
        let xml = nestedElements("e", depth: 300)
        let doc = XMLParser.parse(xml)
        #expect(!doc.isWellFormed)
        #expect(doc.messages.contains { $0.message.contains("depth") })
        #expect(doc == Self.pullOnly(Data(xml.utf8)))
        // Just under the limit: read, and the same either way.
        let shallow = nestedElements("e", depth: 250)
        #expect(XMLParser.parse(shallow).isWellFormed)
        Self.expectSameResult(Data(shallow.utf8), "250 levels")
    }

    @Test func documentsAboveThePushLimitAreReadByThePullParser() {
        // Over 4 MiB, the pull parser reads alone; a text node of 5 MiB is read whole.
        let text = String(repeating: "a", count: 5 << 20)
        let doc = XMLParser.parse("<a><b><![CDATA[\(text)]]></b></a>")
        #expect(doc.isWellFormed)
        #expect(doc.root?.children.first?.text.utf8.count == 5 << 20)
    }

    @Test func bareParseModesAgree() {
        // Not the overlong forms: libxml2's own push parser takes them (which is why conform's read goes to
        // the pull parser for them), and the bare parse is libxml2 alone.
        for (label, bytes) in Self.edgeCases where !label.hasPrefix("overlong") {
            let data = Data(bytes)
            #expect(XMLParser.bareParse(data) == XMLParser.bareParse(data, pull: true), "\(label)")
            #expect(XMLParser.bareParse(data) == XMLParser.parse(data).isWellFormed, "\(label)")
        }
    }
}
