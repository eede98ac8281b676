import ConformCore
import Foundation
import Testing
import XMLCore
@testable import VAST

/// A text node read from an element is a view of that element: it must hold exactly the fields a node
/// made from those fields holds, compare and hash as one, and encode with the same keys.
@Suite struct TextNodeTests {
    static let document = XMLParser.parse("""
        <VAST version="4.2"><Ad><InLine>
          <Impression id="imp-1"><![CDATA[ https://imp.example/1 ]]></Impression>
          <Impression>
            https://imp.example/2
          </Impression>
          <Error>x<![CDATA[y]]></Error>
        </InLine></Ad></VAST>
        """)

    static var elements: [XMLElement] {
        var out: [XMLElement] = []
        document.root?.forEachDescendant { if $0.children.isEmpty { out.append($0) } }
        return out
    }

    /// The node made field by field from `element`, as the decoder made it before text nodes were views.
    static func memberwise(_ element: XMLElement) -> TextNode {
        TextNode(value: element.trimmedText, position: element.position, path: element.path,
                 inCDATA: element.cdataSections > 0, hasTextOutsideCDATA: element.hasTextOutsideCDATA,
                 id: element.attribute("id"))
    }

    @Test func aNodeOfAnElementHoldsTheElementsFields() throws {
        let elements = Self.elements
        #expect(elements.count == 3)
        for element in elements {
            let node = TextNode(of: element)
            let reference = Self.memberwise(element)
            #expect(node.value == reference.value && node.position == reference.position && node.path == reference.path)
            #expect(node.inCDATA == reference.inCDATA && node.hasTextOutsideCDATA == reference.hasTextOutsideCDATA)
            #expect(node.id == reference.id)
            #expect(node == reference && node.hashValue == reference.hashValue)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            #expect(try encoder.encode(node) == encoder.encode(reference))
            #expect(try JSONDecoder().decode(TextNode.self, from: encoder.encode(node)) == node)
        }
        let first = TextNode(of: elements[0])
        #expect(first.value == "https://imp.example/1" && first.id == "imp-1" && first.inCDATA && !first.hasTextOutsideCDATA)
        let mixed = TextNode(of: elements[2])
        #expect(mixed.value == "xy" && mixed.inCDATA && mixed.hasTextOutsideCDATA && mixed.id == nil)
    }

    @Test func anElementBuiltWithUntrimmedTextGivesTheTrimmedValue() {
        let element = XMLElement(name: "Impression", attributes: [XMLAttribute(name: "id", value: "a")], text: " \t https://x.example/ \n",
                                 position: SourcePosition(line: 3, column: 5), path: "/VAST/Ad[1]/InLine/Impression[1]", cdataSections: 1)
        let node = TextNode(of: element)
        #expect(node.value == "https://x.example/")
        #expect(node == Self.memberwise(element))
        #expect(node.id == "a" && node.position == SourcePosition(line: 3, column: 5) && node.inCDATA)
    }

    @Test func unequalFieldsMakeUnequalNodes() {
        let base = TextNode(value: "https://a.example/", position: .start, path: "/VAST/Error", inCDATA: true, hasTextOutsideCDATA: false, id: "e")
        let variants = [
            TextNode(value: "https://b.example/", position: .start, path: "/VAST/Error", inCDATA: true, hasTextOutsideCDATA: false, id: "e"),
            TextNode(value: "https://a.example/", position: SourcePosition(line: 2, column: 1), path: "/VAST/Error", inCDATA: true, id: "e"),
            TextNode(value: "https://a.example/", position: .start, path: "/VAST/Ad[1]/InLine/Error[1]", inCDATA: true, id: "e"),
            TextNode(value: "https://a.example/", position: .start, path: "/VAST/Error", inCDATA: false, id: "e"),
            TextNode(value: "https://a.example/", position: .start, path: "/VAST/Error", inCDATA: true, hasTextOutsideCDATA: true, id: "e"),
            TextNode(value: "https://a.example/", position: .start, path: "/VAST/Error", inCDATA: true),
        ]
        for variant in variants { #expect(variant != base) }
    }

    /// Messages name a node's element by `elementName`: it must be the last step of the node's path,
    /// for parsed elements (prefixed ones too) and for nodes built from fields.
    @Test func elementNameIsTheLastStepOfThePath() {
        let parsed = XMLParser.parse("""
            <VAST version="4.2" xmlns:x="urn:x"><Ad><InLine><Impression>a</Impression><Impression>b</Impression>
            <x:Tracker>c</x:Tracker><Error>d</Error></InLine></Ad></VAST>
            """)
        var names: [String] = []
        parsed.root?.forEachDescendant { element in
            guard element.children.isEmpty else { return }
            let node = TextNode(of: element)
            #expect(node.elementName == node.path.elementNameOfPath, "\(node.path)")
            names.append(node.elementName)
        }
        #expect(names == ["Impression", "Impression", "x:Tracker", "Error"])
        let built = TextNode(value: "https://a.example/", position: .start, path: "/VAST/Ad[1]/InLine/Impression[2]")
        #expect(built.elementName == "Impression")
        #expect(TextNode(value: "", position: .start, path: "").elementName == "")
    }

    @Test func trimmedStringsAreThoseTrimmingLeavesAlone() {
        let samples = ["", " ", "a", " a", "a ", "\ta", "a\n", "\r", "é", " é", "é\t", "x y", String(repeating: "long text ", count: 4),
                       " " + String(repeating: "long text", count: 4), String(repeating: "long text", count: 4) + "\n", "\u{A0}a\u{A0}"]
        for sample in samples {
            #expect(sample.isTrimmed == (sample.trimmingWhitespace() == sample), "\(sample.debugDescription)")
        }
    }
}
