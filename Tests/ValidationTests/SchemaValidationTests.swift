import ConformCore
import Foundation
import Testing
import VAST
import XMLCore
@testable import Validation

/// `--xsd`: validation against a user-supplied XML Schema, including the IAB 4.x namespace case.
@Suite struct SchemaValidationTests {
    /// A small VAST-shaped schema in the style of the IAB 4.x XSDs: a target namespace and qualified
    /// elements. InLine takes an optional AdSystem only; Ad@id is an integer; VAST@version is required.
    static func schema(targetNamespace: String?) -> Data {
        let namespace = targetNamespace.map { "targetNamespace=\"\($0)\" xmlns=\"\($0)\" elementFormDefault=\"qualified\"" } ?? ""
        return Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" \(namespace)>
              <xs:element name="VAST">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="Ad" minOccurs="0" maxOccurs="unbounded">
                      <xs:complexType>
                        <xs:choice>
                          <xs:element name="InLine">
                            <xs:complexType>
                              <xs:sequence><xs:element name="AdSystem" type="xs:string" minOccurs="0"/></xs:sequence>
                            </xs:complexType>
                          </xs:element>
                        </xs:choice>
                        <xs:attribute name="id" type="xs:integer"/>
                      </xs:complexType>
                    </xs:element>
                  </xs:sequence>
                  <xs:attribute name="version" type="xs:string" use="required"/>
                </xs:complexType>
              </xs:element>
            </xs:schema>
            """.utf8)
    }

    static let iabNamespace = "http://www.iab.com/VAST"

    func check(_ text: String, schema: Data) throws -> [Diagnostic] {
        let data = Data(text.utf8)
        return try SchemaValidation.validate(data, input: VASTDecoder.decode(data), schema: schema)
    }

    @Test func descriptionExamplesHoldAgainstANamespacedSchema() throws {
        let schema = Self.schema(targetNamespace: Self.iabNamespace)
        let description = SchemaValidation.description
        for example in description.validExamples {
            #expect(try check(example.cleanText, schema: schema).isEmpty, "valid example at line \(example.sourceLine)")
        }
        for example in description.invalidExamples {
            let findings = try check(example.cleanText, schema: schema)
            #expect(findings.compactMap(\.position) == example.markerPositions, "\(findings)")
            #expect(findings.allSatisfy { $0.ruleID == "XSD-schema-violation" && $0.severity == .error })
        }
    }

    @Test func unNamespacedTagsAreMovedIntoTheTargetNamespace() throws {
        let schema = Self.schema(targetNamespace: Self.iabNamespace)
        #expect(SchemaValidation.targetNamespace(ofSchema: schema) == Self.iabNamespace)
        let tag = "<VAST version=\"4.2\"><Ad id=\"1\"><InLine/></Ad></VAST>"
        // Validated naively, the un-namespaced root matches no declaration of the schema.
        let naive = XMLParser.validate(Data(tag.utf8), schema: schema, targetNamespace: nil)
        #expect(!naive.isEmpty)
        #expect(try check(tag, schema: schema).isEmpty)
        // A tag that already declares the namespace is validated as written.
        #expect(try check("<VAST xmlns=\"\(Self.iabNamespace)\" version=\"4.2\"><Ad><InLine/></Ad></VAST>", schema: schema).isEmpty)
    }

    @Test func violationsArePositionedAndReadable() throws {
        let schema = Self.schema(targetNamespace: Self.iabNamespace)
        let tag = "<VAST>\n  <Ad id=\"one\">\n    <InLine><AdSystem>x</AdSystem></InLine>\n  </Ad>\n</VAST>"
        let findings = try check(tag, schema: schema)
        #expect(findings.map(\.position) == [SourcePosition(line: 1, column: 1), SourcePosition(line: 2, column: 3)])
        #expect(findings.map(\.path) == ["/VAST", "/VAST/Ad[1]"])
        #expect(findings.allSatisfy { !$0.message.contains("{\(Self.iabNamespace)}") && $0.message.hasPrefix("XSD: ") })
        #expect(findings[1].message.contains("'one'"))
    }

    @Test func schemaWithoutNamespace() throws {
        let schema = Self.schema(targetNamespace: nil)
        #expect(SchemaValidation.targetNamespace(ofSchema: schema) == nil)
        #expect(try check("<VAST version=\"2.0\"><Ad><InLine/></Ad></VAST>", schema: schema).isEmpty)
        let findings = try check("<VAST version=\"2.0\"><Ad><Wrapper/></Ad></VAST>", schema: schema)
        #expect(findings.map(\.path) == ["/VAST/Ad[1]/Wrapper"])
    }

    @Test func malformedDocumentsAreLeftToTheParseRules() throws {
        #expect(try check("<VAST version=\"4.2\"><Ad></VAST>", schema: Self.schema(targetNamespace: nil)).isEmpty)
    }

    @Test func unusableSchemasThrow() {
        #expect(throws: SchemaError.self) { try check("<VAST/>", schema: Data("<xs:schema".utf8)) }
        #expect(throws: SchemaError.self) { try check("<VAST/>", schema: Data("<VAST/>".utf8)) }
        let broken = Data("<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element name=\"VAST\" type=\"NoSuchType\"/></xs:schema>".utf8)
        #expect(throws: SchemaError.self) { try check("<VAST/>", schema: broken) }
    }

    @Test func theRuleIsDocumented() {
        #expect(AllRules.description(for: "XSD-schema-violation") != nil)
    }
}
