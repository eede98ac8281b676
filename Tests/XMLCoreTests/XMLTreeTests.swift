import ConformCore
import Foundation
import Testing
@testable import XMLCore

/// The shared tables behind ``XMLElement``: views indexed from 0, elements that outlive the variable
/// holding their root, and elements made by hand that equal parsed ones.
@Suite struct XMLTreeTests {
    static let source = """
        <VAST version="4.2"><Ad id="a1" sequence="1"><InLine>\
        <Impression id="i1"><![CDATA[https://t.example/1]]></Impression>\
        <Impression id="i2"><![CDATA[https://t.example/2]]></Impression>\
        <AdTitle>Title</AdTitle></InLine></Ad></VAST>
        """

    @Test func attributesAndChildrenAreViewsIndexedFromZero() throws {
        let root = try #require(XMLParser.parse(Self.source).root)
        let inLine = try #require(root.child("Ad")?.child("InLine"))
        let children = inLine.children
        #expect(children.startIndex == 0 && children.endIndex == 3)
        #expect(children.map(\.name) == ["Impression", "Impression", "AdTitle"])
        #expect((0 ..< children.count).map(children.name(at:)) == ["Impression", "Impression", "AdTitle"])
        #expect(children[1].path == "/VAST/Ad[1]/InLine/Impression[2]")
        #expect(children[1].text == "https://t.example/2")
        #expect(inLine.children("Impression").map { $0.attribute("id") } == ["i1", "i2"])

        // The second element's attributes start past the first one's in the shared table, yet index from 0.
        let ad = try #require(root.child("Ad"))
        let attributes = ad.attributes
        #expect(attributes.startIndex == 0 && attributes.count == 2)
        #expect(attributes[0].name == "id" && attributes[0].value == "a1")
        #expect(attributes[1].name == "sequence" && attributes[1].value == "1")
        let impression = children[0].attributes
        #expect(impression.count == 1 && impression[0].value == "i1")
        #expect(impression.withUnsafeBufferPointer { Array($0) } == [XMLAttribute(name: "id", value: "i1")])
        #expect(children[2].attributes.isEmpty && children[2].children.isEmpty)
    }

    /// The element's own counts and indexed reads give what its views give, for parsed and hand-built elements.
    @Test func indexedReadsThroughTheElementMatchTheViews() throws {
        let root = try #require(XMLParser.parse(Self.source).root)
        let built = XMLElement(name: "Ad", attributes: [XMLAttribute(name: "id", value: "b"), XMLAttribute(name: "x", value: "y")],
                               children: [XMLElement(name: "InLine"), XMLElement(name: "Extensions")])
        var elements: [XMLElement] = [built]
        root.forEachDescendant { elements.append($0) }
        #expect(elements.count == 7)
        for element in elements {
            #expect(element.attributeCount == element.attributes.count)
            #expect((0 ..< element.attributeCount).map { element[attribute: $0] } == Array(element.attributes))
            #expect(element.childCount == element.children.count)
            #expect((0 ..< element.childCount).map(element.childName(at:)) == element.children.map(\.name))
            #expect((0 ..< element.childCount).map(element.child(at:)) == Array(element.children))
        }
        let ad = try #require(root.child("Ad"))
        #expect(ad[attribute: 1].value == "1" && ad.child(at: 0).childName(at: 2) == "AdTitle")
        #expect(built.childName(at: 1) == "Extensions" && built[attribute: 0].value == "b")
    }

    /// An element keeps its document's tables alive: reading it after every other reference is gone.
    @Test func anElementOutlivesItsRoot() throws {
        func lastImpression() -> XMLElement? {
            XMLParser.parse(Self.source).root?.child("Ad")?.child("InLine")?.children("Impression").last
        }
        let impression = try #require(lastImpression())
        #expect(impression.text == "https://t.example/2")
        #expect(impression.path == "/VAST/Ad[1]/InLine/Impression[2]")
        #expect(impression.attribute("id") == "i2")
        #expect(impression.cdataSections == 1 && !impression.hasTextOutsideCDATA)
    }

    /// An element built by hand, from copies of parsed children, equals the parsed element, hashes alike
    /// and encodes alike.
    @Test func anElementBuiltByHandEqualsTheParsedOne() throws {
        let parsed = try #require(XMLParser.parse(Self.source).root?.child("Ad"))
        let inLine = try #require(parsed.child("InLine"))
        let rebuilt = XMLElement(
            name: "Ad", attributes: Array(parsed.attributes),
            children: [XMLElement(name: "InLine", children: Array(inLine.children), position: inLine.position, path: inLine.path)],
            position: parsed.position, path: parsed.path)
        #expect(rebuilt == parsed)
        #expect(rebuilt.hashValue == parsed.hashValue)
        #expect(rebuilt.child("InLine")?.children[1].text == "https://t.example/2")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(rebuilt) == encoder.encode(parsed))
        // And a change anywhere in the copy is seen.
        let other = XMLElement(name: "Ad", attributes: Array(parsed.attributes), children: [XMLElement(name: "InLine")],
                               position: parsed.position, path: parsed.path)
        #expect(other != parsed)
    }

    /// A parsed element's path has a step per ancestor: `/`, the prefix and `:` if any, the local name, and
    /// `[n]` (n among same-named siblings) for names that paths index. Checked against paths written out by
    /// a walk from the root, on prefixes, ordinals past 9, mixed siblings and a deep chain.
    @Test func parsedPathsMatchAWalkFromTheRoot() throws {
        var source = #"<v:VAST xmlns:v="urn:x" version="4.2"><Ad><InLine>"#
        for i in 1 ... 12 { source += "<Impression>i\(i)</Impression><v:Error>e\(i)</v:Error>" }
        source += "<Creatives><Creative><Linear><TrackingEvents>"
        for i in 1 ... 3 { source += "<Tracking event=\"start\">t\(i)</Tracking>" }
        source += "</TrackingEvents></Linear></Creative><Creative/></Creatives>"
        source += String(repeating: "<Extensions>", count: 40) + String(repeating: "</Extensions>", count: 40)
        source += "</InLine></Ad><Ad/></v:VAST>"
        let root = try #require(XMLParser.parse(source).root)

        var expected: [String] = [], actual: [String] = []
        func walk(_ element: XMLElement, _ path: String) {
            expected.append(path)
            actual.append(element.path)
            var seen: [String: Int] = [:]
            for child in element.children {
                seen[child.name, default: 0] += 1
                let step = (child.prefix.map { $0 + ":" } ?? "") + child.name
                let index = XMLElement.isRepeatable(child.name) ? "[\(seen[child.name]!)]" : ""
                walk(child, path + "/" + step + index)
            }
        }
        walk(root, "/v:VAST")
        #expect(actual == expected)
        #expect(expected.contains("/v:VAST/Ad[1]/InLine/v:Error[12]"))
        #expect(expected.contains("/v:VAST/Ad[1]/InLine/Impression[10]"))
        #expect(expected.contains("/v:VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/TrackingEvents/Tracking[3]"))
        #expect(expected.contains("/v:VAST/Ad[2]"))
        #expect(expected.contains { $0.hasSuffix(String(repeating: "/Extensions", count: 40)) })
    }
}
