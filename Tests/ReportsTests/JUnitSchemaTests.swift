import Foundation
import Testing
import XMLCore
@testable import Reports

/// junit.xml against an XML Schema of the JUnit format as CI systems read it (the structure of the
/// schema used by Jenkins' JUnit and xUnit plugins: testsuites › testsuite › testcase › failure/error).
@Suite("JUnit schema")
struct JUnitSchemaTests {
    static let schema = Data(#"""
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
          <xs:complexType name="result">
            <xs:simpleContent>
              <xs:extension base="xs:string">
                <xs:attribute name="message" type="xs:string"/>
                <xs:attribute name="type" type="xs:string"/>
              </xs:extension>
            </xs:simpleContent>
          </xs:complexType>
          <xs:element name="testcase">
            <xs:complexType>
              <xs:choice minOccurs="0" maxOccurs="unbounded">
                <xs:element name="skipped" type="result"/>
                <xs:element name="error" type="result"/>
                <xs:element name="failure" type="result"/>
                <xs:element name="system-out" type="xs:string"/>
                <xs:element name="system-err" type="xs:string"/>
              </xs:choice>
              <xs:attribute name="name" type="xs:string" use="required"/>
              <xs:attribute name="classname" type="xs:string" use="required"/>
              <xs:attribute name="time" type="xs:decimal"/>
              <xs:attribute name="file" type="xs:string"/>
              <xs:attribute name="line" type="xs:nonNegativeInteger"/>
              <xs:attribute name="assertions" type="xs:nonNegativeInteger"/>
              <xs:attribute name="status" type="xs:string"/>
            </xs:complexType>
          </xs:element>
          <xs:element name="testsuite">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="properties" minOccurs="0">
                  <xs:complexType>
                    <xs:sequence>
                      <xs:element name="property" minOccurs="0" maxOccurs="unbounded">
                        <xs:complexType>
                          <xs:attribute name="name" type="xs:string" use="required"/>
                          <xs:attribute name="value" type="xs:string" use="required"/>
                        </xs:complexType>
                      </xs:element>
                    </xs:sequence>
                  </xs:complexType>
                </xs:element>
                <xs:element ref="testcase" minOccurs="0" maxOccurs="unbounded"/>
                <xs:element name="system-out" type="xs:string" minOccurs="0"/>
                <xs:element name="system-err" type="xs:string" minOccurs="0"/>
              </xs:sequence>
              <xs:attribute name="name" type="xs:string" use="required"/>
              <xs:attribute name="tests" type="xs:nonNegativeInteger" use="required"/>
              <xs:attribute name="failures" type="xs:nonNegativeInteger"/>
              <xs:attribute name="errors" type="xs:nonNegativeInteger"/>
              <xs:attribute name="skipped" type="xs:nonNegativeInteger"/>
              <xs:attribute name="disabled" type="xs:nonNegativeInteger"/>
              <xs:attribute name="time" type="xs:decimal"/>
              <xs:attribute name="timestamp" type="xs:string"/>
              <xs:attribute name="hostname" type="xs:string"/>
              <xs:attribute name="id" type="xs:string"/>
              <xs:attribute name="package" type="xs:string"/>
            </xs:complexType>
          </xs:element>
          <xs:element name="testsuites">
            <xs:complexType>
              <xs:sequence>
                <xs:element ref="testsuite" minOccurs="0" maxOccurs="unbounded"/>
              </xs:sequence>
              <xs:attribute name="name" type="xs:string"/>
              <xs:attribute name="tests" type="xs:nonNegativeInteger"/>
              <xs:attribute name="failures" type="xs:nonNegativeInteger"/>
              <xs:attribute name="errors" type="xs:nonNegativeInteger"/>
              <xs:attribute name="disabled" type="xs:nonNegativeInteger"/>
              <xs:attribute name="time" type="xs:decimal"/>
            </xs:complexType>
          </xs:element>
        </xs:schema>
        """#.utf8)

    @Test func fixtureValidates() throws {
        let text = try JUnitReporter().render(Fixture.results, rules: [])
        let messages = XMLParser.validate(Data(text.utf8), schema: Self.schema, targetNamespace: nil)
        #expect(messages.isEmpty, "\(messages)")
    }

    @Test func largeRunValidates() throws {
        let text = try JUnitReporter().render(Fixture.large(count: 2_000), rules: [])
        let messages = XMLParser.validate(Data(text.utf8), schema: Self.schema, targetNamespace: nil)
        #expect(messages.isEmpty, "\(messages.prefix(3))")
    }

    @Test func schemaRejectsWhatCIWouldReject() {
        let broken = "<testsuites><testsuite name=\"a\" tests=\"1\"><testcase name=\"x\"/></testsuite></testsuites>"
        let messages = XMLParser.validate(Data(broken.utf8), schema: Self.schema, targetNamespace: nil)
        #expect(!messages.isEmpty, "a testcase without classname must not validate")
    }
}
