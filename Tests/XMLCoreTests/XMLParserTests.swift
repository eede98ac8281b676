import ConformCore
import Foundation
import Testing
@testable import XMLCore

@Suite struct XMLParserTests {
    @Test func positionsAreLineAndColumnOfTheStartTag() throws {
        let xml = "<VAST version=\"4.2\">\n  <Ad id=\"1\">\n    <InLine/>\n  </Ad>\n</VAST>"
        let doc = XMLParser.parse(xml)
        #expect(doc.isWellFormed)
        let root = try #require(doc.root)
        #expect(root.position == SourcePosition(line: 1, column: 1))
        let ad = try #require(root.child("Ad"))
        #expect(ad.position == SourcePosition(line: 2, column: 3))
        #expect(ad.path == "/VAST/Ad[1]")
        let inline = try #require(ad.child("InLine"))
        #expect(inline.position == SourcePosition(line: 3, column: 5))
        #expect(inline.path == "/VAST/Ad[1]/InLine")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let xml = "<a><b>é</b><c/></a>"
        let root = try #require(XMLParser.parse(xml).root)
        #expect(root.children[1].position == SourcePosition(line: 1, column: 12))
    }

    /// Columns count Unicode scalars, whatever the mix of one- to four-byte characters before a tag and
    /// however the run falls against the counter's eight-byte steps.
    @Test(arguments: ["", "x", "é", "€", "😀", "abcdefg", "abcdefgh", "ééééé", "a😀é€b😀é€c", String(repeating: "€a😀", count: 7)])
    func columnsAfterARunOfCharactersOnOneLine(run: String) throws {
        for indent in ["", "  ", "\t", String(repeating: " ", count: 9)] {
            let prefix = "\(indent)<a>\(run)"
            let xml = "<r>\n\(prefix)<b/></a>\n</r>"
            let root = try #require(XMLParser.parse(xml).root)
            let b = root.children[0].children[0]
            #expect(b.position == SourcePosition(line: 2, column: prefix.unicodeScalars.count + 1), "run \(run), indent \(indent.count)")
        }
    }

    /// Whitespace between elements (spaces, tabs, line ends, in runs of any length) is not text; anything
    /// else among it is.
    @Test(arguments: [0, 1, 7, 8, 9, 16, 17, 40])
    func whitespaceOnlyContentIsNotText(spaces: Int) throws {
        let pad = String(repeating: " ", count: spaces)
        for blank in ["\n\(pad)", "\r\n\(pad)", "\t\(pad)\n", "\(pad)\t\(pad)", "\n\(pad)\n\(pad)"] {
            let root = try #require(XMLParser.parse("<a>\(blank)<b/>\(blank)</a>").root)
            #expect(root.text == "")
            #expect(!root.hasTextOutsideCDATA)
            for mark in ["x", "é", "\u{A0}"] {
                let marked = try #require(XMLParser.parse("<a>\(blank)\(mark)\(blank)<b/></a>").root)
                #expect(marked.text == mark, "mark \(mark) after \(spaces) spaces")
                #expect(marked.hasTextOutsideCDATA)
            }
        }
    }

    @Test func multiLineStartTagPointsAtItsOpeningBracket() throws {
        let xml = "<a>\n  <b\n    x=\"1\"\n    y=\"2\"/>\n</a>"
        let root = try #require(XMLParser.parse(xml).root)
        #expect(root.children[0].position == SourcePosition(line: 2, column: 3))
    }

