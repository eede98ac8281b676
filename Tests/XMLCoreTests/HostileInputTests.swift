import ConformCore
import Foundation
import Testing
@testable import XMLCore

/// Inputs built to break parsers: each must end in a clear message, bounded in time and memory.
@Suite struct HostileInputTests {
    @Test func utf16WithoutBOMNeedsItsDeclaration() throws {
        // XML 1.0 (appendix F): without a byte order mark, UTF-16 is recognised from "<?xml".
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><VAST version=\"4.2\"><Ad id=\"é\"/></VAST>"
        let doc = XMLParser.parse(declared.data(using: .utf16BigEndian)!)
        #expect(doc.isWellFormed)
        #expect(doc.root?.child("Ad")?.attribute("id") == "é")
        let bare = XMLParser.parse("<VAST version=\"4.2\"/>".data(using: .utf16BigEndian)!)
        #expect(!bare.isWellFormed)
        #expect(bare.messages.count >= 1)
    }

    @Test func nulBytesAreRefused() {
        var data = Data("<VAST version=\"4.2\"><Error>".utf8)
        data.append(contentsOf: [0, 0, 0])
        data.append(Data("</Error></VAST>".utf8))
        let doc = XMLParser.parse(data)
        #expect(!doc.isWellFormed)
        #expect(doc.messages.first?.position?.line == 1)
    }

    @Test func hugeAttributeValueIsRefusedByTheParserLimit() {
        // libxml2 refuses attribute values over 10 MB without XML_PARSE_HUGE (which conform never sets).
        let value = String(repeating: "a", count: 12 * 1024 * 1024)
        let doc = XMLParser.parse("<VAST version=\"\(value)\"/>")
        #expect(!doc.isWellFormed)
        #expect(doc.root == nil)
        #expect(!doc.messages.isEmpty)
    }

    @Test func largeTextNodeIsHandledWithinTheInputLimit() {
        // Text is collected by streaming callbacks: memory stays proportional to the input, which
        // the input limit bounds.
        let text = String(repeating: "b", count: 12 * 1024 * 1024)
        let doc = XMLParser.parse("<VAST><Error>\(text)</Error></VAST>")
        #expect(doc.isWellFormed)
        #expect(doc.root?.children.first?.text.utf8.count == text.utf8.count)
    }

    @Test func largeInputIsRefusedAtTheUserLimit() {
        let data = Data(repeating: 0x20, count: 3 * 1024 * 1024)
        let doc = XMLParser.parse(data, options: XMLParseOptions(maxBytes: 2 * 1024 * 1024))
        #expect(!doc.isWellFormed)
        #expect(doc.messages.count == 1)
        #expect(doc.messages[0].message.contains("larger than the limit of 2097152 bytes"))
    }

    @Test func quadraticBlowupIsBounded() {
        let entity = String(repeating: "x", count: 50_000)
        let references = String(repeating: "&a;", count: 50_000)
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE v [<!ENTITY a \"\(entity)\">]><VAST>\(references)</VAST>"
        let start = Date()
        let doc = XMLParser.parse(xml)
        #expect(Date().timeIntervalSince(start) < 10)
        // Entities are never substituted: the text keeps the references, nothing is amplified.
        #expect(doc.root.map { $0.text.utf8.count <= xml.utf8.count } ?? true)
    }

    @Test func xincludeIsNotProcessed() throws {
        let doc = XMLParser.parse("""
            <VAST version="4.2" xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="/etc/passwd" parse="text"/></VAST>
            """)
        #expect(doc.isWellFormed)
        let include = try #require(doc.root?.children.first)
        #expect(include.name == "include")
        #expect(include.text.isEmpty)
    }

    @Test func binaryGarbageIsRefused() {
        let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2654435761) >> 7) }
        let doc = XMLParser.parse(Data(bytes))
        #expect(!doc.isWellFormed)
        #expect(!doc.messages.isEmpty)
    }

    @Test func veryLongLineKeepsExactColumns() throws {
        let padding = String(repeating: "<Impression><![CDATA[https://i.example/]]></Impression>", count: 2_000)
        let xml = "<VAST version=\"4.2\"><Ad><InLine>\(padding)<AdSystem>x</AdSystem></InLine></Ad></VAST>"
        let root = try #require(XMLParser.parse(xml).root)
        let adSystem = try #require(root.child("Ad")?.child("InLine")?.child("AdSystem"))
        #expect(adSystem.position == SourcePosition(line: 1, column: 33 + padding.count))
    }
}
