import ConformCore
import Foundation
import VAST
import XMLCore

/// Why a user-supplied XML Schema could not be used.
public enum SchemaError: Error, Equatable, CustomStringConvertible {
    /// The schema is not well-formed XML or not an XML Schema document.
    case notASchema(String)
    /// libxml2's schema compiler rejected it; the messages say why.
    case invalidSchema([String])

    public var description: String {
        switch self {
        case .notASchema(let why): "the schema cannot be used: \(why)"
        case .invalidSchema(let messages):
            "the schema cannot be compiled: " + messages.prefix(3).joined(separator: "; ") + (messages.count > 3 ? " (and \(messages.count - 3) more)" : "")
        }
    }
}

/// Validation of a tag against a user-supplied XML Schema (typically an IAB VAST XSD), with
/// libxml2's schema validator. Findings become diagnostics of the single rule `XSD-schema-violation`,
/// positioned at the start tag of the element libxml2 names.
///
/// The IAB 4.x XSDs declare `targetNamespace="http://www.iab.com/VAST"` with qualified elements,
/// while real tags are un-namespaced; validated naively, every tag fails at its root. When the
/// document's root has no namespace and the schema has a target namespace, the document's
/// un-namespaced elements are moved into that namespace for validation (the tag itself is not changed).
public enum SchemaValidation {
    public static let ruleID = "XSD-schema-violation"

    /// The description of `XSD-schema-violation`. Its examples assume a VAST 4.x XSD (AdSystem first in
    /// InLine, a required VAST@version, no unknown attributes); the test suite runs them against a small
    /// schema written for the test.
    public static let description = RuleDescription(
        id: ruleID,
        name: "XML Schema validation",
        summary: "the document must be valid against the XML Schema given with --xsd",
        rationale: "The IAB publishes an XSD for most VAST versions, and some players and ad servers validate against it (error 101 when it fails). conform's rules encode the schemas by hand and add what an XSD cannot say, but a team that must pass a specific XSD can check it directly: conform runs libxml2's validator with the given file and reports each violation with line and column. The IAB 4.x XSDs put VAST in the http://www.iab.com/VAST namespace while tags are un-namespaced; conform reads the schema's targetNamespace and validates un-namespaced tags as if they were in it, so only real violations are reported. Runs only when a schema is given.",
        fix: "Change the element or attribute libxml2 names so it matches the schema: order of children, required elements and attributes, enumerated values.",
        severity: .error,
        versions: nil,
        specReferences: [
            SpecReference(document: .vast43, section: "2.3.2", quote: "It must also pass a schema check against the VAST 4.x XML Schema Definition (XSD) that is distributed in conjunction with this document."),
            SpecReference(document: .vast43, section: "2.3.6", quote: "101 VAST schema validation error."),
        ],
        validExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>"),
        ],
        invalidExamples: [
            RuleExample("<VAST version=\"4.2\"><Ad><InLine>↓<AdTitle>t</AdTitle></InLine></Ad></VAST>"),
            RuleExample("↓<VAST>\n  ↓<Ad adid=\"first\"><InLine/></Ad>\n</VAST>"),
        ],
        schemaBasis: .outsideVASTSchemas("the rule reports what the XSD given with --xsd rejects, message for message; that schema is its basis, whichever it is."))

    /// The `targetNamespace` of a schema document, if it declares one.
    public static func targetNamespace(ofSchema schema: Data) -> String? {
        let document = XMLParser.parse(schema)
        guard let value = document.root?.attribute("targetNamespace"), !value.isEmpty else { return nil }
        return value
    }

    /// Validates `data` (the raw bytes of `input`) against `schema`. A document that is not
    /// well-formed is not validated: its parse findings already say what is wrong.
    ///
    /// - Returns: one diagnostic per schema violation, sorted, without a file name.
    /// - Throws: `SchemaError` when the schema is not a usable XML Schema.
    public static func validate(_ data: Data, input: DecodedInput, schema: Data) throws(SchemaError) -> [Diagnostic] {
        let schemaDocument = XMLParser.parse(schema)
        guard schemaDocument.isWellFormed, let schemaRoot = schemaDocument.root else {
            throw .notASchema("it is not well-formed XML")
        }
        guard schemaRoot.name == "schema" else {
            throw .notASchema("its root is <\(schemaRoot.qualifiedName)>, not <xs:schema>")
        }
        guard input.xml.isWellFormed, let root = input.xml.root else { return [] }
        let target = schemaRoot.attribute("targetNamespace").flatMap { $0.isEmpty ? nil : $0 }
        let namespace = root.namespaceURI == nil ? target : nil
        let messages = XMLParser.validate(data, schema: schema, targetNamespace: namespace)
        let compilerErrors = messages.filter { $0.domain == schemaParserDomain && $0.level != .warning }
        if !compilerErrors.isEmpty { throw .invalidSchema(compilerErrors.map(\.message)) }
        var elements = ElementIndex(root)
        var out: [Diagnostic] = []
        for message in messages where message.domain == schemaValidatorDomain {
            var position = message.position
            var path: String?
            if let line = message.position?.line, let name = elementName(in: message.message),
               let element = elements.next(named: name, onLine: line) {
                position = element.position
                path = element.path
            }
            out.append(description.diagnostic(readable(message.message, namespace: namespace), at: position, path: path))
        }
        return out.sorted()
    }

    /// libxml2's error domains for the schema compiler and the schema validator.
    static let schemaParserDomain = 16
    static let schemaValidatorDomain = 17

    /// `Element 'Bogus': ...` or `Element '{http://www.iab.com/VAST}Bogus': ...` → `Bogus`.
    static func elementName(in message: String) -> String? {
        guard message.hasPrefix("Element '"), let end = message.dropFirst(9).firstIndex(of: "'") else { return nil }
        var name = message[message.index(message.startIndex, offsetBy: 9)..<end]
        if let close = name.lastIndex(of: "}") { name = name[name.index(after: close)...] }
        if let colon = name.lastIndex(of: ":") { name = name[name.index(after: colon)...] }
        return String(name)
    }

    /// The message without the namespace conform moved the document into, which the tag never had.
    static func readable(_ message: String, namespace: String?) -> String {
        var text = message
        if let namespace { text = text.replacingOccurrences(of: "{\(namespace)}", with: "") }
        return "XSD: " + text
    }

    /// Elements by line, built once per document, to place each message at its element.
    struct ElementIndex {
        private var byLine: [Int: [XMLElement]] = [:]

        init(_ root: XMLElement) {
            var index: [Int: [XMLElement]] = [:]
            func add(_ element: XMLElement) {
                // One reference to the element's shared node: no copy of its subtree.
                index[element.position.line, default: []].append(element)
                for child in element.children { add(child) }
            }
            add(root)
            byLine = index
        }

        /// How many elements of each name on each line earlier messages have used.
        private var used: [String: Int] = [:]

        /// The next element with `name` on `line` in document order (libxml2 reports in document
        /// order, so several messages about same-named elements on one line land on successive ones).
        mutating func next(named name: String, onLine line: Int) -> XMLElement? {
            let candidates = byLine[line]?.filter { $0.name == name } ?? []
            guard !candidates.isEmpty else { return byLine[line]?.first }
            let key = "\(line) \(name)"
            let index = min(used[key, default: 0], candidates.count - 1)
            used[key] = index + 1
            return candidates[index]
        }
    }
}