    @Test func utf8BOMAndNoDeclarationAndDefaultNamespace() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data("<VAST xmlns=\"http://www.iab.com/VAST\" version=\"4.1\"><Ad/></VAST>".utf8))
        let doc = XMLParser.parse(data)
        #expect(doc.isWellFormed)
        let root = try #require(doc.root)
        #expect(root.name == "VAST")
        #expect(root.namespaceURI == "http://www.iab.com/VAST")
        #expect(root.attribute("version") == "4.1")
        #expect(root.position == SourcePosition(line: 1, column: 1))
    }

    @Test func parserMessagesAreOneLineEach() throws {
        // libxml2 puts the bytes that are not UTF-8 on a second line of its message.
        var data = Data("<VAST version=\"4.2\"><Ad id=\"".utf8)
        data.append(contentsOf: [0xFF, 0xFE])
        data.append(Data("\"></Ad></VAST>".utf8))
        let doc = XMLParser.parse(data)
        #expect(!doc.isWellFormed)
        let message = try #require(doc.messages.first?.message)
        #expect(!message.contains("\n"))
        #expect(message.contains("UTF-8") && message.contains("; Bytes: 0xFF 0xFE"))
        #expect(XMLMessage.singleLine("one line") == "one line")
        #expect(XMLMessage.singleLine(" first \n\n\tsecond\r\n") == "first; second")
    }

    @Test func cdataIsMergedAndMarked() throws {
        let xml = "<a><u>\n  <![CDATA[https://x.example/?a=1&amp;b=2]]><![CDATA[&c=3]]>\n</u><!-- note --><h><![CDATA[<p>hi</p>]]></h></a>"
        let root = try #require(XMLParser.parse(xml).root)
        let u = root.children[0]
        #expect(u.trimmedText == "https://x.example/?a=1&amp;b=2&c=3")
        #expect(u.cdataSections == 2)
        #expect(!u.hasTextOutsideCDATA)
        #expect(root.children[1].trimmedText == "<p>hi</p>")
    }

    @Test func textOutsideCDATAIsFlaggedAndPredefinedEntitiesDecoded() throws {
        let root = try #require(XMLParser.parse("<a><u>https://x.example/?a=1&amp;b=2</u></a>").root)
        #expect(root.children[0].text == "https://x.example/?a=1&b=2")
        #expect(root.children[0].hasTextOutsideCDATA)
    }

    @Test(arguments: [
        ("<VAST><Ad></VAST>", 1),
        ("<VAST version=\"4.0\"><Ad>", 1),
        ("<a x=\"1\" x=\"2\"/>", 1),
        ("<a>\n<b>\n</c></a>", 3),
    ])
    func malformedInputHasPositionedMessages(input: String, line: Int) throws {
        let doc = XMLParser.parse(input)
        #expect(!doc.isWellFormed)
        #expect(doc.root == nil)
        let first = try #require(doc.messages.first)
        #expect(first.level == .fatal)
        #expect(first.position?.line == line)
        #expect(!first.message.isEmpty)
    }

    @Test func undefinedPrefixIsANamespaceError() throws {
        let doc = XMLParser.parse("<vmap:VMAP version=\"1.0\"><vmap:AdBreak/></vmap:VMAP>")
        #expect(doc.isWellFormed)
        #expect(!doc.isNamespaceWellFormed)
        #expect(doc.messages.contains { $0.domain == XMLMessage.namespaceDomain })
        let root = try #require(doc.root)
        #expect(root.name == "VMAP")
        #expect(root.prefix == "vmap")
    }

    @Test func invalidUTF8IsRefused() {
        var data = Data("<a>".utf8)
        data.append(contentsOf: [0xC3, 0x28, 0xFF])
        data.append(Data("</a>".utf8))
        let doc = XMLParser.parse(data)
        #expect(!doc.isWellFormed)
        #expect(doc.messages.first?.position != nil)
    }

    @Test func billionLaughsIsRefused() {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        xml += "<!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
        for i in 2...9 {
            let prev = "&lol\(i - 1);"
            xml += "<!ENTITY lol\(i) \"\(String(repeating: prev, count: 10))\">\n"
        }
        xml += "]>\n<lolz>&lol9;</lolz>"
        let doc = XMLParser.parse(xml)
        #expect(doc.hasDTD)
        #expect(!doc.isWellFormed)
        #expect(doc.messages.contains { $0.code == XMLMessage.entityLoopCode })
        #expect(doc.byteCount < 2_000)
    }

    @Test func externalEntityContentNeverAppears() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("xmlcore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let secret = dir.appendingPathComponent("secret.txt")
        try "TOP-SECRET-CONTENT".write(to: secret, atomically: false, encoding: .utf8)
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE VAST [<!ENTITY xxe SYSTEM "file://\(secret.path)"> <!ENTITY % p SYSTEM "file://\(secret.path)"> %p;]>
            <VAST version="4.2"><Error>&xxe;</Error></VAST>
            """
        for recover in [false, true] {
            let doc = XMLParser.parse(xml, options: XMLParseOptions(recover: recover))
            let dump = String(decoding: try JSONEncoder().encode(doc), as: UTF8.self)
            #expect(!dump.contains("TOP-SECRET-CONTENT"))
            #expect(doc.hasDTD)
        }
    }

    @Test func deepNestingIsRefused() {
        let doc = XMLParser.parse(nestedElements(depth: 100_000))
        #expect(!doc.isWellFormed)
        #expect(doc.messages.contains { $0.message.contains("depth") })
    }

    @Test func oversizeInputIsRefusedBeforeParsing() {
        let doc = XMLParser.parse(Data(count: 2048), options: XMLParseOptions(maxBytes: 1024))
        #expect(!doc.isWellFormed)
        #expect(doc.messages.first?.message.contains("larger than the limit") == true)
    }

    @Test func utf16WithBOMParses() throws {
        var data = Data([0xFF, 0xFE])
        data.append("<VAST version=\"3.0\">\n  <Ad id=\"x\"/></VAST>".data(using: .utf16LittleEndian)!)
        let doc = XMLParser.parse(data)
        #expect(doc.isWellFormed)
        let ad = try #require(doc.root?.child("Ad"))
        #expect(ad.attribute("id") == "x")
        #expect(ad.position.line == 2)
    }

    @Test func emptyInputIsNotWellFormed() {
        let doc = XMLParser.parse(Data())
        #expect(!doc.isWellFormed)
        #expect(doc.messages.count == 1)
    }

    @Test func recoverKeepsAPartialTree() {
        let doc = XMLParser.parse("<VAST version=\"2.0\"><Ad id=\"1\"><InLine></Ad></VAST>", options: XMLParseOptions(recover: true))
        #expect(!doc.isWellFormed)
        #expect(doc.root?.name == "VAST")
    }

    @Test func bareParseAgreesOnWellFormedness() {
        #expect(XMLParser.bareParse(Data("<a><b/></a>".utf8)))
        #expect(!XMLParser.bareParse(Data("<a><b></a>".utf8)))
        #expect(XMLParser.bareParse(Data("<a><b/></a>".utf8), pull: true))
        #expect(!XMLParser.bareParse(Data("<a><b></a>".utf8), pull: true))
    }

    @Test func parsesConcurrently() async {
        let xml = Data("<VAST version=\"4.2\"><Ad id=\"1\"><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>".utf8)
        let bad = Data("<VAST><Ad></VAST>".utf8)
        await withTaskGroup(of: Bool.self) { group in
            for i in 0..<200 {
                group.addTask {
                    let doc = XMLParser.parse(i % 2 == 0 ? xml : bad)
                    return doc.isWellFormed == (i % 2 == 0) && (i % 2 == 0 || doc.messages.count >= 1)
                }
            }
            for await ok in group { #expect(ok) }
        }
    }

    @Test func schemaValidationReportsFindings() {
        let schema = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns="urn:t" elementFormDefault="qualified">
              <xs:element name="VAST"><xs:complexType><xs:sequence><xs:element name="Ad" minOccurs="1" maxOccurs="unbounded" type="xs:string"/></xs:sequence>
              <xs:attribute name="version" type="xs:string" use="required"/></xs:complexType></xs:element>
            </xs:schema>
            """
        let ok = XMLParser.validate(Data("<VAST version=\"4.1\"><Ad>x</Ad></VAST>".utf8), schema: Data(schema.utf8), targetNamespace: "urn:t")
        #expect(ok.isEmpty)
        let bad = XMLParser.validate(Data("<VAST>\n<Other/></VAST>".utf8), schema: Data(schema.utf8), targetNamespace: "urn:t")
        #expect(bad.count >= 1)
        #expect(bad.contains { $0.position?.line == 2 })
    }
}

/// `depth` nested empty elements named `name`: `<a><a>…</a></a>`.
func nestedElements(_ name: String = "a", depth: Int) -> String {
    String(repeating: "<\(name)>", count: depth) + String(repeating: "</\(name)>", count: depth)
}
